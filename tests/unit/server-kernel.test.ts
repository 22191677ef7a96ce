import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isUniqueViolation } from "../../server/db/unique-violation";

/**
 * The shared server kernel (issue 54): one implementation of each thing that domains import instead
 * of writing their own copy. Each check reads the server tree and names the files that wrote it again.
 */
function serverFiles(dir = "server"): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(file);
    return entry.name.endsWith(".ts") ? [file] : [];
  });
}

const files = serverFiles();
const filesMatching = (pattern: RegExp, except: string[] = []) => files.filter((file) => !except.includes(file) && pattern.test(fs.readFileSync(file, "utf8")));

describe("the shared server kernel", () => {
  it("reads the server tree", () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toContain(path.join("server", "db", "unique-violation.ts"));
  });

  it("names PostgreSQL's unique violation (23505) in one file only", () => {
    expect(filesMatching(/23505/, [path.join("server", "db", "unique-violation.ts")])).toEqual([]);
  });

  it("builds the not-found answer in one place (notFound in server/api/envelope.ts)", () => {
    expect(filesMatching(/new ApiError\(ApiCode\.notFound/, [path.join("server", "api", "envelope.ts")])).toEqual([]);
  });
});

describe("isUniqueViolation", () => {
  const pgError = { code: "23505", constraint: "blue_cars_own_plate", message: "duplicate key value violates unique constraint" };
  const pgliteError = { code: "23505", message: 'duplicate key value violates unique constraint "yellow_trucks_plate_day"' };

  it("knows a unique violation by its code", () => {
    expect(isUniqueViolation(pgError)).toBe(true);
    expect(isUniqueViolation({ code: "23503" })).toBe(false);
    expect(isUniqueViolation(new Error("boom"))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });

  it("names the constraint from pg's field or PGlite's message", () => {
    expect(isUniqueViolation(pgError, "blue_cars_own_plate")).toBe(true);
    expect(isUniqueViolation(pgError, "badges_mobile_idx")).toBe(false);
    expect(isUniqueViolation(pgliteError, "yellow_trucks_plate_day")).toBe(true);
    expect(isUniqueViolation(pgliteError, "blue_cars_own_plate")).toBe(false);
  });
});
