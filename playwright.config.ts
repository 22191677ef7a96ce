import { defineConfig } from "@playwright/test";
import { JS_OFF_ONLY, JS_ON_ONLY, JS_ON_ONLY_SPECS } from "./tests/e2e/js-on-only";
import { TEST_NOW } from "./tests/support/test-clock";

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? ".cache/e2e-data";

/** Debian's Chromium; Playwright's own browser downloads are impossible here. */
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // Flags to try against the suite's CPU (issue 54 tried --in-process-gpu and no site isolation: no gain).
  ...(process.env.E2E_CHROMIUM_ARGS ?? "").split(" ").filter(Boolean),
];

export default defineConfig({
  testDir: "tests/e2e",
  // Forms are checked on the server only (docs/decisions/021), so a flow is a round trip per refusal.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // The slowest files first, then the list reporter, whose summary lines end the output.
  reporter: [["./tests/e2e/slowest-files-reporter.ts"], ["list"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
    // Off by default: recording a trace (DOM snapshots and a screencast at every step) cost about 30 %
    // of the suite's CPU here (issue 19). A failure still leaves its screenshot and error-context.md;
    // E2E_TRACE=retain-on-failure npm test records traces again when a failure needs one.
    trace: (process.env.E2E_TRACE as "off" | "on" | "retain-on-failure" | undefined) ?? "off",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "js-on", use: { javaScriptEnabled: true }, grepInvert: new RegExp(JS_OFF_ONLY) },
    // Without JavaScript: every form flow, not the tests that only read server-rendered pages (./tests/e2e/js-on-only.ts).
    {
      name: "js-off",
      use: { javaScriptEnabled: false },
      testIgnore: JS_ON_ONLY_SPECS.map((file) => `**/${file}`),
      grepInvert: new RegExp(JS_ON_ONLY),
    },
  ],
  webServer: {
    command: `node tests/e2e/start-server.mjs`,
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      // "test", because production refuses TEST_CLOCK: business time starts at TEST_NOW, whatever the
      // machine's date, and the demo data is seeded at it (tests compute expected dates from it).
      NODE_ENV: "test",
      TEST_CLOCK: TEST_NOW,
      LOG_LEVEL: "warn",
      // Each test sends its own X-Forwarded-For, so per-IP limits do not leak between tests.
      TRUST_PROXY: "true",
      SESSION_SECRET: "e2e-session-secret-0123456789",
      // No reminder sweep in the e2e server: its mails would mix with the ones the tests read in the outbox.
      REMINDERS: "off",
      // No job queue either: an invitation batch is sent in the request, as the tests read it at once.
      JOBS: "off",
      // Renders at the pages' priority: at nice 15 a render starved behind Chromium and the suite on two cores.
      VIDEO_NICE: "0",
      // Test-strength password hashes: each sign-in costs milliseconds, not half a second of the server's CPU.
      PASSWORD_HASHING: "fast",
    },
  },
});
