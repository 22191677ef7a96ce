// `npm run test:moved-date`: proves that no test depends on the day it runs (docs/decisions/010).
// Runs tests with the machine's date moved by libfaketime (Debian package faketime) to 60 days after
// the test demo's opening and to one year after that; the clock keeps ticking from there.
//   default   the date-sensitive vitest files and end-to-end specs at both dates (about 12 minutes)
//   --ci      the date-sensitive vitest files and two e2e specs at the first date (about 4 minutes; .ci/run)
//   --full    the whole `npm test` at each date (about twice the time of npm test)
// PostgreSQL is a separate server and keeps the real date, which the tests must also survive.
import { execSync, spawnSync } from "node:child_process";
import fs from "node:fs";

const full = process.argv.includes("--full");
const ciOnly = process.argv.includes("--ci");

if (!commandExists("faketime")) {
  if (process.getuid?.() === 0) {
    console.log("faketime is missing: installing Debian's faketime (apt-get install -y faketime)…");
    execSync("apt-get install -y faketime || (apt-get update && apt-get install -y faketime)", { stdio: "inherit", shell: "/bin/bash" });
  } else {
    console.error("libfaketime is missing and this user is not root. Install it with: sudo apt-get install -y faketime");
    process.exit(1);
  }
}

// The demo the tests seed opens 15 days after TEST_NOW (server/seed/demo-calendar.ts).
const testNow = /export const TEST_NOW = "([^"]+)"/.exec(fs.readFileSync("tests/support/test-clock.ts", "utf8"))?.[1];
if (!testNow) throw new Error("TEST_NOW not found in tests/support/test-clock.ts");
const DAY = 24 * 60 * 60 * 1000;
const opening = new Date(Date.parse(testNow) + 15 * DAY);
const moved = new Date(opening.getTime() + 60 * DAY);
const yearLater = new Date(moved);
yearLater.setUTCFullYear(moved.getUTCFullYear() + 1);
const dates = (ciOnly ? [moved] : [moved, yearLater]).map((d) => d.toISOString().slice(0, 10));

const QUICK_VITEST = [
  "tests/unit/demo-calendar.test.ts",
  "tests/api/demo-dates.test.ts",
  "tests/api/home.test.ts",
  "tests/api/orders.test.ts",
  "tests/api/home-schedule.test.ts",
  "tests/api/permission.test.ts",
  "tests/api/booking-forms.test.ts",
  "tests/api/envelope-and-login.test.ts",
  "tests/api/throttle.test.ts",
  "tests/api/verification.test.ts",
  "tests/api/exhibitor.test.ts",
];
const QUICK_E2E = ["tests/e2e/orders-booking.spec.ts", "tests/e2e/buttons.spec.ts", "tests/e2e/booking-forms.spec.ts", "tests/e2e/login.spec.ts"];
// CI keeps to the pages whose dates the server computes (prices and labels, button windows): .ci/run stays under 25 minutes.
const CI_E2E = ["tests/e2e/orders-booking.spec.ts", "tests/e2e/buttons.spec.ts"];

let failed = 0;
for (const day of dates) {
  // "@…" starts the fake clock at that moment and lets it run; child processes (Node, Chromium) inherit it.
  const faketime = ["-f", `@${day} 10:00:00`];
  console.log(`\n=== Tests with the machine's date moved to ${day} (libfaketime; ${full ? "npm test" : "date-sensitive tests"}) ===`);
  const run = (args) => spawnSync("faketime", [...faketime, ...args], { stdio: "inherit", env: process.env }).status ?? 1;
  if (full) {
    failed |= run(["npm", "test"]);
  } else {
    failed |= run(["npx", "vitest", "run", ...QUICK_VITEST]);
    failed |= run(["npx", "playwright", "test", ...(ciOnly ? CI_E2E : QUICK_E2E)]);
  }
}
console.log(failed ? `\nmoved-date tests: FAILED at ${dates.join(" or ")}` : `\nmoved-date tests: passed at ${dates.join(" and ")}`);
process.exit(failed ? 1 : 0);

function commandExists(name) {
  return spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
}
