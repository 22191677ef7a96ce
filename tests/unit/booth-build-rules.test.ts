import { describe, expect, it } from "vitest";
import { equipmentFor } from "../../app/contracts/booth-construction/equipment";
import { FASCIA_MIN_PIXELS, fasciaImageProblem } from "../../app/contracts/booth-construction/fascia-rules";
import { standardBuildSchema } from "../../app/contracts/booth-construction/schema";
import { carpetTimesOf } from "../../server/booth-construction/standard-build";

/** The equipment as { code: quantity }, the easiest form to read in a test. */
const quantities = (widthM: number, depthM: number) => Object.fromEntries(equipmentFor({ widthM, depthM }).map((item) => [item.code, item.quantity]));

describe("standard booth equipment (docs/product.md § Booth construction)", () => {
  it("gives a 3x2 booth the small set: fascia, spotlights, desk, chairs, socket, trash can and its carpet", () => {
    expect(quantities(3, 2)).toEqual({ fasciaBoard: 1, spotlight: 2, consultingDesk: 1, foldingChair: 2, socket: 1, trashCan: 1, carpet: 6 });
  });

  it("adds a negotiation table with three chairs to a 3x3 booth", () => {
    expect(quantities(3, 3)).toEqual({
      fasciaBoard: 1,
      spotlight: 2,
      consultingDesk: 1,
      foldingChair: 2,
      socket: 1,
      trashCan: 1,
      negotiationTable: 1,
      negotiationChair: 3,
      carpet: 9,
    });
  });

  it("gives a 6x3 booth (two 3x3 units) the 3x3 set twice and carpet by its area", () => {
    expect(quantities(6, 3)).toEqual({
      fasciaBoard: 2,
      spotlight: 4,
      consultingDesk: 2,
      foldingChair: 4,
      socket: 2,
      trashCan: 2,
      negotiationTable: 2,
      negotiationChair: 6,
      carpet: 18,
    });
  });

  it("treats a 4.5x2 booth (9 m²) as one 3x3 unit; carpet is whole square metres", () => {
    expect(quantities(4.5, 2)).toEqual(quantities(3, 3));
    expect(quantities(2.5, 2.5).carpet).toBe(7);
    expect(equipmentFor({ widthM: 3, depthM: 2 }).find((item) => item.code === "carpet")?.unit).toBe("squareMetre");
  });

  it("counts the recorded area of an 18 m² booth imported as a square (4.24x4.24): two sets, not one", () => {
    const square = Object.fromEntries(equipmentFor({ widthM: 4.24, depthM: 4.24, areaM2: 18 }).map((item) => [item.code, item.quantity]));
    expect(square).toEqual(quantities(6, 3));
    expect(quantities(4.24, 4.24).negotiationTable).toBe(1);
  });
});

