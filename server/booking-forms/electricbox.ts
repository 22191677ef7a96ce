import { sql } from "kysely";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";
import type { ElectricboxImage } from "../../app/contracts/booking-forms/schema";
import type { Database } from "../db/database";
import { storedFileUrl } from "../uploads/files";
import { ownBooths, ownFile, recordEvent, resolveBooth, type Actor, type Owner } from "./common";
import { iso } from "../db/column-values";

/**
 * The electric box (facility) location map: one file per booth, uploaded into 'eletricbox-img';
 * uploading again replaces it. `/index/judge` answers whether the session's booth has one.
 */

export async function listMaps(db: Database, owner: Owner): Promise<ElectricboxImage[]> {
  const booths = await ownBooths(db, owner);
  if (!booths.length) return [];
  const rows = await db
    .selectFrom("electricbox_images as e")
    .innerJoin("stored_files as f", "f.id", "e.file_id")
    .select(["e.booth_id", "e.file_id", "f.original_name", "e.updated_at"])
    .where("e.user_id", "=", owner.userId)
    .where(
      "e.booth_id",
      "in",
      booths.map((b) => b.id),
    )
    .execute();
  return booths.map((booth) => {
    const row = rows.find((r) => r.booth_id === booth.id);
    return {
      boothId: booth.id,
      boothNo: booth.boothNo,
      fileUrl: row ? storedFileUrl(row.file_id) : null,
      fileName: row?.original_name ?? null,
      updatedAt: iso(row?.updated_at ?? null),
    };
  });
}

export async function mapOf(db: Database, owner: Owner, boothId?: number) {
  const booth = await resolveBooth(db, owner, boothId);
  return (await listMaps(db, owner)).find((m) => m.boothId === booth.id)!;
}

/** The spec's flag: has the session's booth (else the caller's first) a location map? No booth: false. */
export async function judgeUploaded(db: Database, owner: Owner) {
  const booths = await ownBooths(db, owner);
  const booth = booths.find((b) => b.id === owner.sessionBoothId) ?? booths[0];
  if (!booth) return { uploaded: false, boothNo: null };
  const row = await db
    .selectFrom("electricbox_images")
    .select("booth_id")
    .where("booth_id", "=", booth.id)
    .where("user_id", "=", owner.userId)
    .executeTakeFirst();
  return { uploaded: Boolean(row), boothNo: booth.boothNo };
}

export async function saveMap(db: Database, owner: Owner, actor: Actor, input: { boothId: number; fileUrl: string }) {
  const booth = await resolveBooth(db, owner, input.boothId);
  const file = await ownFile(db, owner, input.fileUrl, "eletricbox-img", "fileUrl");
  await db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("electricbox_images").select("file_id").where("booth_id", "=", booth.id).executeTakeFirst();
    await trx
      .insertInto("electricbox_images")
      .values({ booth_id: booth.id, user_id: owner.userId, file_id: file.id })
      .onConflict((oc) =>
        oc
          .column("booth_id")
          .doUpdateSet({ file_id: file.id, user_id: owner.userId, updated_at: new Date(), version: sql<number>`electricbox_images.version + 1` }),
      )
      .execute();
    await recordEvent(trx, owner, actor, "electricbox", booth.id, before ? "replaced" : "created", {
      boothNo: booth.boothNo,
      fileId: file.id,
      previousFileId: before?.file_id ?? null,
    });
  });
  return mapOf(db, owner, booth.id);
}

export async function deleteMap(db: Database, owner: Owner, actor: Actor, boothId: number) {
  const booth = await resolveBooth(db, owner, boothId);
  await db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom("electricbox_images")
      .where("booth_id", "=", booth.id)
      .where("user_id", "=", owner.userId)
      .returning("file_id")
      .executeTakeFirst();
    if (removed) await recordEvent(trx, owner, actor, "electricbox", booth.id, "deleted", { boothNo: booth.boothNo, fileId: removed.file_id });
  });
  return mapOf(db, owner, booth.id);
}

/**
 * The template: the booth drawn to scale on a 1 m grid, for the exhibitor to mark the electric
 * box and print or scan. Latin text only, so the standard PDF fonts suffice.
 */
export async function templatePdf(db: Database, owner: Owner, boothId?: number) {
  const ref = await resolveBooth(db, owner, boothId);
  const booth = await db.selectFrom("booths").select(["booth_no", "width_m", "depth_m", "area_m2"]).where("id", "=", ref.id).executeTakeFirstOrThrow();
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Electric box position plan - booth ${booth.booth_no}`);
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const text = (value: string, x: number, y: number, size = 11, f = font) => page.drawText(value, { x, y, size, font: f, color: rgb(0.1, 0.1, 0.1) });

  text("Electric box position plan", 50, 790, 18, bold);
  text(`Booth ${booth.booth_no}   ${Number(booth.width_m)} m x ${Number(booth.depth_m)} m (${Number(booth.area_m2)} m2)`, 50, 765, 12);
  text("Mark the electric box with E and the socket positions with S; mark the aisle side(s).", 50, 742, 10);
  text("Upload the completed plan (image or PDF) on the Facility location map page.", 50, 728, 10);

  // The booth to scale in a 440 x 440 box, one square per metre.
  const width = Math.max(1, Number(booth.width_m));
  const depth = Math.max(1, Number(booth.depth_m));
  const cell = Math.min(440 / width, 440 / depth);
  const left = 50 + (495 - cell * width) / 2;
  const bottom = 250;
  for (let i = 0; i <= width; i++)
    page.drawLine({
      start: { x: left + i * cell, y: bottom },
      end: { x: left + i * cell, y: bottom + depth * cell },
      thickness: i % width === 0 ? 2 : 0.4,
      color: rgb(0.4, 0.4, 0.4),
    });
  for (let j = 0; j <= depth; j++)
    page.drawLine({
      start: { x: left, y: bottom + j * cell },
      end: { x: left + width * cell, y: bottom + j * cell },
      thickness: j % depth === 0 ? 2 : 0.4,
      color: rgb(0.4, 0.4, 0.4),
    });
  text("1 square = 1 m", left, bottom - 18, 9);

  text("Exhibitor: ______________________________   Signature: __________________   Date: __________", 50, 150, 10);
  text("Power needed (kW): __________   Electric box: 220 V / 380 V (circle one)", 50, 125, 10);
  const bytes = await pdf.save();
  return { bytes: Buffer.from(bytes), fileName: `electric-box-plan-${booth.booth_no.replace(/[^A-Za-z0-9-]/g, "")}.pdf` };
}
