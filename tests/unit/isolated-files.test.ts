import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { ISOLATED_FILES } from "../support/isolated-files";

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith(".test.ts") ? [file] : [];
  });
}

// With a shared module graph (docs/decisions/062) a vi.mock applies only when its module was not
// imported before in the worker: a file that mocks must run in the isolated project.
it("every test file that uses vi.mock runs in the isolated project, and only those", () => {
  const mocking = [...testFiles("tests/unit"), ...testFiles("tests/api")].filter((file) => /\bvi\.(do)?mock\(/.test(fs.readFileSync(file, "utf8")));
  expect(mocking.length).toBeGreaterThan(0);
  expect(mocking.sort()).toEqual([...ISOLATED_FILES].sort());
});
