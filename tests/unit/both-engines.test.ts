import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { BOTH_ENGINES } from "../support/both-engines";

const apiFiles = fs.readdirSync("tests/api").filter((name) => name.endsWith(".test.ts"));
const source = (name: string) => fs.readFileSync(path.join("tests/api", name), "utf8");

// docs/decisions/064: an API file's engines are chosen in one place, test-api.ts backendsOf.
it("every API test file that runs per engine asks backendsOf which engines", () => {
  const perEngine = apiFiles.filter((name) => /describe\.each\(/.test(source(name)) && /\bbackend\b/.test(source(name)));
  expect(perEngine.length).toBeGreaterThan(50);
  const bypassing = perEngine.filter((name) => /describe\.each\(backends\)/.test(source(name)));
  expect(bypassing).toEqual([]);
});

it("each file listed to run on both engines is an API test file that asks backendsOf", () => {
  for (const name of BOTH_ENGINES) {
    expect(apiFiles, name).toContain(name);
    expect(source(name), name).toContain("describe.each(backendsOf(import.meta.url))");
  }
});

// A file with one server names no engine: startTestApi's default is PostgreSQL where one answers. The
// embedded engine by name only where it is the subject (both-engines.ts) or said why (a comment above).
it("a file names the embedded engine for its one server only where it says why", () => {
  const naming = apiFiles.filter((name) => !BOTH_ENGINES.has(name) && source(name).includes('startTestApi("pglite"'));
  expect(naming).toContain("fuzz.test.ts");
  for (const name of naming) {
    const lines = source(name).split("\n");
    lines.forEach((line, index) => {
      if (line.includes('startTestApi("pglite"')) expect(lines[index - 1]?.trim().startsWith("//"), `${name}:${index + 1}`).toBe(true);
    });
  }
});
