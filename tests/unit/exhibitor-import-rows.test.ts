import { describe, expect, it } from "vitest";
import { exhibitorRowSchema, importedMobile } from "../../app/contracts/accounts/schema";
import { boothSizeOf } from "../../server/accounts/booth-size";

/** The exhibitor import's cell rules and booth sizes (decision 056). */
describe("an import row's mobile", () => {
  it("keeps mainland mobiles, stores international ones in E.164 form and refuses the rest", () => {
    expect(importedMobile("13800138000")).toBe("13800138000");
    expect(importedMobile("+86 138 0013 8000")).toBe("13800138000");
    expect(importedMobile("+852 9123 4567")).toBe("+85291234567");
    expect(importedMobile("0049 (151) 2345-6789")).toBe("+4915123456789");
    expect(importedMobile("+86 10 1234 5678")).toBeNull();
    expect(importedMobile("85291234567")).toBeNull();
    expect(importedMobile("12345678901")).toBeNull();
    expect(importedMobile("+0 1234567")).toBeNull();
    expect(importedMobile("+1234567890123456")).toBeNull();
  });

  it("takes a row with an English name, no mobile and an e-mail, and width and depth without area", () => {
    const row = {
      exhibitorNo: "OV1",
      companyNameEn: "Overseas GmbH",
      contactName: "Anna",
      email: "anna@example.de",
      boothNo: "2B1",
      hallCode: "2",
      widthM: "9",
      depthM: "6",
      boothType: "2",
    };
    const parsed = exhibitorRowSchema.parse(row);
    expect(parsed).toMatchObject({ companyNameEn: "Overseas GmbH", email: "anna@example.de", widthM: 9, depthM: 6, boothType: 2 });
    expect([parsed.companyNameZh, parsed.mobile, parsed.areaM2]).toEqual([undefined, undefined, undefined]);
    expect(exhibitorRowSchema.safeParse({ ...row, mobile: "852 9123" }).error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["mobile", "accounts.import.mobileFormat"],
    ]);
    expect(exhibitorRowSchema.safeParse({ ...row, widthM: "0.5", depthM: "-3" }).error?.issues.map((i) => i.path[0])).toEqual(["widthM", "depthM"]);
  });
});

describe("an import row's booth size", () => {
  it("takes width × depth as the area, or checks a given area against it", () => {
    expect(boothSizeOf({ widthM: 6, depthM: 3, boothType: 1 }, null)).toEqual({ widthM: 6, depthM: 3, areaM2: 18 });
    expect(boothSizeOf({ widthM: 3.33, depthM: 3, areaM2: 9.99, boothType: 2 }, null)).toEqual({ widthM: 3.33, depthM: 3, areaM2: 9.99 });
    expect(boothSizeOf({ widthM: 6, depthM: 3, areaM2: 20, boothType: 1 }, null)).toEqual({
      field: "areaM2",
      message: "areaMismatch",
      values: { area: 20, width: 6, depth: 3, product: 18 },
    });
    expect(boothSizeOf({ widthM: 6, boothType: 1 }, null)).toEqual({ field: "depthM", message: "otherSideMissing" });
    expect(boothSizeOf({ widthM: 1000, depthM: 1000, boothType: 2 }, null)).toMatchObject({ field: "areaM2", message: "areaTooLarge" });
  });

  it("from an area alone: the booth's own sides, a standard 3x2 or row of 3x3 units, else refused", () => {
    expect(boothSizeOf({ areaM2: 18, boothType: 1 }, null)).toEqual({ widthM: 6, depthM: 3, areaM2: 18 });
    expect(boothSizeOf({ areaM2: 6, boothType: 1 }, null)).toEqual({ widthM: 3, depthM: 2, areaM2: 6 });
    expect(boothSizeOf({ areaM2: 54, boothType: 2 }, { widthM: 9, depthM: 6, areaM2: 54 })).toEqual({ widthM: 9, depthM: 6, areaM2: 54 });
    expect(boothSizeOf({ areaM2: 12, boothType: 1 }, null)).toEqual({ field: "widthM", message: "standardSidesNeeded", values: { area: 12 } });
    expect(boothSizeOf({ areaM2: 36, boothType: 2 }, null)).toEqual({ field: "widthM", message: "rawSidesNeeded", values: { area: 36 } });
    expect(boothSizeOf({ boothType: 1 }, null)).toEqual({ field: "widthM", message: "sizeMissing" });
  });
});
