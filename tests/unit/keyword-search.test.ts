import { describe, expect, it } from "vitest";
import { containsPattern } from "../../server/db/keyword-search";

describe("containsPattern", () => {
  it("matches the keyword anywhere", () => {
    expect(containsPattern("1A01")).toBe("%1A01%");
  });
  it("makes %, _ and \\ match themselves", () => {
    expect(containsPattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });
});
