// `npm test`: build, then vitest (unit, API, validation) and Playwright (Debian Chromium,
// JS on and off). Fills in TEST_DATABASE_URL when a local PostgreSQL answers.
import { execSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!fs.existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log(`${chromium} is missing: installing Debian's chromium (apt-get install -y chromium)…`);
    execSync("apt-get install -y chromium || (apt-get update && apt-get install -y chromium)", { stdio: "inherit", shell: "/bin/bash" });
  } else {
    console.error(`Chromium is missing at ${chromium} and this user is not root. Install it with: sudo apt-get install -y chromium`);
    process.exit(1);
  }
}

// Chinese text needs a Chinese font to take its real width (the 360 px layout test measures it).
if (!hasChineseFont()) {
  if (process.getuid?.() === 0) {
    console.log("No Chinese font: installing Debian's fonts-wqy-microhei (apt-get install -y fonts-wqy-microhei)…");
    execSync("apt-get install -y fonts-wqy-microhei || (apt-get update && apt-get install -y fonts-wqy-microhei)", { stdio: "inherit", shell: "/bin/bash" });
  } else {
    console.log("No Chinese font and this user is not root: the 360 px layout test will be skipped in Chinese (sudo apt-get install -y fonts-wqy-microhei).");
  }
}

function hasChineseFont() {
  return spawnSync("fc-list", [":lang=zh", "family"], { encoding: "utf8" }).stdout?.trim().length > 0;
}

function portOpen(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const env = { ...process.env };
if (!env.TEST_DATABASE_URL && (await portOpen("127.0.0.1", 5432))) {
  env.TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test";
}
if (!env.TEST_DATABASE_URL && env.REQUIRE_POSTGRES === "1") {
  console.error(
    "REQUIRE_POSTGRES=1 but no PostgreSQL answers at 127.0.0.1:5432 and TEST_DATABASE_URL is unset: the PostgreSQL half of the tests cannot be skipped here.",
  );
  process.exit(1);
}
console.log(
  env.TEST_DATABASE_URL
    ? `Database tests also run on PostgreSQL (${env.TEST_DATABASE_URL.replace(/:[^:@/]*@/, ":***@")}).`
    : "No PostgreSQL at 127.0.0.1:5432 and TEST_DATABASE_URL unset: the PostgreSQL database tests will be skipped.",
);

const run = (command, args) => spawnSync(command, args, { stdio: "inherit", env }).status ?? 1;
let failed = 0;
// CI has just built (.ci/run builds before the load suite): build again only when a source is newer.
if (!buildIsFresh()) {
  if (run("npm", ["run", "--silent", "build"]) !== 0) process.exit(1);
} else {
  console.log("The build is newer than every source file: not building again.");
}
// Vitest's failures are named again at the very end: CI shows the tail of the log, which is Playwright's.
const failuresFile = path.join(os.tmpdir(), `vitest-failures-${process.pid}.txt`);
env.VITEST_FAILURES_FILE = failuresFile;
const vitestStatus = run("npx", ["vitest", "run"]);
failed |= vitestStatus;
failed |= run("npx", ["playwright", "test"]);
if (vitestStatus !== 0) {
  const names = fs.existsSync(failuresFile) ? fs.readFileSync(failuresFile, "utf8").trim() : "";
  console.log(`\nvitest failed (exit ${vitestStatus})${names ? ":" : ", before naming a failed test (see its output above)"}`);
  if (names) for (const name of names.split("\n")) console.log(`  ✘ ${name}`);
}
fs.rmSync(failuresFile, { force: true });
process.exit(failed ? 1 : 0);

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...fs.readdirSync(entry).map((name) => newestMtime(`${entry}/${name}`)));
}

function buildIsFresh() {
  const outputs = ["build/index.js", "build/server/index.js", "public/build"];
  if (!outputs.every((o) => fs.existsSync(o))) return false;
  const built = Math.min(...outputs.map((o) => fs.statSync(o).mtimeMs));
  const sources = ["app", "server", "public/favicon.svg", "package-lock.json", "remix.config.js", "scripts/build-server.mjs"];
  return Math.max(...sources.map(newestMtime)) < built;
}
