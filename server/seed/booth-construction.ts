import type { DrawingKind } from "../../app/contracts/booth-construction/api-types";
import { DRAWING_KINDS, FASCIA_NAME_EN_MAX, FASCIA_NAME_ZH_MAX } from "../../app/contracts/booth-construction/schema";
import { recordEvent } from "../booth-construction/common";
import { DRAWING_FOLDER, DRAWING_KIND_LABELS } from "../booth-construction/drawings";
import type { Db } from "../db/database";
import { saveUpload } from "../uploads/files";
import type { ObjectStore } from "../uploads/object-store";
import type { DemoCalendar } from "./demo-calendar";

/** The exhibition's insurance minimum: ¥1,000,000 of public liability. */
const DEMO_INSURANCE_MIN_CENTS = 100_000_000;

/**
 * The demo exhibition's booth construction: its calendar (build-up from the raw-space move-in to
 * the standard move-in, dismantling on the last show day), std01's standard booth 1A01 with a draft
 * build, and raw01's special booth 2B10 with one version of each drawing waiting for review.
 * Adds only what is missing. The drawings are files, so they need the object store; without one
 * (the tests' seeded database) they are left out and the rest is seeded.
 */
export async function seedBoothConstruction(db: Db, exhibitionId: number, calendar: DemoCalendar, store?: ObjectStore) {
  await db
    .insertInto("construction_settings")
    .values({
      exhibition_id: exhibitionId,
      build_up_from: calendar.rawMoveIn.from,
      build_up_to: calendar.standardMoveIn,
      dismantle_from: calendar.endsOn,
      dismantle_to: calendar.endsOn,
      insurance_min_cents: DEMO_INSURANCE_MIN_CENTS,
    })
    .onConflict((oc) => oc.column("exhibition_id").doNothing())
    .execute();

  const booths = await db
    .selectFrom("booths as b")
    .innerJoin("users as u", "u.id", "b.user_id")
    .select(["b.id", "b.user_id", "b.booth_no", "u.username", "u.business_name", "u.business_name_en"])
    .where("b.exhibition_id", "=", exhibitionId)
    .where("b.booth_no", "in", ["1A01", "2B10"])
    .execute();
  const standard = booths.find((b) => b.booth_no === "1A01");
  if (standard) {
    await db
      .insertInto("standard_builds")
      .values({
        exhibition_id: exhibitionId,
        user_id: standard.user_id,
        booth_id: standard.id,
        status: "draft",
        fascia_mode: "standard",
        fascia_name_zh: (standard.business_name ?? "").slice(0, FASCIA_NAME_ZH_MAX),
        fascia_name_en: (standard.business_name_en ?? "").slice(0, FASCIA_NAME_EN_MAX),
        unneeded_equipment: JSON.stringify(["trashCan"]),
        // An early positioning day inside build-up: the last raw-space move-in day.
        positioning_date: calendar.rawMoveIn.to,
      })
      .onConflict((oc) => oc.column("booth_id").doNothing())
      .execute();
  }

  const special = booths.find((b) => b.booth_no === "2B10");
  if (special && store) await seedDrawings(db, store, exhibitionId, special);
}

/** One submitted version of each kind, with its 'submit' line of history; none when the booth has any. */
async function seedDrawings(db: Db, store: ObjectStore, exhibitionId: number, booth: { id: number; user_id: number; booth_no: string; username: string }) {
  const present = await db.selectFrom("booth_drawings").select("id").where("booth_id", "=", booth.id).executeTakeFirst();
  if (present) return;
  const notes: Record<DrawingKind, string> = {
    design: "Two-storey booth, 9 × 6 m, open on two sides",
    structure: "Steel frame, max height 6 m",
    qualification: "Builder licence and safety certificate",
  };
  for (const kind of DRAWING_KINDS) {
    const title = `Booth ${booth.booth_no} - ${DRAWING_KIND_LABELS.en[kind]} v1`;
    const file = await saveUpload(db, store, {
      ownerUserId: booth.user_id,
      folder: DRAWING_FOLDER,
      originalName: `${booth.booth_no}-${kind}-v1.pdf`,
      bytes: await demoPdf(title),
    });
    const created = await db
      .insertInto("booth_drawings")
      .values({
        exhibition_id: exhibitionId,
        user_id: booth.user_id,
        booth_id: booth.id,
        kind,
        version: 1,
        file_id: file.id,
        note: notes[kind],
        status: "submitted",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordEvent(db, {
      exhibitionId,
      userId: booth.user_id,
      boothId: booth.id,
      subject: "drawing",
      recordId: created.id,
      action: "submit",
      comment: notes[kind],
      actor: { id: booth.user_id, label: booth.username },
    });
  }
}

/** A one-page A4 landscape sheet: the title and a rough sketch of a booth. */
async function demoPdf(title: string): Promise<Buffer> {
  // pdf-lib is loaded only when drawings are made (a boot with a store), not for every seeded database.
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  // Fixed dates: the same title gives the same bytes.
  pdf.setCreationDate(new Date(0));
  pdf.setModificationDate(new Date(0));
  const page = pdf.addPage([842, 595]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 50, y: 540, size: 20, font });
  const line = rgb(0.2, 0.3, 0.5);
  page.drawRectangle({ x: 120, y: 120, width: 540, height: 360, borderColor: line, borderWidth: 2 });
  page.drawRectangle({ x: 140, y: 340, width: 200, height: 120, borderColor: line, borderWidth: 1 });
  page.drawRectangle({ x: 460, y: 140, width: 180, height: 100, borderColor: line, borderWidth: 1 });
  page.drawLine({ start: { x: 120, y: 300 }, end: { x: 660, y: 300 }, thickness: 0.5, color: line, dashArray: [6, 4] });
  page.drawText("Demo sketch, not to scale", { x: 120, y: 95, size: 10, font, color: line });
  return Buffer.from(await pdf.save());
}
