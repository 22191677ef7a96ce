import { rgb, PDFDocument } from "pdf-lib";
import { drawQr } from "../pdf/qr";
import type { TruckPassCheck } from "../../app/contracts/vehicles/trucks-types";
import { PASS_CODE_MAX_LENGTH } from "../../app/contracts/vehicles/values";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { signForPurpose, verifyForPurpose } from "../auth/purpose-signature";
import { exhibitorNameIn, exhibitorNamesOf } from "../exhibitor/names";
import type { Database } from "../db/database";
import { CONTENT_WIDTH, embedContractFonts, GREY, MARGIN, PAGE_SIZE, PdfLayout, saveWithInfo } from "../pdf/layout";
import { selectTrucks, truckDays, windowOf, type TruckRow } from "./trucks";
import { ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";
import type { Caller } from "../auth/caller";
import { notFound } from "../api/envelope";

/**
 * The vehicle pass of an approved yellow-plate truck (issue 18): printed by the exhibitor, shown at
 * the gate. Its QR code carries a signed pass code, `EPT1.<truck id>.<signature>`, the signature an
 * HMAC (purpose-signature.ts, keyed from the session secrets) over "truck:<id>:<plate>:<day>". The
 * plate never changes and an approved truck is never changed again, so the code stays valid for
 * exactly the truck and day it was made for; a deleted or unknown truck fails the check.
 */
const PURPOSE = "exhibitor-portal/truck-pass/v1";
const PASS_CODE_PREFIX = "EPT1";
const PASS_CODE = new RegExp(`^${PASS_CODE_PREFIX}\\.([1-9][0-9]{0,8})\\.([A-Za-z0-9_-]{22})$`);

const signedBody = (id: number, plate: string, day: string) => `truck:${id}:${plate}:${day}`;

export function signTruckPass(truck: { id: number; plate: string; plannedOn: string }, secrets: readonly string[]) {
  return `${PASS_CODE_PREFIX}.${truck.id}.${signForPurpose(PURPOSE, signedBody(truck.id, truck.plate, truck.plannedOn), secrets)}`;
}

/** The pass code in groups of five, as printed under the QR for typing by hand (spaces are ignored when read). */
const groupedPassCode = (code: string) => code.match(/.{1,5}/g)!.join(" ");

/** The approved, live truck an organizer's scanned or typed code names, or null when it is none we signed. */
export async function verifyTruckPass(
  db: Database,
  organizer: Caller,
  text: string,
  secrets: readonly string[],
  language: Language,
): Promise<TruckPassCheck | null> {
  if (text.length > PASS_CODE_MAX_LENGTH) return null;
  const match = PASS_CODE.exec(text.replace(/\s+/g, ""));
  if (!match) return null;
  const id = Number(match[1]);
  const row = await selectTrucks(db, organizer.exhibitionId).where("t.id", "=", id).where("t.status", "=", "approved").executeTakeFirst();
  if (!row || !verifyForPurpose(PURPOSE, signedBody(row.id, row.plate, row.planned_on), match[2]!, secrets)) return null;
  const names = await exhibitorNamesOf(db, organizer.exhibitionId, [row.user_id]);
  return {
    id: row.id,
    plate: row.plate,
    trailerPlate: row.trailer_plate,
    kind: row.kind,
    plannedOn: row.planned_on,
    gate: row.gate ?? "",
    boothNo: row.booth_no,
    exhibitorName: exhibitorNameIn(names.get(row.user_id), language),
    driverName: row.driver_name,
  };
}

export type TruckPass = {
  exhibition: { nameZh: string; nameEn: string };
  truck: TruckRow;
  exhibitorName: string;
  window: { from: string; to: string };
  code: string;
};

/** An approved truck of the caller's own (the organizer: any of the exhibition); anything else answers 404. */
export async function loadTruckPass(db: Database, caller: Caller, id: number, secrets: readonly string[]): Promise<TruckPass> {
  let query = selectTrucks(db, caller.exhibitionId).where("t.id", "=", id).where("t.status", "=", "approved");
  if (caller.roleId !== ORGANIZER_ROLE_ID) query = query.where("t.user_id", "=", caller.userId);
  const truck = await query.executeTakeFirst();
  if (!truck) throw notFound();
  const [exhibition, names, days] = await Promise.all([
    db.selectFrom("exhibitions").select(["name_zh", "name_en"]).where("id", "=", caller.exhibitionId).executeTakeFirstOrThrow(),
    exhibitorNamesOf(db, caller.exhibitionId, [truck.user_id]),
    truckDays(db, caller.exhibitionId),
  ]);
  return {
    exhibition: { nameZh: exhibition.name_zh, nameEn: exhibition.name_en },
    truck,
    exhibitorName: exhibitorNameIn(names.get(truck.user_id), "zh"),
    window: windowOf(days, truck.kind),
    code: signTruckPass({ id: truck.id, plate: truck.plate, plannedOn: truck.planned_on }, secrets),
  };
}

export const passFileName = (pass: TruckPass) => ({
  filename: `车辆通行证-${pass.truck.plate}-${pass.truck.planned_on}.pdf`,
  ascii: `vehicle-pass-${pass.truck.id}-${pass.truck.planned_on}.pdf`,
});

const QR_SIZE = 170;
const BAND = rgb(0.85, 0.65, 0.0);

/**
 * One A4 page, in Chinese (the area is Chinese only) with English labels: the exhibition, the plate
 * large on a yellow band, the trailer plate, purpose, driver, the day and the window it is valid in,
 * the gate, the booth and exhibitor, and the QR with its code printed under it.
 */
export async function renderTruckPass(pass: TruckPass, decidedAt: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedContractFonts(doc, "PCTRK");
  const layout = new PdfLayout(doc, fonts, { footerSpace: 0, lineGap: 6 });
  const { truck } = pass;
  layout.title(pass.exhibition.nameZh, 15);
  layout.paragraph(pass.exhibition.nameEn, { size: 9 });
  layout.y -= 10;
  layout.title("车辆通行证 Vehicle Pass", 20);

  // The plate, large, on the yellow of the plate itself.
  const bandHeight = 74;
  layout.page.drawRectangle({ x: MARGIN, y: layout.y - bandHeight, width: CONTENT_WIDTH, height: bandHeight, color: BAND });
  const plateSize = 44;
  const plateWidth = fonts.bold.widthOfTextAtSize(truck.plate, plateSize);
  layout.text(truck.plate, MARGIN + (CONTENT_WIDTH - plateWidth) / 2, layout.y - bandHeight + 18, { size: plateSize, bold: true });
  layout.y -= bandHeight + 18;

  const kind = translate("zh", `vehicles.truckKinds.${truck.kind}`);
  const facts: [string, string][] = [
    ["挂车号牌 Trailer plate", truck.trailer_plate ?? "—"],
    ["用途 Purpose", `${kind} ${translate("en", `vehicles.truckKinds.${truck.kind}`)}`],
    ["司机 Driver", truck.driver_name],
    ["通行日期 Date", truck.planned_on],
    ["有效期 Valid", `${pass.window.from} ~ ${pass.window.to}`],
    ["入场门 Gate", truck.gate ?? ""],
    ["展位 Booth", truck.booth_no],
    ["展商 Exhibitor", pass.exhibitorName],
  ];
  for (const [label, value] of facts) {
    layout.paragraph(value, { indent: 150, size: 12, label });
    layout.y -= 4;
  }

  const qrTop = layout.y - 16;
  drawQr(layout.page, pass.code, (PAGE_SIZE[0] - QR_SIZE) / 2, qrTop - QR_SIZE, QR_SIZE);
  const grouped = groupedPassCode(pass.code);
  layout.text(grouped, (PAGE_SIZE[0] - fonts.regular.widthOfTextAtSize(grouped, 9)) / 2, qrTop - QR_SIZE - 16, { size: 9 });
  const note = "请打印本证放置于车辆前挡风玻璃处，于通行日期经指定入场门进出。";
  layout.text(note, (PAGE_SIZE[0] - fonts.regular.widthOfTextAtSize(note, 9)) / 2, qrTop - QR_SIZE - 36, { size: 9, color: GREY });
  return saveWithInfo(doc, { title: `车辆通行证 ${truck.plate}`, author: pass.exhibition.nameZh, language: "zh", date: decidedAt });
}
