import path from "node:path";
import { defineConfig } from "vitest/config";
import { ISOLATED_FILES } from "./tests/support/isolated-files";

// Test-strength password hashes in the seeded base database and every test server (docs/configuration.md);
// set here so the global setup (main process) and the forked workers agree.
process.env.PASSWORD_HASHING ??= "fast";
// Video renders at the tests' priority (as the e2e server's): at the product's nice 15 a render starved
// behind the other test worker on two cores and passed vitest's 30 s limit in CI.
process.env.VIDEO_NICE ??= "0";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app") } },
  test: {
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
    // The tests of each file run in an order of their own (issue 54): a test that leans on rows an
    // earlier test left fails every run, not only on the day someone runs it alone. The seed is fixed,
    // so a run repeats exactly; `--sequence.seed=N` tries another order. Files keep the sequencer's
    // order (the slowest first).
    sequence: { shuffle: { files: false, tests: true }, seed: 54 },
    // The slowest files first, then the default reporter, whose summary lines end the output.
    reporters: ["./tests/support/slowest-files-reporter.ts", "default"],
    // Each worker imports the server once for all its files instead of once per file: importing it
    // cost 629 s of the suite's 3,000 worker seconds in CI (docs/decisions/062). Every file still
    // starts its own server and database, and tests/support/clock-setup.ts resets business time
    // before each file. A file that mocks a module with vi.mock needs a fresh module graph: it runs
    // in the isolated project.
    projects: [
      { extends: true, test: { name: "shared", isolate: false, include: ["tests/unit/**/*.test.ts", "tests/api/**/*.test.ts"], exclude: ISOLATED_FILES } },
      { extends: true, test: { name: "isolated", include: ISOLATED_FILES } },
    ],
  },
});
