import fs from "node:fs";
import { expect, it } from "vitest";
import { JS_ON_ONLY_SPECS } from "../e2e/js-on-only";

// docs/decisions/064: the JavaScript-off project runs every spec that types, picks or uploads something.
it("the specs left out without JavaScript fill, pick and upload nothing", () => {
  for (const file of JS_ON_ONLY_SPECS) {
    const source = fs.readFileSync(`tests/e2e/${file}`, "utf8");
    expect(source.match(/\.(fill|pressSequentially|type|selectOption|check|setInputFiles)\(/g) ?? [], file).toEqual([]);
  }
});
