import { describe, expect, it } from "vitest";
import { idCardCheckChar, isMainlandIdCard, isValidIdNumber, normalizeIdNumber } from "../../app/contracts/badges/id-documents";
import { badgeQuota, DEFAULT_QUOTA_RULE, freeBadges, kindsOfNext } from "../../app/contracts/badges/quota";

/** An 18-digit number with a correct check character, built from its first 17 digits. */
const withCheck = (first17: string) => `${first17}${idCardCheckChar(first17)}`;

describe("mainland ID numbers", () => {
  it("accepts the standard's example and numbers whose check character is right (X included)", () => {
    expect(isMainlandIdCard("11010519491231002X")).toBe(true);
    expect(isMainlandIdCard("11010519491231002x")).toBe(true);
    expect(isMainlandIdCard(withCheck("44030419900101123"))).toBe(true);
  });

  it("refuses a number off by one digit, or with the wrong check character", () => {
    const good = withCheck("44030419900101123");
    for (let i = 0; i < 17; i++) {
      const digit = Number(good[i]);
      const changed = `${good.slice(0, i)}${(digit + 1) % 10}${good.slice(i + 1)}`;
      // Changing one digit either breaks the birth date or the checksum: never still valid.
      expect(isMainlandIdCard(changed), changed).toBe(false);
    }
    expect(isMainlandIdCard("110105194912310021")).toBe(false);
  });

  it("refuses 19 digits, 17, letters, and birth dates that do not exist", () => {
    expect(isMainlandIdCard("1101051949123100211")).toBe(false);
    expect(isMainlandIdCard("11010519491231002")).toBe(false);
    expect(isMainlandIdCard("11010519491231A02X")).toBe(false);
    expect(isMainlandIdCard(withCheck("11010519490230002"))).toBe(false);
    expect(isMainlandIdCard(withCheck("11010518991231002"))).toBe(false);
  });

  it("accepts the old 15 digits with a real birth date", () => {
    expect(isMainlandIdCard("110105491231002")).toBe(true);
    expect(isMainlandIdCard("110105491331002")).toBe(false);
  });
});

describe("other documents", () => {
  it("checks passports and the Hong Kong/Macao and Taiwan permits by their format", () => {
    expect(isValidIdNumber("passport", "E12345678")).toBe(true);
    expect(isValidIdNumber("passport", "x1")).toBe(false);
    expect(isValidIdNumber("hkMacaoPermit", "H12345678")).toBe(true);
    expect(isValidIdNumber("hkMacaoPermit", "M1234567890")).toBe(true);
    expect(isValidIdNumber("hkMacaoPermit", "A12345678")).toBe(false);
    expect(isValidIdNumber("taiwanPermit", "12345678")).toBe(true);
    expect(isValidIdNumber("taiwanPermit", "1234567")).toBe(false);
    expect(normalizeIdNumber(" e12345678 ")).toBe("E12345678");
  });
});

describe("badge quota", () => {
  it("gives 2 free badges up to 9 m² and one more per further 9 m² or part of it", () => {
    expect(freeBadges(DEFAULT_QUOTA_RULE, 6)).toBe(2);
    expect(freeBadges(DEFAULT_QUOTA_RULE, 9)).toBe(2);
    expect(freeBadges(DEFAULT_QUOTA_RULE, 9.5)).toBe(3);
    expect(freeBadges(DEFAULT_QUOTA_RULE, 18)).toBe(3);
    expect(freeBadges(DEFAULT_QUOTA_RULE, 18.01)).toBe(4);
    expect(freeBadges(DEFAULT_QUOTA_RULE, 36)).toBe(5);
  });

  it("counts free, then paid, up to the maximum, at each boundary", () => {
    expect(badgeQuota(DEFAULT_QUOTA_RULE, 9, 0)).toEqual({ free: 2, paidMax: 10, applied: 0, freeLeft: 2, paidLeft: 10, remaining: 12 });
    expect(badgeQuota(DEFAULT_QUOTA_RULE, 9, 2)).toMatchObject({ freeLeft: 0, paidLeft: 10, remaining: 10 });
    expect(badgeQuota(DEFAULT_QUOTA_RULE, 9, 12)).toMatchObject({ freeLeft: 0, paidLeft: 0, remaining: 0 });
    expect(kindsOfNext(DEFAULT_QUOTA_RULE, 9, 1, 3)).toEqual(["free", "paid", "paid"]);
    expect(kindsOfNext(DEFAULT_QUOTA_RULE, 9, 11, 1)).toEqual(["paid"]);
    expect(kindsOfNext(DEFAULT_QUOTA_RULE, 9, 12, 1)).toBeNull();
    expect(kindsOfNext(DEFAULT_QUOTA_RULE, 9, 0, 13)).toBeNull();
  });
});