describe("the fascia JPG rule (2400 × 950 mm, 72 dpi or 5 million pixels)", () => {
  it("accepts the board's exact proportion at 72 dpi", () => {
    expect(fasciaImageProblem({ widthPx: 2400, heightPx: 950, dpi: 72 })).toBeNull();
  });

  it("allows the proportion 2 % either way of 2400:950 (2.5263) and no more", () => {
    // 2.5263 × 1.02 = 2.5768 and × 0.98 = 2.4758.
    expect(fasciaImageProblem({ widthPx: 2576, heightPx: 1000, dpi: 72 })).toBeNull();
    expect(fasciaImageProblem({ widthPx: 2577, heightPx: 1000, dpi: 72 })).toEqual({ key: "ratio", ratio: "2.58" });
    expect(fasciaImageProblem({ widthPx: 2476, heightPx: 1000, dpi: 72 })).toBeNull();
    expect(fasciaImageProblem({ widthPx: 2475, heightPx: 1000, dpi: 72 })).toEqual({ key: "ratio", ratio: "2.48" });
    expect(fasciaImageProblem({ widthPx: 2400, heightPx: 2400, dpi: 300 })).toEqual({ key: "ratio", ratio: "1.00" });
  });

  it("takes 72 dpi, not 71, for a small image", () => {
    expect(fasciaImageProblem({ widthPx: 1000, heightPx: 395, dpi: 72 })).toBeNull();
    expect(fasciaImageProblem({ widthPx: 1000, heightPx: 395, dpi: 71 })).toEqual({ key: "resolution", dpi: 71, pixels: 395_000 });
    expect(fasciaImageProblem({ widthPx: 1000, heightPx: 395, dpi: null })).toEqual({ key: "resolution", dpi: null, pixels: 395_000 });
  });

  it("takes 5,000,000 pixels at a low dpi, not one pixel fewer", () => {
    expect(FASCIA_MIN_PIXELS).toBe(5_000_000);
    // No whole-pixel size of the board's proportion has exactly 5,000,000 (or 4,999,999) pixels:
    // the boundary itself is checked with the rule's arithmetic, then the nearest real sizes.
    expect(fasciaImageProblem({ widthPx: 5_000_000 / 1400, heightPx: 1400, dpi: 30 })).toBeNull();
    expect(fasciaImageProblem({ widthPx: 4_999_999 / 1400, heightPx: 1400, dpi: 30 })).toMatchObject({ key: "resolution" });
    expect(fasciaImageProblem({ widthPx: 3574, heightPx: 1399, dpi: 30 })).toBeNull(); // 5,000,026 px
    expect(fasciaImageProblem({ widthPx: 3536, heightPx: 1414, dpi: 30 })).toEqual({ key: "resolution", dpi: 30, pixels: 4_999_904 });
  });
});

describe("carpet laying times", () => {
  it("are every build-up day, morning and afternoon, in order", () => {
    const times = carpetTimesOf({
      buildUpFrom: "2026-12-05",
      buildUpTo: "2026-12-07",
      dismantleFrom: "2026-12-11",
      dismantleTo: "2026-12-11",
      insuranceMinCents: 0,
    });
    expect(times.map((t) => `${t.day} ${t.slot}`)).toEqual([
      "2026-12-05 am",
      "2026-12-05 pm",
      "2026-12-06 am",
      "2026-12-06 pm",
      "2026-12-07 am",
      "2026-12-07 pm",
    ]);
  });

  it("stop at a bounded number of days whatever the calendar says", () => {
    const times = carpetTimesOf({
      buildUpFrom: "2000-01-01",
      buildUpTo: "2099-12-31",
      dismantleFrom: "2099-12-31",
      dismantleTo: "2099-12-31",
      insuranceMinCents: 0,
    });
    expect(times.length).toBeLessThanOrEqual(120);
  });
});

describe("the standard build form's list fields", () => {
  // The page always posts extraBoards; a blank one is 0.
  const base = { intent: "draft", fasciaMode: "standard", carpetColour: "grey", extraBoards: "" };
  it("take one value or repeated values (a urlencoded body gives a string or an array)", () => {
    expect(standardBuildSchema.parse({ ...base, unneededEquipment: "spotlight" }).unneededEquipment).toEqual(["spotlight"]);
    expect(standardBuildSchema.parse({ ...base, unneededEquipment: ["spotlight", "trashCan"], wallsRemoved: ["left"] })).toMatchObject({
      unneededEquipment: ["spotlight", "trashCan"],
      wallsRemoved: ["left"],
    });
    expect(standardBuildSchema.parse(base).unneededEquipment).toEqual([]);
  });

  it("let a draft go without a company name, not a submission; an English name alone will do (an overseas exhibitor)", () => {
    expect(standardBuildSchema.safeParse(base).success).toBe(true);
    const submitted = standardBuildSchema.safeParse({ ...base, intent: "submit" });
    expect(submitted.success).toBe(false);
    expect(submitted.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([[["fasciaNameZh"], "boothConstruction.errors.fasciaNameMissing"]]);
    expect(standardBuildSchema.safeParse({ ...base, intent: "submit", fasciaNameEn: "Harbour Trading Ltd" }).success).toBe(true);
  });
});
