import { describe, expect, it } from "vitest";
import en from "../../app/contracts/i18n/locales/en";
import zh from "../../app/contracts/i18n/locales/zh";
import { languageFromAcceptLanguage } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";

function keys(node: object, prefix = ""): string[] {
  return Object.entries(node).flatMap(([k, v]) => (typeof v === "object" && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe("i18n resources", () => {
  it("have the same keys in zh and en, none empty", () => {
    expect(keys(zh).sort()).toEqual(keys(en).sort());
    for (const key of keys(en)) {
      expect(translate("en", key)).not.toBe("");
      expect(translate("zh", key)).not.toBe("");
    }
  });

  it("carry the spec's English texts verbatim", () => {
    expect(en.session.expired).toBe("User not logged in or session has expired, please log in again");
    expect(en.errors.insufficientPermissions).toBe("Insufficient permissions");
    expect(en.errors.network).toBe("Network exception, please try reconnecting");
    expect(en.errors.notFound).toBe("The page can't be found");
    expect(en.errors.noPermission).toBe("You don't have permission to access this page or use this feature");
    expect(en.password.success).toBe("modified successfully");
    expect(en.password.mismatch).toBe("the two new passwords do not match");
  });

  it("keep Chinese texts in Chinese", () => {
    for (const key of keys(zh).filter((k) => !k.startsWith("app.language"))) {
      expect(translate("zh", key), key).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("pick zh when Accept-Language mentions zh, otherwise en; zh when absent", () => {
    expect(languageFromAcceptLanguage("zh-CN,zh;q=0.9")).toBe("zh");
    expect(languageFromAcceptLanguage("en-US,en;q=0.9,zh-TW;q=0.1")).toBe("zh");
    expect(languageFromAcceptLanguage("en-GB")).toBe("en");
    expect(languageFromAcceptLanguage("fr")).toBe("en");
    expect(languageFromAcceptLanguage(null)).toBe("zh");
  });

  it("interpolates values", () => {
    expect(translate("en", "login.locked", { minutes: 7 })).toBe("Too many failed sign-in attempts. Please try again in 7 minutes.");
    expect(translate("en", "no.such.key")).toBe("no.such.key");
  });
});
