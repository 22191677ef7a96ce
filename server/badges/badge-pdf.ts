import {
  concatTransformationMatrix,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  PDFDocument,
  StandardFonts,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from "pdf-lib";
import type { PrintLayout } from "../../app/contracts/badges/check-in-types";
import { PRINT_MAX_BADGES } from "../../app/contracts/badges/check-in-types";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import type { Database } from "../db/database";
import { wrapText } from "../pdf/font";
import { drawQr } from "../pdf/qr";
import { PAGE_SIZE as A4, embedContractFonts } from "../pdf/layout";
import type { ObjectStore } from "../uploads/object-store";
import { groupedBadgeCode, signBadgeCode } from "./badge-code";
import { exhibitorNamesOf } from "../exhibitor/names";
import { ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";

/**
 * Printable badges (issue 14, docs/decisions/016): one badge per A6 page, or four on an A4 sheet
 * with cut marks. Each shows the exhibition in Chinese and English, the holder, the company in both
 * languages where known, the booth, the kind, the photo and the QR code of the signed badge code
 * with that code printed under it for typing. Same fonts as the contracts (decision 007); the
 * output depends only on its input.
 */
export type PrintCaller = { userId: number; exhibitionId: number; roleId: number };

type PrintableBadge = {
  id: number;
  /** The signed text the QR carries (badge-code.ts). */
  signedCode: string;
  holderName: string;
  company: string;
  /** The exhibitor's company name in the other language, when its profile or account has one. */
  otherCompany: string | null;
  boothNo: string;
  kind: "free" | "paid";
  /** JPEG or PNG bytes; null (or unreadable bytes) prints an empty photo box. */
  photo: Uint8Array | null;
  photoKey: string | null;
};

export type BadgePrint = { exhibition: { nameZh: string; nameEn: string }; badges: PrintableBadge[] };

const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
const HAS_CJK = /[\u2e80-\u9fff\uf900-\ufaff]/;

/** The stored photo's bytes, or null: a photo that is gone or unreadable must never stop the print. */
async function photoBytes(db: Database, store: ObjectStore, fileId: string | null) {
  if (!fileId) return null;
  try {
    const file = await db.selectFrom("stored_files").select("storage_key").where("id", "=", fileId).executeTakeFirst();
    if (!file) return null;
    const info = await store.stat(file.storage_key);
    if (!info || info.sizeBytes === 0 || info.sizeBytes > PHOTO_MAX_BYTES) return null;
    return { key: file.storage_key, bytes: new Uint8Array(await store.readRange(file.storage_key, 0, info.sizeBytes - 1)) };
  } catch {
    return null;
  }
}

/**
 * The badges to print: those named (the caller's own live ones; the organizer's, any live one of the
 * exhibition), or without names all the caller's live badges that were not returned. Another's or a
 * deleted badge answers like an unknown one; a returned one named is refused by name.
 */
export async function loadBadgePrint(db: Database, store: ObjectStore, caller: PrintCaller, ids: number[], secrets: readonly string[]): Promise<BadgePrint> {
  const named = [...new Set(ids)];
  let query = db
    .selectFrom("badges as g")
    .innerJoin("booths as b", "b.id", "g.booth_id")
    .select(["g.id", "g.user_id", "g.holder_name", "g.company", "g.kind", "g.status", "g.photo_file_id", "g.code", "b.booth_no"])
    .where("g.exhibition_id", "=", caller.exhibitionId)
    .where("g.deleted_at", "is", null);
  if (caller.roleId !== ORGANIZER_ROLE_ID || !named.length) query = query.where("g.user_id", "=", caller.userId);
  query = named.length ? query.where("g.id", "in", named) : query.where("g.status", "!=", "returned");
  const rows = await query
    .orderBy("g.id")
    .limit(PRINT_MAX_BADGES + 1)
    .execute();
  if (rows.length !== named.length && named.length) throw notFound();
  if (rows.length > PRINT_MAX_BADGES) throw new ApiError(ApiCode.badRequest, "badges.print.tooMany", { max: PRINT_MAX_BADGES });
  if (!rows.length) throw new ApiError(ApiCode.badRequest, "badges.print.nothingToPrint");
  const returned = rows.find((row) => row.status === "returned");
  if (returned) throw new ApiError(ApiCode.conflict, "badges.print.returnedNotPrintable", { name: returned.holder_name });
  // In the order named, else by id.
  if (named.length) rows.sort((a, b) => named.indexOf(a.id) - named.indexOf(b.id));

  const exhibition = await db.selectFrom("exhibitions").select(["name_zh", "name_en"]).where("id", "=", caller.exhibitionId).executeTakeFirstOrThrow();
  const namesOf = await exhibitorNamesOf(
    db,
    caller.exhibitionId,
    rows.map((row) => row.user_id),
  );
  const badges = await Promise.all(
    rows.map(async (row): Promise<PrintableBadge> => {
      const names = namesOf.get(row.user_id) ?? { zh: null, en: null };
      const other = HAS_CJK.test(row.company) ? names.en : names.zh;
      const photo = await photoBytes(db, store, row.photo_file_id);
      return {
        id: row.id,
        signedCode: signBadgeCode(row.code, secrets),
        holderName: row.holder_name,
        company: row.company,
        otherCompany: other && other !== row.company ? other : null,
        boothNo: row.booth_no,
        kind: row.kind,
        photo: photo?.bytes ?? null,
        photoKey: photo?.key ?? null,
      };
    }),
  );
  return { exhibition: { nameZh: exhibition.name_zh, nameEn: exhibition.name_en }, badges };
}

// A6 in points: the badge as it is drawn; the sheet draws it at SHEET_SCALE.
const BADGE_W = 297.64;
const BADGE_H = 419.53;
const SHEET_SCALE = 0.9;
const CUT_MARK_OFFSET = 3;
const CUT_MARK_LENGTH = 6;
const PAD = 16;
const INK = rgb(0.1, 0.1, 0.1);
const GREY = rgb(0.4, 0.4, 0.4);
const WHITE = rgb(1, 1, 1);
const HEADER = rgb(0.11, 0.27, 0.53);
const KIND_COLORS = { free: rgb(0.13, 0.5, 0.3), paid: rgb(0.8, 0.42, 0.08) } as const;
const KIND_LABELS = { free: "免费 Free", paid: "付费 Paid" } as const;
const QR_SIZE = 120;

type Fonts = { regular: PDFFont; bold: PDFFont; mono: PDFFont };

/** Lines of `text` that fit `width`, at most `max` (the last one cut with an ellipsis). */
function fitLines(text: string, font: PDFFont, size: number, width: number, max: number) {
  const lines = wrapText(text, font, size, width).filter((line) => line.trim());
  if (lines.length <= max) return lines;
  const kept = lines.slice(0, max);
  let last = kept[max - 1]!;
  while (last && font.widthOfTextAtSize(`${last}…`, size) > width) last = Array.from(last).slice(0, -1).join("");
  kept[max - 1] = `${last}…`;
  return kept;
}

function centered(page: PDFPage, text: string, font: PDFFont, size: number, y: number, color = INK) {
  page.drawText(text, { x: (BADGE_W - font.widthOfTextAtSize(text, size)) / 2, y, size, font, color });
}

/** One badge with its lower left corner at (x, y), drawn at `scale`. */
function drawBadge(page: PDFPage, fonts: Fonts, print: BadgePrint, badge: PrintableBadge, image: PDFImage | null, x: number, y: number, scale: number) {
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(scale, 0, 0, scale, x, y));
  const inner = BADGE_W - 2 * PAD;

  // Exhibition, in both languages, on the header band.
  const headerH = 80;
  page.drawRectangle({ x: 0, y: BADGE_H - headerH, width: BADGE_W, height: headerH, color: HEADER });
  const nameZh = fitLines(print.exhibition.nameZh, fonts.bold, 13, inner, 2);
  const nameEn = fitLines(print.exhibition.nameEn, fonts.regular, 7.5, inner, 2);
  // Centred in the band, however many lines the names take.
  let cursor = BADGE_H - (headerH - (nameZh.length * 15 + 3 + nameEn.length * 9.5)) / 2 + 2;
  for (const line of nameZh) centered(page, line, fonts.bold, 13, (cursor -= 15), WHITE);
  cursor -= 3;
  for (const line of nameEn) centered(page, line, fonts.regular, 7.5, (cursor -= 9.5), WHITE);

  // 'Exhibitor' and the kind, on a band in the kind's colour.
  const stripTop = BADGE_H - headerH;
  page.drawRectangle({ x: 0, y: stripTop - 22, width: BADGE_W, height: 22, color: KIND_COLORS[badge.kind] });
  page.drawText("展商证 Exhibitor", { x: PAD, y: stripTop - 15, size: 10, font: fonts.bold, color: WHITE });
  const kind = KIND_LABELS[badge.kind];
  page.drawText(kind, { x: BADGE_W - PAD - fonts.bold.widthOfTextAtSize(kind, 10), y: stripTop - 15, size: 10, font: fonts.bold, color: WHITE });

  // The photo (3:4), or an empty box to stick one on.
  const photoW = 78;
  const photoH = 104;
  const photoTop = stripTop - 22 - 12;
  if (image) {
    const fit = Math.min(photoW / image.width, photoH / image.height);
    const w = image.width * fit;
    const h = image.height * fit;
    page.drawImage(image, { x: PAD + (photoW - w) / 2, y: photoTop - photoH + (photoH - h) / 2, width: w, height: h });
  } else {
    page.drawRectangle({ x: PAD, y: photoTop - photoH, width: photoW, height: photoH, borderColor: GREY, borderWidth: 0.6, color: rgb(0.95, 0.95, 0.95) });
    const label = "照片 Photo";
    page.drawText(label, {
      x: PAD + (photoW - fonts.regular.widthOfTextAtSize(label, 8)) / 2,
      y: photoTop - photoH / 2 - 3,
      size: 8,
      font: fonts.regular,
      color: GREY,
    });
  }

  // Holder, company in both languages, booth.
  const textX = PAD + photoW + 12;
  const textW = BADGE_W - textX - PAD;
  cursor = photoTop;
  for (const line of fitLines(badge.holderName, fonts.bold, 16, textW, 2))
    page.drawText(line, { x: textX, y: (cursor -= 19), size: 16, font: fonts.bold, color: INK });
  cursor -= 5;
  for (const line of fitLines(badge.company, fonts.regular, 9, textW, 2))
    page.drawText(line, { x: textX, y: (cursor -= 11.5), size: 9, font: fonts.regular, color: INK });
  if (badge.otherCompany) {
    for (const line of fitLines(badge.otherCompany, fonts.regular, 7.5, textW, 2))
      page.drawText(line, { x: textX, y: (cursor -= 9.5), size: 7.5, font: fonts.regular, color: GREY });
  }
  page.drawText("展位 Booth", { x: textX, y: photoTop - photoH + 2, size: 8, font: fonts.regular, color: GREY });
  page.drawText(badge.boothNo, {
    x: textX + fonts.regular.widthOfTextAtSize("展位 Booth", 8) + 6,
    y: photoTop - photoH + 2,
    size: 13,
    font: fonts.bold,
    color: INK,
  });

  // The QR code, its code under it in groups for typing.
  drawQr(page, badge.signedCode, (BADGE_W - QR_SIZE) / 2, 46, QR_SIZE);
  centered(page, groupedBadgeCode(badge.signedCode), fonts.mono, 6.5, 24);
  page.pushOperators(popGraphicsState());
}

function drawCutMarks(page: PDFPage, x: number, y: number, w: number, h: number) {
  const mark = { thickness: 0.4, color: GREY };
  for (const [cx, cy, dx, dy] of [
    [x, y, -1, -1],
    [x + w, y, 1, -1],
    [x, y + h, -1, 1],
    [x + w, y + h, 1, 1],
  ] as const) {
    page.drawLine({ start: { x: cx + dx * CUT_MARK_OFFSET, y: cy }, end: { x: cx + dx * (CUT_MARK_OFFSET + CUT_MARK_LENGTH), y: cy }, ...mark });
    page.drawLine({ start: { x: cx, y: cy + dy * CUT_MARK_OFFSET }, end: { x: cx, y: cy + dy * (CUT_MARK_OFFSET + CUT_MARK_LENGTH) }, ...mark });
  }
}

/** A JPEG or PNG embedded once per document; anything else, or bytes that do not decode, gives null. */
async function embedPhoto(doc: PDFDocument, bytes: Uint8Array | null) {
  if (!bytes || bytes.length < 8) return null;
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return await doc.embedJpg(bytes);
    if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return await doc.embedPng(bytes);
  } catch {
    // An unreadable image prints the empty box.
  }
  return null;
}

