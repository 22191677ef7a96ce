import path from "node:path";
import { defineConfig } from "vitest/config";

// Test-strength password hashes in the seeded base database and every test server (docs/configuration.md);
// set here so the global setup (main process) and the forked workers agree.
process.env.PASSWORD_HASHING ??= "fast";
// Video renders at the tests' priority (as the e2e server's): at the product's nice 15 a render starved
// behind the other test worker on two cores and passed vitest's 30 s limit in CI.
process.env.VIDEO_NICE ??= "0";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/fail-on-console-error.ts", "tests/support/clock-setup.ts"],
    // Hang guards, never budgets: CI is a busy 2-core machine whose speed varies 2.5 times, where a
    // page flow that takes 5 s here took over 30 s (issue 54). A test waits for its condition; these
    // only end one that would never finish.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    pool: "forks",
    // Vitest's default leaves one core idle (cores - 1); the test files mostly wait on the database and HTTP.
    maxWorkers: 2,
    // The slowest files first, then the default reporter, whose summary lines end the output.
    reporters: ["./tests/support/slowest-files-reporter.ts", "default"],
  },
});
