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
/** { username, businessName }: all exhibitors with the password Expo#2026. */
const users = [];
/** { username, boothNo, hall, type }: a booth for one of them (type 1 standard, 2 raw space). */
const booths = [];
const exhibitors = (names) => names.map((name) => ({ username: name, businessName: `E2E ${name}` }));
const boothsOf = (names, prefix, type) => names.map((name, i) => ({ username: name, boothNo: `${prefix}${String(i + 1).padStart(2, "0")}`, hall: type, type }));
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
// Both projects' copies have the business name without the project (captcha.spec.ts reads it).
const accounts = ["e2e-captcha", "e2e-password", "e2e-expire", "e2e-spare", "e2e-reset", ...profileAccounts].flatMap((name) =>
  ["js-on", "js-off"].map((project) => ({ username: `${name}-${project}`, businessName: `E2E ${name}` })),
);
users.push(...accounts);
// The service-order specs (orders-*.spec.ts, narrow-booking.spec.ts) take one exhibitor per test and project: ORDER_ACCOUNTS in fixtures.ts.
// Carts and orders are per booth, so each gets a booth of its own.
const orderAccounts = ["orders-cart", "orders-steps", "orders-contractor", "orders-narrow"].flatMap((kind) =>
  ["js-on", "js-off"].map((project) => `e2e-${kind}-${project}`),
);
users.push(...exhibitors(orderAccounts));
booths.push(...boothsOf(orderAccounts, "9E", "1"));
// The offline booking form specs (booking-forms.spec.ts, narrow-booking.spec.ts): one exhibitor with a booth per test and project (FORM_ACCOUNTS).
const formAccounts = ["forms-air", "forms-map", "forms-leakage", "forms-narrow"].flatMap((kind) =>
  ["js-on", "js-off"].map((project) => `e2e-${kind}-${project}`),
);
users.push(...exhibitors(formAccounts));
booths.push(...boothsOf(formAccounts, "9F", "1"));
// The badge spec (badges.spec.ts): one exhibitor with a standard booth per test and project (BADGE_ACCOUNTS).
const badgeAccounts = ["badges-flow", "badges-excel", "badges-review"].flatMap((kind) => ["js-on", "js-off"].map((project) => `e2e-${kind}-${project}`));
users.push(...exhibitors(badgeAccounts));
booths.push(...boothsOf(badgeAccounts, "9G", "1"));
// The booth construction spec (booth-construction.spec.ts): one exhibitor per test and project (CONSTRUCTION_ACCOUNTS),
// standard booths 9H01... and raw space 9J01....
const standardBuilders = ["build-std", "build-commit"].flatMap((kind) => ["js-on", "js-off"].map((project) => `e2e-${kind}-${project}`));
const rawBuilders = ["build-raw"].flatMap((kind) => ["js-on", "js-off"].map((project) => `e2e-${kind}-${project}`));
users.push(...exhibitors([...standardBuilders, ...rawBuilders]));
booths.push(...boothsOf(standardBuilders, "9H", "1"));
booths.push(...boothsOf(rawBuilders, "9J", "2"));
// The invoice spec (invoices.spec.ts): one exhibitor with a standard booth per test and project (INVOICE_ACCOUNTS), 9K01....
const invoiceAccounts = ["invoice-flow"].flatMap((kind) => ["js-on", "js-off"].map((project) => `e2e-${kind}-${project}`));
users.push(...exhibitors(invoiceAccounts));
booths.push(...boothsOf(invoiceAccounts, "9K", "1"));
// The transport spec (transport.spec.ts): one exhibitor with a raw-space booth per test and project (TRANSPORT_ACCOUNTS), 9L01....
const transportAccounts = ["transport-flow", "transport-lifting"].flatMap((kind) => ["js-on", "js-off"].map((project) => `e2e-${kind}-${project}`));
users.push(...exhibitors(transportAccounts));
booths.push(...boothsOf(transportAccounts, "9L", "2"));
// The vehicles spec (vehicles.spec.ts): one exhibitor with a standard booth per test and project (VEHICLE_ACCOUNTS), 9M01....
const vehicleAccounts = ["vehicles-truck", "vehicles-express"].flatMap((kind) => ["js-on", "js-off"].map((project) => `e2e-${kind}-${project}`));
users.push(...exhibitors(vehicleAccounts));
booths.push(...boothsOf(vehicleAccounts, "9M", "1"));
// The team spec (team.spec.ts): one exhibitor, the owner of a team, with a standard booth per test and project (TEAM_ACCOUNTS), 9N01....
const teamAccounts = ["team-flow"].flatMap((kind) => ["js-on", "js-off"].map((project) => `e2e-${kind}-${project}`));
users.push(...exhibitors(teamAccounts));
booths.push(...boothsOf(teamAccounts, "9N", "1"));
// The record history spec (record-history.spec.ts): one exhibitor with a standard booth per test and project (HISTORY_ACCOUNTS), 9P01....
const historyAccounts = ["history-order"].flatMap((kind) => ["js-on", "js-off"].map((project) => `e2e-${kind}-${project}`));
users.push(...exhibitors(historyAccounts));
booths.push(...boothsOf(historyAccounts, "9P", "1"));

// Several subjects in one run: an option given once holds for all, one given once per subject goes to each in order.
cli(
  "create-user",
  ...users.map((u) => u.username),
  "--password",
  "Expo#2026",
  "--role",
  "exhibitor",
  ...users.flatMap((u) => ["--business-name", u.businessName]),
);
cli("create-booth", ...booths.map((b) => b.username), ...booths.flatMap((b) => ["--booth", b.boothNo, "--hall", b.hall, "--type", b.type]));

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
