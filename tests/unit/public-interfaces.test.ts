import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Only public framework interfaces (docs/decisions/059): nothing in server/ or app/ compiles a
 * package's file again, reads a package's source to patch it, or sets a private field of Node's
 * request or response. Each of these worked once and could break silently on a patch release.
 */
const PRIVATE_REACH = [
  { what: "compiles a module by hand (Module._compile)", pattern: /\._compile\s*\(/ },
  { what: "reads Node's module paths (Module._nodeModulePaths)", pattern: /_nodeModulePaths/ },
  {
    what: "sets or reads a private field of Node's HTTP objects (_header, _headerSent, _storeHeader)",
    pattern: /\b_(header|headerSent|storeHeader|implicitHeader)\b/,
  },
  { what: "reads a package's source file to change it", pattern: /readFileSync\(\s*require\.resolve\(/ },
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [file] : [];
  });
}

describe("only public framework interfaces", () => {
  const files = [...sourceFiles("server"), ...sourceFiles("app")];

  it("finds the sources it checks", () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain(path.join("server", "api", "in-process.ts"));
  });

  for (const { what, pattern } of PRIVATE_REACH) {
    it(`no file ${what}`, () => {
      const offenders = files.filter((file) => pattern.test(fs.readFileSync(file, "utf8")));
      expect(offenders).toEqual([]);
    });
  }

  it("the check would see a reach into a private field", () => {
    expect(PRIVATE_REACH.some(({ pattern }) => pattern.test("(res as never)._header = 'x'"))).toBe(true);
    expect(PRIVATE_REACH.some(({ pattern }) => pattern.test("copy._compile(source, file)"))).toBe(true);
  });
});
