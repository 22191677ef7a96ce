import { describe, expect, it } from "vitest";
import { creditCodeCheckChar, isValidCreditCode, normalizeCreditCode } from "../../app/contracts/invoices/credit-code";

describe("unified social credit code", () => {
  // Codes printed on real business licences (public registrations).
  const REAL = ["91350100M000100Y43", "914403001922038216"];

  it("accepts codes from real licences", () => {
    for (const code of REAL) expect(isValidCreditCode(code), code).toBe(true);
  });

  it("computes the check character over the first 17 (powers of 3 mod 31)", () => {
    expect(creditCodeCheckChar("91350100M000100Y4")).toBe("3");
    expect(creditCodeCheckChar("91440300192203821")).toBe("6");
    // Letters outside the alphabet (I, O, S, V, Z) have no value.
    expect(creditCodeCheckChar("91350100M000100I4")).toBeNull();
    expect(creditCodeCheckChar("too short")).toBeNull();
  });

  it("refuses a wrong check character, a wrong length, forbidden letters and a non-digit region", () => {
    expect(isValidCreditCode("91350100M000100Y44")).toBe(false);
    expect(isValidCreditCode("91350100M000100Y4")).toBe(false);
    expect(isValidCreditCode("91350100M000100Y433")).toBe(false);
    expect(isValidCreditCode("91350100MO00100Y43")).toBe(false);
    expect(isValidCreditCode("9135A100M000100Y43")).toBe(false);
  });

  it("forgives spaces and lower case", () => {
    expect(normalizeCreditCode(" 91350100m000100y43 ")).toBe("91350100M000100Y43");
    expect(isValidCreditCode("9135 0100 m000 100y 43")).toBe(true);
  });
});
