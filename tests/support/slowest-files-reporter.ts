import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Prints the 10 slowest test files after a run, so the suite's time stays visible as areas are
 * added. Listed before the default reporter, so the runner's summary lines still come last.
 */
export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const rows = testModules
      .map((module) => ({ file: path.relative(process.cwd(), module.moduleId), ms: module.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    if (!rows.length) return;
    console.log("\nSlowest 10 test files (vitest):");
    for (const row of rows) console.log(`  ${(row.ms / 1000).toFixed(1).padStart(6)} s  ${row.file}`);
  }
}
