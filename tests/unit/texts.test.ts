import { afterEach, describe, expect, it, vi } from "vitest";
import { registerTexts, translateText } from "../../app/contracts/i18n/text-registry";

/** The portal's translator (docs/decisions/022): what i18next did for the pages, and the missing-text alarm. */
registerTexts("sample", { greeting: "你好，{{name}}", clauses: ["一", "二"] }, { greeting: "Hello, {{name}}", clauses: ["one", "two"] });
registerTexts("sample.part", { only: "部分" }, { only: "part" });

describe("translateText", () => {
  afterEach(() => {
    vi.restoreAllMocks();
    delete (globalThis as { document?: unknown }).document;
  });

  it("looks keys up per language and fills {{values}}, an absent value with nothing", () => {
    expect(translateText("en", "sample.greeting", { name: "Li" })).toBe("Hello, Li");
    expect(translateText("zh", "sample.greeting", { name: "李" })).toBe("你好，李");
    expect(translateText("en", "sample.greeting")).toBe("Hello, ");
  });

  it("keeps a group's registered parts together (a page's part under its area's group)", () => {
    expect(translateText("en", "sample.part.only")).toBe("part");
    expect(translateText("en", "sample.greeting", { name: "A" })).toBe("Hello, A");
  });

  it("gives lists with returnObjects, the defaultValue for a missing key, else the key", () => {
    expect(translateText("zh", "sample.clauses", { returnObjects: true })).toEqual(["一", "二"]);
    expect(translateText("en", "sample.nothing", { defaultValue: "fallback" })).toBe("fallback");
    expect(translateText("en", "sample.nothing")).toBe("sample.nothing");
  });

  it("in the browser, reports a missing key once, and never a sentence the server already translated", () => {
    (globalThis as { document?: unknown }).document = {};
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(translateText("en", "badges.notRegisteredHere")).toBe("badges.notRegisteredHere");
    translateText("en", "badges.notRegisteredHere");
    expect(error).toHaveBeenCalledTimes(1);
    expect(translateText("en", "Please wait 57 seconds before requesting another code")).toBe("Please wait 57 seconds before requesting another code");
    expect(translateText("zh", "请输入用户名")).toBe("请输入用户名");
    expect(error).toHaveBeenCalledTimes(1);
  });
});