export async function renderBadgesPdf(print: BadgePrint, layout: PrintLayout): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  // The contracts' fonts with fixed subset names, so the same badges give the same bytes.
  const fonts: Fonts = { ...(await embedContractFonts(doc, "PCBDG")), mono: await doc.embedFont(StandardFonts.Courier) };
  const images = new Map<string, Promise<PDFImage | null>>();
  const imageOf = (badge: PrintableBadge) => {
    if (!badge.photoKey) return Promise.resolve(null);
    if (!images.has(badge.photoKey)) images.set(badge.photoKey, embedPhoto(doc, badge.photo));
    return images.get(badge.photoKey)!;
  };

  if (layout === "single") {
    for (const badge of print.badges) {
      const page = doc.addPage([BADGE_W, BADGE_H]);
      drawBadge(page, fonts, print, badge, await imageOf(badge), 0, 0, 1);
    }
  } else {
    const w = BADGE_W * SHEET_SCALE;
    const h = BADGE_H * SHEET_SCALE;
    const marginX = (A4[0] - 2 * w) / 3;
    const marginY = (A4[1] - 2 * h) / 3;
    for (let start = 0; start < print.badges.length; start += 4) {
      const page = doc.addPage(A4);
      for (const [index, badge] of print.badges.slice(start, start + 4).entries()) {
        const x = marginX + (index % 2) * (w + marginX);
        const y = A4[1] - (Math.floor(index / 2) + 1) * (h + marginY);
        drawBadge(page, fonts, print, badge, await imageOf(badge), x, y, SHEET_SCALE);
        drawCutMarks(page, x, y, w, h);
      }
    }
  }
  return doc.save();
}
