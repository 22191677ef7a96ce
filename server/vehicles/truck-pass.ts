import { rgb } from "pdf-lib";
import type { TruckPassCheck } from "../../app/contracts/vehicles/trucks/types";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { renderPlatePass } from "../passes/plate-pass-pdf";
import { signedCodes } from "../passes/signed-code";
import { exhibitorNameIn, exhibitorNamesOf } from "../exhibitor/names";
import type { Database } from "../db/database";
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
const truckPasses = signedCodes({ prefix: "EPT1", purpose: "exhibitor-portal/truck-pass/v1", subject: "[1-9][0-9]{0,8}" });
const signedBody = (id: number, plate: string, day: string) => `truck:${id}:${plate}:${day}`;

export function signTruckPass(truck: { id: number; plate: string; plannedOn: string }, secrets: readonly string[]) {
  return truckPasses.sign(truck.id, signedBody(truck.id, truck.plate, truck.plannedOn), secrets);
}

/** The approved, live truck an organizer's scanned or typed code names, or null when it is none we signed. */
export async function verifyTruckPass(
  db: Database,
  organizer: Caller,
  text: string,
  secrets: readonly string[],
  language: Language,
): Promise<TruckPassCheck | null> {
  const read = truckPasses.read(text);
  if (!read) return null;
  const row = await selectTrucks(db, organizer.exhibitionId).where("t.id", "=", Number(read.subject)).where("t.status", "=", "approved").executeTakeFirst();
  if (!row || !truckPasses.verify(signedBody(row.id, row.plate, row.planned_on), read.signature, secrets)) return null;
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

/** One A4 page in Chinese (the area is Chinese only) with English labels, the plate on a yellow band. */
export function renderTruckPass(pass: TruckPass, decidedAt: Date): Promise<Uint8Array> {
  const { truck } = pass;
  return renderPlatePass({
    exhibition: pass.exhibition,
    heading: "车辆通行证 Vehicle Pass",
    plate: truck.plate,
    band: { colour: rgb(0.85, 0.65, 0.0) },
    facts: [
      ["挂车号牌 Trailer plate", truck.trailer_plate ?? "—"],
      ["用途 Purpose", `${translate("zh", `vehicles.truckKinds.${truck.kind}`)} ${translate("en", `vehicles.truckKinds.${truck.kind}`)}`],
      ["司机 Driver", truck.driver_name],
      ["通行日期 Date", truck.planned_on],
      ["有效期 Valid", `${pass.window.from} ~ ${pass.window.to}`],
      ["入场门 Gate", truck.gate ?? ""],
      ["展位 Booth", truck.booth_no],
      ["展商 Exhibitor", pass.exhibitorName],
    ],
    code: pass.code,
    note: "请打印本证放置于车辆前挡风玻璃处，于通行日期经指定入场门进出。",
    title: `车辆通行证 ${truck.plate}`,
    madeAt: decidedAt,
    fontTag: "PCTRK",
  });
}
