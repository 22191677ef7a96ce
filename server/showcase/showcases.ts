import crypto from "node:crypto";
import QRCode from "qrcode";
import type { Language } from "../../app/contracts/i18n/config";
import type { ShowcaseAdminRow, ShowcaseMine, ShowcaseQr } from "../../app/contracts/showcase/api-types";
import { SHOWCASE_EXHIBITS_MAX, showcasePath } from "../../app/contracts/showcase/values";
import { ApiCode, ApiError, fieldError, notFound } from "../api/envelope";
import type { Caller } from "../auth/caller";
import type { Database } from "../db/database";
import { companyNamesOf } from "../promotion/rankings";
import { trackingCodeOf } from "../promotion/tracking";
import { storedFileUrl } from "../uploads/files";

/**
 * The exhibitor's showcase (issue 40, decision 036): the public page that stands in for the custom
 * mini-program. One per exhibitor and exhibition, made by the first save; 1 to 3 of the caller's own
 * exhibits, each with an image, in the chosen order. Another exhibitor's exhibit answers like an
 * unknown one. The organizer lists every showcase of the exhibition and can hide one.
 */

const notSaved = () => new ApiError(ApiCode.badRequest, "showcase.errors.notSaved");

/** jsonb comes back parsed from both drivers; an odd value counts as no images. */
export const fileIdsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/** 12 url-safe characters (72 bits): not guessable, short enough for a QR code that scans at a glance. */
const newPublicCode = () => crypto.randomBytes(9).toString("base64url");

/** The public page's absolute link: PUBLIC_URL, else the origin the exhibitor's request came in on. */
export const showcaseLink = (publicUrl: string | undefined, requestOrigin: string, code: string) =>
  new URL(showcasePath(code), publicUrl ?? requestOrigin).toString();

function ownShowcase(db: Database, caller: Pick<Caller, "userId" | "exhibitionId">) {
  return db
    .selectFrom("showcases")
    .select(["id", "public_code", "enabled", "hidden_by_organizer"])
    .where("user_id", "=", caller.userId)
    .where("exhibition_id", "=", caller.exhibitionId)
    .executeTakeFirst();
}

export async function myShowcase(db: Database, caller: Caller, link: (code: string) => string): Promise<ShowcaseMine> {
  const [exhibits, showcase] = await Promise.all([
    db
      .selectFrom("exhibits")
      .select(["id", "name_zh", "name_en", "image_file_ids"])
      .where("user_id", "=", caller.userId)
      .where("exhibition_id", "=", caller.exhibitionId)
      .orderBy("sort")
      .orderBy("id")
      .execute(),
    ownShowcase(db, caller),
  ]);
  const selected = showcase
    ? await db.selectFrom("showcase_exhibits").select("exhibit_id").where("showcase_id", "=", showcase.id).orderBy("position").execute()
    : [];
  return {
    candidates: exhibits.map((e) => {
      const first = fileIdsOf(e.image_file_ids)[0];
      return { id: e.id, nameZh: e.name_zh, nameEn: e.name_en, imageUrl: first ? storedFileUrl(first) : null };
    }),
    selected: selected.map((s) => s.exhibit_id),
    enabled: showcase?.enabled ?? true,
    hiddenByOrganizer: showcase?.hidden_by_organizer ?? false,
    publicUrl: showcase ? link(showcase.public_code) : null,
    max: SHOWCASE_EXHIBITS_MAX,
  };
}

