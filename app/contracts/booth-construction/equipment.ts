/**
 * The equipment a standard booth comes with (docs/product.md § Booth construction): a 3x2 booth has a fascia board,
 * spotlights, a consulting desk, folding chairs, a 220V/500W five-hole socket, a trash can and
 * carpet; a 3x3 booth adds a negotiation table with three chairs. A larger standard booth (two or
 * more 3x3 units side by side) gets the 3x3 set once per unit, carpet by its area.
 */
export const EQUIPMENT_CODES = [
  "fasciaBoard",
  "spotlight",
  "consultingDesk",
  "foldingChair",
  "socket",
  "trashCan",
  "carpet",
  "negotiationTable",
  "negotiationChair",
] as const;
export type EquipmentCode = (typeof EQUIPMENT_CODES)[number];

export type EquipmentItem = { code: EquipmentCode; quantity: number; unit: "piece" | "set" | "squareMetre" };

const UNIT: Record<EquipmentCode, EquipmentItem["unit"]> = {
  fasciaBoard: "piece",
  spotlight: "piece",
  consultingDesk: "piece",
  foldingChair: "piece",
  socket: "piece",
  trashCan: "piece",
  carpet: "squareMetre",
  negotiationTable: "set",
  negotiationChair: "piece",
};

const SET_3X2: Partial<Record<EquipmentCode, number>> = { fasciaBoard: 1, spotlight: 2, consultingDesk: 1, foldingChair: 2, socket: 1, trashCan: 1 };
const SET_3X3: Partial<Record<EquipmentCode, number>> = { ...SET_3X2, negotiationTable: 1, negotiationChair: 3 };

/**
 * The booth's equipment by size; areas under 9 m² are the 3x2 set. Quantities are whole numbers.
 * The booth's recorded area counts when it is known: booths imported before width and depth were
 * columns have the sides of a square (18 m² as 4.24x4.24, whose product is short of 18), decision 056.
 */
export function equipmentFor(booth: { widthM: number; depthM: number; areaM2?: number }): EquipmentItem[] {
  const area = Math.round((booth.areaM2 ?? booth.widthM * booth.depthM) * 100) / 100;
  const units = area < 9 ? 1 : Math.max(1, Math.floor(area / 9));
  const set = area < 9 ? SET_3X2 : SET_3X3;
  const quantities: Partial<Record<EquipmentCode, number>> = {
    ...Object.fromEntries(Object.entries(set).map(([code, n]) => [code, n * units])),
    carpet: Math.ceil(area),
  };
  return EQUIPMENT_CODES.filter((code) => quantities[code]).map((code) => ({ code, quantity: quantities[code]!, unit: UNIT[code] }));
}

/** "3x3", "3x2", "6x3": how the booth's size is named on the page. */
export const boothSizeName = (booth: { widthM: number; depthM: number }) => `${booth.widthM}x${booth.depthM}`;
