// Starts the production build on a fresh embedded database with the demo data plus
// throwaway accounts, so tests that fail logins or change passwords stay apart.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";

fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
const cli = (...args) => execFileSync("node", ["build/server/cli.js", ...args], { stdio: "inherit", env: process.env });
// The demo, asked for explicitly: a plain server start seeds nothing (docs/decisions/054).
cli("seed");
// Every account and booth in one run of each command: a command run opens the embedded database, which
// costs seconds, and the hashes of one run are computed in parallel.
const users = [];
const booths = [];
// One copy per Playwright project (js-on, js-off): the two run at the same time.
// The exhibitor profile specs (exhibitor-*.spec.ts) take one account per test: PROFILE_ACCOUNTS in fixtures.ts.
const profileAccounts = [
  "profile-flow",
  "profile-expire",
  "profile-verify",
  "profile-rules-en",
  "profile-rules-zh",
  "profile-idor",
  "profile-translate",
  "profile-address",
].map((kind) => `e2e-${kind}`);
const accounts = ["e2e-captcha", "e2e-password", "e2e-expire", "e2e-spare", "e2e-reset", ...profileAccounts].flatMap((name) =>
  ["js-on", "js-off"].flatMap((project) => [`${name}-${project}`, "Expo#2026", "exhibitor", `E2E ${name}`]),
);
users.push(...accounts);
// The service-order specs (orders-*.spec.ts, narrow-booking.spec.ts) take one exhibitor per test and project: ORDER_ACCOUNTS in fixtures.ts.
// Carts and orders are per booth, so each gets a booth of its own.
const orderAccounts = ["orders-cart", "orders-steps", "orders-contractor", "orders-narrow"].flatMap((kind) =>
  ["js-on", "js-off"].map((project) => `e2e-${kind}-${project}`),
);
users.push(...orderAccounts.flatMap((name) => [name, "Expo#2026", "exhibitor", `E2E ${name}`]));
booths.push(...orderAccounts.flatMap((name, i) => [name, `9E${String(i + 1).padStart(2, "0")}`, "1", "1"]));
// The offline booking form specs (booking-forms.spec.ts, narrow-booking.spec.ts): one exhibitor with a booth per test and project (FORM_ACCOUNTS).
const formAccounts = ["forms-air", "forms-map", "forms-leakage", "forms-narrow"].flatMap((kind) =>
  ["js-on", "js-off"].map((project) => `e2e-${kind}-${project}`),
);
users.push(...formAccounts.flatMap((name) => [name, "Expo#2026", "exhibitor", `E2E ${name}`]));
booths.push(...formAccounts.flatMap((name, i) => [name, `9F${String(i + 1).padStart(2, "0")}`, "1", "1"]));
// The badge spec (badges.spec.ts): one exhibitor with a standard booth per test and project (BADGE_ACCOUNTS).
const badgeAccounts = ["badges-flow", "badges-excel", "badges-review"].flatMap((kind) => ["js-on", "js-off"].map((project) => `e2e-${kind}-${project}`));
users.push(...badgeAccounts.flatMap((name) => [name, "Expo#2026", "exhibitor", `E2E ${name}`]));
booths.push(...badgeAccounts.flatMap((name, i) => [name, `9G${String(i + 1).padStart(2, "0")}`, "1", "1"]));
// The booth construction spec (booth-construction.spec.ts): one exhibitor per test and project (CONSTRUCTION_ACCOUNTS),
// standard booths 9H01... and raw space 9J01....
const standardBuilders = ["build-std", "build-commit"].flatMap((kind) => ["js-on", "js-off"].map((project) => `e2e-${kind}-${project}`));
const rawBuilders = ["build-raw"].flatMap((kind) => ["js-on", "js-off"].map((project) => `e2e-${kind}-${project}`));
users.push(...[...standardBuilders, ...rawBuilders].flatMap((name) => [name, "Expo#2026", "exhibitor", `E2E ${name}`]));
booths.push(...standardBuilders.flatMap((name, i) => [name, `9H${String(i + 1).padStart(2, "0")}`, "1", "1"]));
booths.push(...rawBuilders.flatMap((name, i) => [name, `9J${String(i + 1).padStart(2, "0")}`, "2", "2"]));
// The invoice spec (invoices.spec.ts): one exhibitor with a standard booth per test and project (INVOICE_ACCOUNTS), 9K01....
const invoiceAccounts = ["invoice-flow"].flatMap((kind) => ["js-on", "js-off"].map((project) => `e2e-${kind}-${project}`));
users.push(...invoiceAccounts.flatMap((name) => [name, "Expo#2026", "exhibitor", `E2E ${name}`]));
booths.push(...invoiceAccounts.flatMap((name, i) => [name, `9K${String(i + 1).padStart(2, "0")}`, "1", "1"]));
// The transport spec (transport.spec.ts): one exhibitor with a raw-space booth per test and project (TRANSPORT_ACCOUNTS), 9L01....
const transportAccounts = ["transport-flow", "transport-lifting"].flatMap((kind) => ["js-on", "js-off"].map((project) => `e2e-${kind}-${project}`));
users.push(...transportAccounts.flatMap((name) => [name, "Expo#2026", "exhibitor", `E2E ${name}`]));
booths.push(...transportAccounts.flatMap((name, i) => [name, `9L${String(i + 1).padStart(2, "0")}`, "2", "2"]));
// The vehicles spec (vehicles.spec.ts): one exhibitor with a standard booth per test and project (VEHICLE_ACCOUNTS), 9M01....
const vehicleAccounts = ["vehicles-truck", "vehicles-express"].flatMap((kind) => ["js-on", "js-off"].map((project) => `e2e-${kind}-${project}`));
users.push(...vehicleAccounts.flatMap((name) => [name, "Expo#2026", "exhibitor", `E2E ${name}`]));
booths.push(...vehicleAccounts.flatMap((name, i) => [name, `9M${String(i + 1).padStart(2, "0")}`, "1", "1"]));

cli("create-user", ...users);
cli("create-booth", ...booths);

// A stand-in for the LibreTranslate service the portal calls (TRANSLATE_URL): answers "[en] <text>",
// so the translate buttons can be tested end to end without the internet.
const translator = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    const { q = "", source, target } = JSON.parse(body || "{}");
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ translatedText: `[${target}] ${q}`, detectedLanguage: { language: source } }));
  });
});
await new Promise((resolve) => translator.listen(0, "127.0.0.1", resolve));
const env = { ...process.env, TRANSLATE_URL: `http://127.0.0.1:${translator.address().port}` };

const server = spawn("node", ["build/server/index.js"], { stdio: "inherit", env });
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
