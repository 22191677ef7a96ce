import { describe, expect, it } from "vitest";
import { cleanPlate, HS_CODE, isPlate, isTrailerPlate, PROVINCES } from "../../app/contracts/vehicles/plates";
import { truckDecisionSchema, truckSchema, taiwanLineFields } from "../../app/contracts/vehicles/schema";
import { signTruckPass } from "../../server/vehicles/truck-pass";

/**
 * Vehicle plates (docs/product.md § Validation: 7 or 8 characters starting with a Chinese character; issue 18) and
 * HS codes (6 to 10 digits), as the truck and Taiwan filing forms check them.
 */
describe("vehicle plates", () => {
  it.each([
    ["粤B12345", "seven characters: province, city letter, five digits"],
    ["京A1B2C3", "letters and digits mixed in the last five"],
    ["沪AZ9999", "a letter first in the last five"],
    ["粤BD12345", "new-energy, small car: D then six"],
    ["粤BFA1234", "new-energy: F, a letter or digit, then four digits"],
    ["粤B12345D", "new-energy, large vehicle: five digits then D"],
    ["粤B12345F", "new-energy, large vehicle: five digits then F"],
    ["粤B·12345", "the middle dot people type is dropped"],
    ["粤B 12345", "so are spaces"],
  ])("takes %s (%s)", (plate) => {
    expect(isPlate(plate)).toBe(true);
  });

  it.each([
    ["ABC1234", "no province character"],
    ["粤B12", "too short"],
    ["粤B1234", "six characters"],
    ["粤B1234567", "nine characters"],
    ["粤b12345", "a lower-case city letter"],
    ["粤B1234a", "a lower-case letter in the rest"],
    ["粤I12345", "I is never a plate letter"],
    ["粤O12345", "nor is O"],
    ["粤B1234I", "not even at the end"],
    ["粤BO2345", "nor in the middle"],
    ["港B12345", "港 is no mainland province"],
    ["粤112345", "a digit where the city letter goes"],
    ["粤BDI1234", "a new-energy plate with an I"],
    ["粤BA123456", "eight characters without D or F"],
    ["粤B1234挂", "a trailer plate is not a truck plate"],
    ["", "empty"],
  ])("refuses %s (%s)", (plate) => {
    expect(isPlate(plate)).toBe(false);
  });

  it("knows every province character once", () => {
    expect(new Set(PROVINCES).size).toBe(PROVINCES.length);
    for (const province of PROVINCES) expect(isPlate(`${province}A12345`), province).toBe(true);
  });

  it("takes trailer plates with their 挂 suffix only", () => {
    for (const plate of ["粤B1234挂", "京AB123挂", "粤B·1234挂"]) expect(isTrailerPlate(plate), plate).toBe(true);
    for (const plate of ["粤B12345", "粤B12345挂", "粤B123挂", "粤b1234挂", "粤BI234挂", "粤B1234学"]) expect(isTrailerPlate(plate), plate).toBe(false);
  });

  it("keeps the case when it cleans, so a lower-case letter stays refused", () => {
    expect(cleanPlate(" 粤b · 123-45 ")).toBe("粤b12345");
  });
});

describe("the truck form's plates", () => {
  const truck = (extra: Record<string, string>) => ({
    boothId: "1",
    plate: "粤B12345",
    kind: "installation",
    driverName: "王师傅",
    driverPhone: "13912345678",
    plannedOn: "2026-12-01",
    licenseUrl: "/files/abc",
    ...extra,
  });
  const errorsOf = (extra: Record<string, string>) => {
    const result = truckSchema.safeParse(truck(extra));
    return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
  };

  it("stores the plate as the pattern reads it and leaves a blank trailer plate out", () => {
    expect(truckSchema.parse(truck({ plate: "粤B·12345", trailerPlate: "" }))).toMatchObject({ plate: "粤B12345", trailerPlate: undefined });
  });

  it("names the field that is wrong, with a translatable message", () => {
    expect(errorsOf({ plate: "ABC1234" })).toEqual({ plate: "validation.correct|vehicles.fields.plate" });
    expect(errorsOf({ plate: "" })).toEqual({ plate: "validation.required|vehicles.fields.plate" });
    expect(errorsOf({ trailerPlate: "粤B12345" })).toEqual({ trailerPlate: "validation.correct|vehicles.fields.trailerPlate" });
    expect(errorsOf({ kind: "parking" })).toHaveProperty("kind");
  });

  it("asks a gate of an approval and a reason of a return", () => {
    expect(truckDecisionSchema.safeParse({ id: "1", decision: "approve" }).error?.issues.map((i) => i.path[0])).toEqual(["gate"]);
    expect(truckDecisionSchema.safeParse({ id: "1", decision: "return" }).error?.issues.map((i) => i.path[0])).toEqual(["reason"]);
    expect(truckDecisionSchema.parse({ id: "1", decision: "approve", gate: " 北 1 门 " })).toMatchObject({ gate: "北 1 门" });
  });
});

describe("HS codes", () => {
  it.each(["847130", "8471300000", "84713000", "8471.30.00", "8471 30 00"])("takes %s", (code) => {
    expect(taiwanLineFields.hsCode.safeParse(code).success).toBe(true);
  });
  it.each(["84713", "84713000001", "ABCDEF", "8471a0", "-847130", ""])("refuses %s", (code) => {
    const result = taiwanLineFields.hsCode.safeParse(code);
    expect(result.success).toBe(false);
    if (code && /[^0-9]/.test(code.replace(/[\s.]/g, ""))) expect(result.error?.issues[0]?.message).toBe("vehicles.errors.hsCode");
  });
  it("is the pattern the database checks too (6 to 10 digits)", () => {
    expect(HS_CODE.test("123456")).toBe(true);
    expect(HS_CODE.test("12345678901")).toBe(false);
  });
});

describe("vehicle pass codes", () => {
  const secrets = ["first-secret-0123456789", "older-secret-0123456789"];
  it("signs the truck, its plate and its day: another of any gives another code", () => {
    const code = signTruckPass({ id: 7, plate: "粤B12345", plannedOn: "2026-12-01" }, secrets);
    expect(code).toMatch(/^EPT1\.7\.[A-Za-z0-9_-]{22}$/);
    expect(signTruckPass({ id: 7, plate: "粤B12345", plannedOn: "2026-12-01" }, secrets)).toBe(code);
    for (const other of [
      { id: 7, plate: "粤B12346", plannedOn: "2026-12-01" },
      { id: 7, plate: "粤B12345", plannedOn: "2026-12-02" },
    ]) {
      expect(signTruckPass(other, secrets).split(".")[2]).not.toBe(code.split(".")[2]);
    }
    expect(signTruckPass({ id: 7, plate: "粤B12345", plannedOn: "2026-12-01" }, ["another-secret-0123456789"])).not.toBe(code);
  });
});
