import { BOOTH_SIZE_LIMITS, type ExhibitorImportField } from "../../app/contracts/accounts/values";

/**
 * A booth's size from an import row (decision 056): width and depth give the area, or are checked
 * against the area when it is given too. A row with an area alone (the earlier template) keeps the
 * sides its booth already has when the area is unchanged; a new standard booth of 6 m² is 3x2 and of
 * 9, 18, 27… m² is that many 3x3 units side by side (6x3 for 18 m²); anything else needs its width
 * and depth, because any other guess (the square root before) makes a shape the hall has not got.
 */
export type BoothSize = { widthM: number; depthM: number; areaM2: number };
export type SizeProblem = { field: ExhibitorImportField; message: string; values?: Record<string, unknown> };

const STANDARD_UNIT_M = 3;
const round2 = (n: number) => Math.round(n * 100) / 100;

export function boothSizeOf(
  cells: { widthM?: number; depthM?: number; areaM2?: number; boothType: number },
  existing: BoothSize | null,
): BoothSize | SizeProblem {
  const { widthM, depthM, areaM2, boothType } = cells;
  if (widthM !== undefined && depthM !== undefined) {
    const product = round2(widthM * depthM);
    // Both sides have two decimals at most, so a written area within a cent of the product is the product rounded.
    if (areaM2 !== undefined && Math.abs(areaM2 - widthM * depthM) >= 0.01)
      return { field: "areaM2", message: "areaMismatch", values: { area: areaM2, width: widthM, depth: depthM, product } };
    if (product > BOOTH_SIZE_LIMITS.maxAreaM2) return { field: "areaM2", message: "areaTooLarge", values: { area: product, max: BOOTH_SIZE_LIMITS.maxAreaM2 } };
    return { widthM, depthM, areaM2: areaM2 ?? product };
  }
  if (widthM !== undefined || depthM !== undefined) return { field: widthM === undefined ? "widthM" : "depthM", message: "otherSideMissing" };
  if (areaM2 === undefined) return { field: "widthM", message: "sizeMissing" };
  if (existing && existing.areaM2 === areaM2) return existing;
  if (boothType === 1) {
    if (areaM2 === STANDARD_UNIT_M * 2) return { widthM: STANDARD_UNIT_M, depthM: 2, areaM2 };
    const units = areaM2 / (STANDARD_UNIT_M * STANDARD_UNIT_M);
    if (Number.isInteger(units)) return { widthM: STANDARD_UNIT_M * units, depthM: STANDARD_UNIT_M, areaM2 };
  }
  return { field: "widthM", message: boothType === 1 ? "standardSidesNeeded" : "rawSidesNeeded", values: { area: areaM2 } };
}

export const isSizeProblem = (size: BoothSize | SizeProblem): size is SizeProblem => "message" in size;
