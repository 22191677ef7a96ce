import { rgb } from "pdf-lib";
import type { BlueCarPassCheck } from "../../app/contracts/vehicles/blue-cars/types";
import type { Language } from "../../app/contracts/i18n/config";
import { ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";
import { exhibitorNameIn, exhibitorNamesOf } from "../exhibitor/names";
import type { Database } from "../db/database";
import { renderPlatePass } from "../passes/plate-pass-pdf";
import { signedCodes } from "../passes/signed-code";
import { selectBlueCars, type BlueCarRow } from "./blue-cars";
import type { Caller } from "../auth/caller";
import { notFound } from "../api/envelope";

/**
 * The pass of an approved blue-plate car (issue 41, decision 038): printed by the exhibitor, shown
 * at the gate. Its QR code carries a signed code, `EPB1.<car id>.<signature>`, an HMAC
 * (purpose-signature.ts, keyed from the session secrets) over "blue-car:<id>:<plate>:<pass no>:<valid
 * from>:<valid to>", as the yellow-plate truck pass (truck-pass.ts). The plate never changes and an
 * approved car is never changed again, so the code names exactly the car and validity it was made
 * for; a deleted or unknown car fails the check.
 */
// "EPB1" as badge codes, yet never mistaken for one: the subject's shape and the purpose's key differ.
const blueCarPasses = signedCodes({ prefix: "EPB1", purpose: "exhibitor-portal/blue-car-pass/v1", subject: "[1-9][0-9]{0,8}" });
type Approved = { id: number; plate: string; pass_no: string | null; valid_from: string | null; valid_to: string | null };
const signedBody = (car: Approved) => `blue-car:${car.id}:${car.plate}:${car.pass_no}:${car.valid_from}:${car.valid_to}`;

const approvedCar = (db: Database, exhibitionId: number, id: number) =>
  selectBlueCars(db, exhibitionId).where("c.id", "=", id).where("c.status", "=", "approved");

/** The approved, live car an organizer's scanned or typed code names, or null when it is none we signed. */
export async function verifyBlueCarPass(
  db: Database,
  organizer: Caller,
  text: string,
  secrets: readonly string[],
  language: Language,
): Promise<BlueCarPassCheck | null> {
  const read = blueCarPasses.read(text);
  if (!read) return null;
  const car = await approvedCar(db, organizer.exhibitionId, Number(read.subject)).executeTakeFirst();
  if (!car || !blueCarPasses.verify(signedBody(car), read.signature, secrets)) return null;
  const names = await exhibitorNamesOf(db, organizer.exhibitionId, [car.user_id]);
  return {
    id: car.id,
    plate: car.plate,
    ownerName: car.owner_name,
    passNo: car.pass_no ?? "",
    validFrom: car.valid_from ?? "",
    validTo: car.valid_to ?? "",
    exhibitorName: exhibitorNameIn(names.get(car.user_id), language),
  };
}

export type BlueCarPass = { exhibition: { nameZh: string; nameEn: string }; car: BlueCarRow; exhibitorName: string; code: string };

/** An approved car of the caller's own (the organizer: any of the exhibition); anything else answers 404. */
export async function loadBlueCarPass(db: Database, caller: Caller, id: number, secrets: readonly string[]): Promise<BlueCarPass> {
  let query = approvedCar(db, caller.exhibitionId, id);
  if (caller.roleId !== ORGANIZER_ROLE_ID) query = query.where("c.user_id", "=", caller.userId);
  const car = await query.executeTakeFirst();
  if (!car) throw notFound();
  const [exhibition, names] = await Promise.all([
    db.selectFrom("exhibitions").select(["name_zh", "name_en"]).where("id", "=", caller.exhibitionId).executeTakeFirstOrThrow(),
    exhibitorNamesOf(db, caller.exhibitionId, [car.user_id]),
  ]);
  return {
    exhibition: { nameZh: exhibition.name_zh, nameEn: exhibition.name_en },
    car,
    exhibitorName: exhibitorNameIn(names.get(car.user_id), "zh"),
    code: blueCarPasses.sign(car.id, signedBody(car), secrets),
  };
}

export const blueCarPassFileName = (pass: BlueCarPass) => ({
  filename: `蓝牌车通行证-${pass.car.plate}.pdf`,
  ascii: `blue-car-pass-${pass.car.id}.pdf`,
});

/** One A4 page in Chinese with English labels, the plate white on a blue band. */
export function renderBlueCarPass(pass: BlueCarPass): Promise<Uint8Array> {
  const { car } = pass;
  return renderPlatePass({
    exhibition: pass.exhibition,
    heading: "外地蓝牌车通行证 Blue-plate Car Pass",
    plate: car.plate,
    band: { colour: rgb(0.12, 0.3, 0.7), plateColour: rgb(1, 1, 1) },
    facts: [
      ["通行证编号 Pass No.", car.pass_no ?? ""],
      ["有效期 Valid", `${car.valid_from} ~ ${car.valid_to}`],
      ["车主 Owner", car.owner_name],
      ["展商 Exhibitor", pass.exhibitorName],
    ],
    code: pass.code,
    note: "请打印本证放置于车辆前挡风玻璃处，于有效期内凭证进出展馆停车区域。",
    title: `蓝牌车通行证 ${car.plate}`,
    madeAt: new Date(car.reviewed_at ?? car.created_at),
    fontTag: "PCBLU",
  });
}
