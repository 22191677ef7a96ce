import { PDFDocument, rgb } from "pdf-lib";
import type { BlueCarPassCheck } from "../../app/contracts/vehicles/blue-cars-types";
import { PASS_CODE_MAX_LENGTH } from "../../app/contracts/vehicles/values";
import type { Language } from "../../app/contracts/i18n/config";
import { ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";
import { signForPurpose, verifyForPurpose } from "../auth/purpose-signature";
import { drawQr } from "../pdf/qr";
import { exhibitorNameIn, exhibitorNamesOf } from "../exhibitor/names";
import type { Database } from "../db/database";
import { CONTENT_WIDTH, embedContractFonts, GREY, MARGIN, PAGE_SIZE, PdfLayout, saveWithInfo } from "../pdf/layout";
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
const PURPOSE = "exhibitor-portal/blue-car-pass/v1";
const PASS_CODE_PREFIX = "EPB1";
const PASS_CODE = new RegExp(`^${PASS_CODE_PREFIX}\\.([1-9][0-9]{0,8})\\.([A-Za-z0-9_-]{22})$`);

type Approved = { id: number; plate: string; pass_no: string | null; valid_from: string | null; valid_to: string | null };
const signedBody = (car: Approved) => `blue-car:${car.id}:${car.plate}:${car.pass_no}:${car.valid_from}:${car.valid_to}`;

function signBlueCarPass(car: Approved, secrets: readonly string[]) {
  return `${PASS_CODE_PREFIX}.${car.id}.${signForPurpose(PURPOSE, signedBody(car), secrets)}`;
}

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
  if (text.length > PASS_CODE_MAX_LENGTH) return null;
  const match = PASS_CODE.exec(text.replace(/\s+/g, ""));
  if (!match) return null;
  const car = await approvedCar(db, organizer.exhibitionId, Number(match[1])).executeTakeFirst();
  if (!car || !verifyForPurpose(PURPOSE, signedBody(car), match[2]!, secrets)) return null;
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
    code: signBlueCarPass(car, secrets),
  };
}

export const blueCarPassFileName = (pass: BlueCarPass) => ({
  filename: `蓝牌车通行证-${pass.car.plate}.pdf`,
  ascii: `blue-car-pass-${pass.car.id}.pdf`,
});

const QR_SIZE = 170;
const BAND = rgb(0.12, 0.3, 0.7);

/**
 * One A4 page in Chinese with English labels: the exhibition, the plate large on a blue band, the
 * pass number and validity, owner and exhibitor, and the QR with its code printed under it.
 */
export async function renderBlueCarPass(pass: BlueCarPass): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedContractFonts(doc, "PCBLU");
  const layout = new PdfLayout(doc, fonts, { footerSpace: 0, lineGap: 6 });
  const { car } = pass;
  layout.title(pass.exhibition.nameZh, 15);
  layout.paragraph(pass.exhibition.nameEn, { size: 9 });
  layout.y -= 10;
  layout.title("外地蓝牌车通行证 Blue-plate Car Pass", 20);

  // The plate, large and white, on the blue of the plate itself.
  const bandHeight = 74;
  layout.page.drawRectangle({ x: MARGIN, y: layout.y - bandHeight, width: CONTENT_WIDTH, height: bandHeight, color: BAND });
  const plateSize = 44;
  const plateWidth = fonts.bold.widthOfTextAtSize(car.plate, plateSize);
  layout.text(car.plate, MARGIN + (CONTENT_WIDTH - plateWidth) / 2, layout.y - bandHeight + 18, { size: plateSize, bold: true, color: rgb(1, 1, 1) });
  layout.y -= bandHeight + 18;

  const facts: [string, string][] = [
    ["通行证编号 Pass No.", car.pass_no ?? ""],
    ["有效期 Valid", `${car.valid_from} ~ ${car.valid_to}`],
    ["车主 Owner", car.owner_name],
    ["展商 Exhibitor", pass.exhibitorName],
  ];
  for (const [label, value] of facts) {
    layout.paragraph(value, { indent: 150, size: 12, label });
    layout.y -= 4;
  }

  const qrTop = layout.y - 16;
  drawQr(layout.page, pass.code, (PAGE_SIZE[0] - QR_SIZE) / 2, qrTop - QR_SIZE, QR_SIZE);
  const grouped = pass.code.match(/.{1,5}/g)!.join(" ");
  layout.text(grouped, (PAGE_SIZE[0] - fonts.regular.widthOfTextAtSize(grouped, 9)) / 2, qrTop - QR_SIZE - 16, { size: 9 });
  const note = "请打印本证放置于车辆前挡风玻璃处，于有效期内凭证进出展馆停车区域。";
  layout.text(note, (PAGE_SIZE[0] - fonts.regular.widthOfTextAtSize(note, 9)) / 2, qrTop - QR_SIZE - 36, { size: 9, color: GREY });
  return saveWithInfo(doc, {
    title: `蓝牌车通行证 ${car.plate}`,
    author: pass.exhibition.nameZh,
    language: "zh",
    date: new Date(car.reviewed_at ?? car.created_at),
  });
}
