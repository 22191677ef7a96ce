import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

/**
 * `Promise.all([requireOk(await a), requireOk(await b)])` runs the calls one after the other, and when
 * the first answer is refused its rejected promise waits, unhandled, while the second call is out:
 * Node 20 then ends the whole server process. Each element of a loader's Promise.all is a promise
 * made at once (`api.call(a).then(...)`), never something awaited inside the array.
 */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The top-level elements of each `Promise.all([...])` literal in `source`, with its line. */
function promiseAllElements(source: string) {
  const found: { line: number; elements: string[] }[] = [];
  for (const match of source.matchAll(/Promise\.all\(\[/g)) {
    const elements: string[] = [];
    let depth = 1;
    let current = "";
    for (let i = match.index + match[0].length; i < source.length && depth > 0; i++) {
      const ch = source[i]!;
      if ("([{".includes(ch)) depth++;
      if (")]}".includes(ch)) depth--;
      if (depth === 0 || (ch === "," && depth === 1)) {
        if (current.trim()) elements.push(current);
        current = "";
      } else current += ch;
    }
    found.push({ line: source.slice(0, match.index).split("\n").length, elements });
  }
  return found;
}

it("no Promise.all of the app or the server awaits inside its array (a refused first answer would end the process)", () => {
  const offenders = ["app", "server"]
    .flatMap(sourceFiles)
    .flatMap((file) =>
      promiseAllElements(fs.readFileSync(file, "utf8")).flatMap(({ line, elements }) =>
        elements.some((element) => /\bawait\b/.test(element) && !/\basync\b/.test(element)) ? [`${file}:${line}`] : [],
      ),
    );
  expect(offenders).toEqual([]);
});

it("the check finds the pattern it is about", () => {
  const [found] = promiseAllElements("const [a, b] = await Promise.all([\n  requireOk(await api.call(x), r, c),\n  api.call(y).then(ok),\n]);");
  expect(found!.elements).toHaveLength(2);
  expect(/\bawait\b/.test(found!.elements[0]!)).toBe(true);
});
