import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { SIGNED_CODE_MAX_LENGTH as BADGE_CODE_MAX_LENGTH } from "../../app/contracts/common/signed-code";
import { groupedBadgeCode, signBadgeCode, verifyBadgeCode } from "../../server/badges/badge-code";

const SECRETS = ["first-secret-0123456789"];
const code = () => crypto.randomBytes(16).toString("base64url");
/** The same text with the character at `index` replaced by another of the base64url alphabet. */
const flip = (text: string, index: number) => text.slice(0, index) + (text[index] === "A" ? "B" : "A") + text.slice(index + 1);

describe("signed badge codes", () => {
  it("round-trips: the signed text verifies to its code, and carries nothing but the prefix, the code and the signature", () => {
    const badge = code();
    const signed = signBadgeCode(badge, SECRETS);
    expect(signed).toMatch(/^EPB1\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}$/);
    expect(signed.split(".")[1]).toBe(badge);
    expect(verifyBadgeCode(signed, SECRETS)).toBe(badge);
  });

  it("refuses any one character changed, in the prefix, the code or the signature", () => {
    const signed = signBadgeCode(code(), SECRETS);
    for (let index = 0; index < signed.length; index++) {
      if (signed[index] === ".") continue;
      expect(verifyBadgeCode(flip(signed, index), SECRETS), `position ${index}`).toBeNull();
    }
  });

  it("refuses a code signed with another secret, and a signature moved to another code", () => {
    const badge = code();
    expect(verifyBadgeCode(signBadgeCode(badge, ["another-secret-0123456789"]), SECRETS)).toBeNull();
    const [, , signature] = signBadgeCode(badge, SECRETS).split(".");
    expect(verifyBadgeCode(`EPB1.${code()}.${signature}`, SECRETS)).toBeNull();
  });

  it("verifies against every configured secret, so a rotated secret keeps old prints valid", () => {
    const badge = code();
    const old = signBadgeCode(badge, ["old-secret-0123456789"]);
    const rotated = ["new-secret-0123456789", "old-secret-0123456789"];
    expect(verifyBadgeCode(old, rotated)).toBe(badge);
    // New prints are signed with the first secret only.
    expect(verifyBadgeCode(signBadgeCode(badge, rotated), ["old-secret-0123456789"])).toBeNull();
    expect(verifyBadgeCode(old, ["new-secret-0123456789"])).toBeNull();
  });

  it("tolerates white space around and inside (a scanner's line end, the printed groups), not a changed case", () => {
    const badge = code();
    const signed = signBadgeCode(badge, SECRETS);
    expect(verifyBadgeCode(`  ${signed}\r\n`, SECRETS)).toBe(badge);
    expect(verifyBadgeCode(groupedBadgeCode(signed), SECRETS)).toBe(badge);
    const swapped = signed.replace(/[a-z]/, (c) => c.toUpperCase());
    expect(swapped).not.toBe(signed);
    expect(verifyBadgeCode(swapped, SECRETS)).toBeNull();
    expect(verifyBadgeCode(signed.replace("EPB1", "epb1"), SECRETS)).toBeNull();
  });

  it("refuses text over the limit, other shapes and non-strings before any work", () => {
    const signed = signBadgeCode(code(), SECRETS);
    expect(verifyBadgeCode(signed + " ".repeat(BADGE_CODE_MAX_LENGTH - signed.length), SECRETS)).not.toBeNull();
    expect(verifyBadgeCode(signed + " ".repeat(BADGE_CODE_MAX_LENGTH - signed.length + 1), SECRETS)).toBeNull();
    for (const bad of [
      "",
      "EPB1",
      `EPB1.${code()}`,
      `EPB2.${signed.slice(5)}`,
      `${signed}.x`,
      signed.slice(0, -1),
      `${signed}A`,
      42,
      null,
      undefined,
      [signed],
    ]) {
      expect(verifyBadgeCode(bad, SECRETS), String(bad)).toBeNull();
    }
    expect(verifyBadgeCode(signed, [])).toBeNull();
  });

  it("signs only a real code, and only with a secret", () => {
    expect(() => signBadgeCode("short", SECRETS)).toThrow();
    expect(() => signBadgeCode(code(), [])).toThrow();
  });
});
