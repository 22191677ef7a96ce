import { describe, expect, it } from "vitest";
import { groupedCode, signedCodes } from "../../server/passes/signed-code";

/** The one signing of printed passes (server/passes/signed-code.ts): kinds are data, never interchangeable. */
const SECRETS = ["secret-one-0123456789abcdef", "secret-two-0123456789abcdef"];
const vehicle = signedCodes({ prefix: "EPB1", purpose: "test/vehicle/v1", subject: "[1-9][0-9]{0,8}" });
const sameShapeOtherPurpose = signedCodes({ prefix: "EPB1", purpose: "test/other/v1", subject: "[1-9][0-9]{0,8}" });
const badge = signedCodes({ prefix: "EPB1", purpose: "test/badge/v1", subject: "[A-Za-z0-9_-]{22}" });

describe("signed pass codes", () => {
  it("reads back what it signed, grouped for typing or not, and verifies it", () => {
    const code = vehicle.sign(42, "car:42:粤B12345", SECRETS);
    expect(code).toMatch(/^EPB1\.42\.[A-Za-z0-9_-]{22}$/);
    for (const text of [code, groupedCode(code), `${code}\n`]) {
      const read = vehicle.read(text);
      expect(read?.subject).toBe("42");
      expect(vehicle.verify("car:42:粤B12345", read!.signature, SECRETS)).toBe(true);
    }
  });

  it("binds the code to the facts it signed and to its kind's key", () => {
    const code = vehicle.sign(42, "car:42:粤B12345", SECRETS);
    const { signature } = vehicle.read(code)!;
    expect(vehicle.verify("car:42:粤B99999", signature, SECRETS)).toBe(false);
    expect(sameShapeOtherPurpose.verify("car:42:粤B12345", signature, SECRETS)).toBe(false);
    // Another kind with the same prefix does not even read it: the subject's shape differs.
    expect(badge.read(code)).toBeNull();
  });

  it("verifies with a rotated-out secret still listed, and not with an unknown one", () => {
    const old = vehicle.sign(7, "x", [SECRETS[1]!]);
    expect(vehicle.verify("x", vehicle.read(old)!.signature, SECRETS)).toBe(true);
    expect(vehicle.verify("x", vehicle.read(old)!.signature, ["another-secret-0123456789"])).toBe(false);
  });

  it("refuses what has not the kind's shape, and overlong text before any work", () => {
    const code = vehicle.sign(42, "x", SECRETS);
    expect(vehicle.read(code.toLowerCase())).toBeNull();
    expect(vehicle.read(`EPT1${code.slice(4)}`)).toBeNull();
    expect(vehicle.read(code + " ".repeat(100 - code.length))).not.toBeNull();
    expect(vehicle.read(code + " ".repeat(101 - code.length))).toBeNull();
    expect(vehicle.read(12345)).toBeNull();
  });
});
