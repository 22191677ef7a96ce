import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints the 10 slowest test files after a run, so the suite's time stays visible as areas are
 * added. Listed before the default reporter, so the runner's summary lines still come last.
 * With VITEST_FAILURES_FILE set (scripts/test.mjs), it also writes the failed tests' names there,
 * each with its error's first line, so `npm test` can repeat them after Playwright's output, at the
 * end where CI's log tail shows them (a name alone did not say which assertion failed).
 * Every file's and test's time goes to .cache/vitest-durations.json, to plan where the suite's time goes.
 */
function writeDurations(testModules: ReadonlyArray<TestModule>) {
  const files = testModules.map((module) => ({
    file: path.relative(process.cwd(), module.moduleId),
    ms: Math.round(module.diagnostic().duration),
    tests: [...module.children.allTests()].map((test) => ({ name: test.fullName, ms: Math.round(test.diagnostic()?.duration ?? 0) })),
  }));
  fs.mkdirSync(".cache", { recursive: true });
  fs.writeFileSync(".cache/vitest-durations.json", JSON.stringify(files));
}

const firstLine = (errors: ReadonlyArray<{ message?: string }> | undefined) => {
  const line = errors?.[0]?.message?.split("\n")[0]?.trim();
  return line ? `: ${line.length > 300 ? `${line.slice(0, 300)}…` : line}` : "";
};

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const failuresFile = process.env.VITEST_FAILURES_FILE;
    if (failuresFile) {
      const failed: string[] = [];
      for (const module of testModules) {
        const file = path.relative(process.cwd(), module.moduleId);
        if (module.state() === "failed" && ![...module.children.allTests()].some((test) => test.result().state === "failed"))
          failed.push(`${file} (the file itself)${firstLine(module.errors())}`);
        for (const test of module.children.allTests()) {
          const result = test.result();
          if (result.state === "failed") failed.push(`${file} > ${test.fullName}${firstLine(result.errors)}`);
        }
      }
      fs.writeFileSync(failuresFile, failed.join("\n"));
    }
    writeDurations(testModules);
    const rows = testModules
      .map((module) => ({ file: path.relative(process.cwd(), module.moduleId), ms: module.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    if (!rows.length) return;
    console.log("\nSlowest 10 test files (vitest):");
    for (const row of rows) console.log(`  ${(row.ms / 1000).toFixed(1).padStart(6)} s  ${row.file}`);
  }
}