/** Saves the selection in order (the schema has checked 1 to 3 distinct ids); the showcase is made by the first save. */
export async function saveShowcase(db: Database, caller: Caller, exhibitIds: number[], now: Date): Promise<void> {
  const rows = await db
    .selectFrom("exhibits")
    .select(["id", "name_zh", "name_en", "image_file_ids"])
    .where("id", "in", exhibitIds)
    .where("user_id", "=", caller.userId)
    .where("exhibition_id", "=", caller.exhibitionId)
    .execute();
  if (rows.length !== exhibitIds.length) throw fieldError("showcase.errors.exhibitNotFound", "exhibitIds");
  for (const id of exhibitIds) {
    const row = rows.find((r) => r.id === id);
    if (row && !fileIdsOf(row.image_file_ids).length) throw fieldError("showcase.errors.noImage", "exhibitIds", { name: row.name_zh || row.name_en });
  }
  // The visitor pre-registration the page links to counts for this exhibitor: its tracking code exists from now on.
  await trackingCodeOf(db, caller);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("showcases")
      .values({ exhibition_id: caller.exhibitionId, user_id: caller.userId, public_code: newPublicCode(), updated_at: now })
      .onConflict((oc) => oc.columns(["exhibition_id", "user_id"]).doUpdateSet({ updated_at: now }))
      .execute();
    // Locked: two saves at once write one selection after the other.
    const showcase = await trx
      .selectFrom("showcases")
      .select("id")
      .where("user_id", "=", caller.userId)
      .where("exhibition_id", "=", caller.exhibitionId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    await trx.deleteFrom("showcase_exhibits").where("showcase_id", "=", showcase.id).execute();
    await trx
      .insertInto("showcase_exhibits")
      .values(exhibitIds.map((exhibit_id, index) => ({ showcase_id: showcase.id, exhibit_id, position: index + 1 })))
      .execute();
  });
}

/** The exhibitor's own switch. */
export async function enableShowcase(db: Database, caller: Caller, enabled: boolean, now: Date): Promise<void> {
  const updated = await db
    .updateTable("showcases")
    .set({ enabled, updated_at: now })
    .where("user_id", "=", caller.userId)
    .where("exhibition_id", "=", caller.exhibitionId)
    .returning("id")
    .executeTakeFirst();
  if (!updated) throw notSaved();
}

/** The QR code of the caller's public page, as a PNG data URL, with the link it carries. */
export async function showcaseQr(db: Database, caller: Caller, link: (code: string) => string, width = 512): Promise<ShowcaseQr> {
  const showcase = await ownShowcase(db, caller);
  if (!showcase) throw notSaved();
  const url = link(showcase.public_code);
  return { url, png: await QRCode.toDataURL(url, { type: "image/png", width, margin: 2, errorCorrectionLevel: "M" }) };
}

/* ------------------------------------------------------------------ the organizer's */

export async function listShowcases(db: Database, caller: Caller, language: Language): Promise<ShowcaseAdminRow[]> {
  const rows = await db
    .selectFrom("showcases as s")
    .innerJoin("users as u", "u.id", "s.user_id")
    .leftJoin("showcase_exhibits as x", "x.showcase_id", "s.id")
    .select(["s.id", "s.user_id", "s.public_code", "s.enabled", "s.hidden_by_organizer", "s.updated_at", "u.username"])
    .select((eb) => eb.fn.count<string>("x.exhibit_id").as("exhibits"))
    .where("s.exhibition_id", "=", caller.exhibitionId)
    .groupBy(["s.id", "u.username"])
    .orderBy("s.id")
    .execute();
  const names = await companyNamesOf(
    db,
    caller.exhibitionId,
    rows.map((r) => r.user_id),
    language,
  );
  return rows.map((r) => ({
    id: r.id,
    company: names.get(r.user_id) || r.username,
    username: r.username,
    code: r.public_code,
    enabled: r.enabled,
    hidden: r.hidden_by_organizer,
    exhibits: Number(r.exhibits),
    updatedAt: new Date(r.updated_at).toISOString(),
  }));
}

export async function hideShowcase(db: Database, caller: Caller, id: number, hidden: boolean): Promise<void> {
  const updated = await db
    .updateTable("showcases")
    .set({ hidden_by_organizer: hidden })
    .where("id", "=", id)
    .where("exhibition_id", "=", caller.exhibitionId)
    .returning("id")
    .executeTakeFirst();
  if (!updated) throw notFound("showcase.errors.notFound");
}
