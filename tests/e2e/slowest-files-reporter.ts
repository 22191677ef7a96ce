import fs from "node:fs";
import path from "node:path";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Prints the 10 slowest spec files (summed test time over both projects) after a run. Listed
 * before the list reporter, so Playwright's summary lines still come last. Every test's time, with its
 * project, goes to .cache/playwright-durations.json, to plan where the suite's time goes.
 */
export default class SlowestFilesReporter implements Reporter {
  private readonly byFile = new Map<string, number>();
  private readonly tests: { file: string; title: string; project: string; ms: number }[] = [];

  onTestEnd(test: TestCase, result: TestResult) {
    const file = path.relative(process.cwd(), test.location.file);
    this.byFile.set(file, (this.byFile.get(file) ?? 0) + result.duration);
    this.tests.push({ file, title: test.title, project: test.parent.project()?.name ?? "", ms: result.duration });
  }

  onEnd() {
    fs.mkdirSync(".cache", { recursive: true });
    fs.writeFileSync(".cache/playwright-durations.json", JSON.stringify(this.tests));
    const rows = [...this.byFile].sort((a, b) => b[1] - a[1]).slice(0, 10);
    if (!rows.length) return;
    console.log("\nSlowest 10 spec files (Playwright, test time summed over the JS on and off projects):");
    for (const [file, ms] of rows) console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}`);
  }

  printsToStdio() {
    return false;
  }
}
