import crypto from "node:crypto";
import { sql } from "kysely";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import type { ImageFormat } from "../../app/contracts/promotion/images/schema";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import type { DownloadName } from "../api/file-answer";
import type { Caller } from "../auth/caller";
import type { Database } from "../db/database";
import { approvedPublicProfile } from "../exhibitor/public-profile";
import type { ObjectStore } from "../uploads/object-store";
import { insertStagedFile, stageFile } from "../uploads/staged-files";
import { type InvitationRenderInput, type PosterKind, type PosterRenderInput, pngToPdf, renderInvitationPng, renderPosterPng } from "./render";
import { profileText } from "../exhibitor/names";

/**
 * The exhibitor's invitation and poster images (decision 031), kept as stored files: one
 * promotion_images row per (exhibitor, exhibition, kind, format) holds the file and a hash of
 * everything it was made from. A request whose inputs hash the same gets the stored file; otherwise
 * the image is rendered, stored, and replaces the row (the old file is removed). A PDF is made
 * from the PNG of the same inputs (itself cached).
 */
export type ImageSubject = { kind: "invitation"; id: number } | { kind: "poster"; poster: PosterKind };
export type ImageDeps = { db: Database; store: ObjectStore };

/** Part of every hash: a change of the layouts renders every image again. */
const LAYOUT_VERSION = 1;
/** Not an upload folder: no upload policy covers these keys. */
const IMAGE_FOLDER = "promotion-images";
const CONTENT_TYPES: Record<ImageFormat, string> = { png: "image/png", pdf: "application/pdf" };
const PICTURE_MAX_BYTES = 12 * 1024 * 1024;

const noBooth = () => new ApiError(ApiCode.badRequest, "promotion.images.errors.noBooth");
const invitationNotFound = () => notFound("promotion.errors.invitationNotFound");

/** The exhibition, the caller's booth (the session's, else the first) with its hall, and the company's names. */
async function exhibitorFacts(db: Database, caller: Caller) {
  const [exhibition, booths, { names }] = await Promise.all([
    db
      .selectFrom("exhibitions")
      .select(["name_zh", "name_en", "venue_zh", "venue_en"])
      .select([sql<string>`to_char(starts_on, 'YYYY-MM-DD')`.as("starts_on"), sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as("ends_on")])
      .where("id", "=", caller.exhibitionId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("booths as b")
      .leftJoin("halls as h", "h.id", "b.hall_id")
      .select(["b.id", "b.booth_no", "h.name_zh as hall_zh", "h.name_en as hall_en"])
      .where("b.user_id", "=", caller.userId)
      .where("b.exhibition_id", "=", caller.exhibitionId)
      .orderBy("b.id")
      .execute(),
    approvedPublicProfile(db, caller),
  ]);
  const booth = booths.find((b) => b.id === caller.sessionBoothId) ?? booths[0];
  if (!booth) throw noBooth();
  // Public: the approved profile's names, else the account's (never a draft or a submission under review).
  const { zh, en } = names;
  return {
    exhibition: {
      nameZh: exhibition.name_zh,
      nameEn: exhibition.name_en,
      startsOn: exhibition.starts_on,
      endsOn: exhibition.ends_on,
      venueZh: exhibition.venue_zh,
      venueEn: exhibition.venue_en,
    },
    booth: { boothNo: booth.booth_no, hallZh: booth.hall_zh, hallEn: booth.hall_en },
    company: { zh: zh ?? en ?? names.username, en: en ?? "" },
  };
}

type Plan = {
  kind: string;
  hash: string;
  name: (language: Language, format: ImageFormat) => DownloadName;
  render: (pictures: (fileId: string | null, ownerUserId: number | null) => Promise<Uint8Array | null>) => Promise<Uint8Array>;
};

const hashOf = (value: unknown) =>
  crypto
    .createHash("sha256")
    .update(JSON.stringify({ v: LAYOUT_VERSION, ...(value as object) }))
    .digest("hex");

async function invitationPlan(db: Database, caller: Caller, id: number, link: () => Promise<string>): Promise<Plan> {
  const invitation = await db
    .selectFrom("invitations as i")
    .innerJoin("invitation_templates as t", "t.id", "i.template_id")
    .select(["i.id", "i.name", "i.company_name", "i.exhibit_ids", "i.version"])
    .select(["t.id as template_id", "t.language", "t.exhibit_slots", "t.background_file_id", "t.updated_at as template_updated_at"])
    .where("i.id", "=", id)
    .where("i.user_id", "=", caller.userId)
    .where("i.exhibition_id", "=", caller.exhibitionId)
    .executeTakeFirst();
  if (!invitation) throw invitationNotFound();
  const facts = await exhibitorFacts(db, caller);
  // The visitor page keeps the invitation a registration came through (`?inv=`; docs/product.md § Promotion).
  const trackingLink = `${await link()}?inv=${invitation.id}`;
  const wanted = (Array.isArray(invitation.exhibit_ids) ? invitation.exhibit_ids : []).slice(0, invitation.exhibit_slots);
  const rows = wanted.length
    ? await db
        .selectFrom("exhibits")
        .select(["id", "name_zh", "name_en", "image_file_ids", "version"])
        .where("id", "in", wanted)
        .where("user_id", "=", caller.userId)
        .where("exhibition_id", "=", caller.exhibitionId)
        .execute()
    : [];
  // In the invitation's order; a deleted exhibit drops out.
  const exhibits = wanted.flatMap((exhibitId) => rows.find((r) => r.id === exhibitId) ?? []);
  const firstImage = (ids: unknown) => (Array.isArray(ids) && typeof ids[0] === "string" ? ids[0] : null);
  const company = profileText(invitation.company_name) ?? facts.company.zh;
  // On a bilingual template the company's name in the other language is shown under it.
  const other = invitation.language === "bilingual" ? ([facts.company.en, facts.company.zh].find((n) => n && n !== company) ?? null) : null;
  const input: Omit<InvitationRenderInput, "exhibits" | "background"> & { exhibits: { nameZh: string; nameEn: string }[] } = {
    exhibition: facts.exhibition,
    booth: facts.booth,
    trackingLink,
    language: invitation.language,
    companyName: company,
    companyOther: other,
    exhibits: exhibits.map((e) => ({ nameZh: e.name_zh, nameEn: e.name_en })),
  };
  return {
    kind: `invitation:${invitation.id}`,
    hash: hashOf({
      ...input,
      invitation: { id: invitation.id, version: invitation.version },
      template: { id: invitation.template_id, updatedAt: new Date(invitation.template_updated_at).toISOString(), background: invitation.background_file_id },
      exhibits: exhibits.map((e) => ({ id: e.id, version: e.version, nameZh: e.name_zh, nameEn: e.name_en, image: firstImage(e.image_file_ids) })),
    }),
    name: (language, format) => ({
      filename: `${translate(language, "promotion.images.fileNames.invitation", { name: invitation.name })}.${format}`,
      ascii: `invitation-${invitation.id}.${format}`,
    }),
    render: async (picture) =>
      renderInvitationPng({
        ...input,
        exhibits: await Promise.all(
          exhibits.map(async (e) => ({ nameZh: e.name_zh, nameEn: e.name_en, picture: await picture(firstImage(e.image_file_ids), caller.userId) })),
        ),
        // The organizer's picture: any owner.
        background: await picture(invitation.background_file_id, null),
      }),
  };
}

async function posterPlan(db: Database, caller: Caller, poster: PosterKind, link: () => Promise<string>): Promise<Plan> {
  const facts = await exhibitorFacts(db, caller);
  const input: PosterRenderInput = {
    exhibition: facts.exhibition,
    booth: facts.booth,
    trackingLink: await link(),
    kind: poster,
    companyZh: facts.company.zh,
    companyEn: facts.company.en,
  };
  return {
    kind: `poster:${poster}`,
    hash: hashOf(input),
    name: (language, format) => ({
      filename: `${translate(language, `promotion.images.fileNames.${poster}`, { booth: facts.booth.boothNo })}.${format}`,
      ascii: `poster-${poster}-${facts.booth.boothNo.replace(/[^A-Za-z0-9-]/g, "")}.${format}`,
    }),
    render: () => renderPosterPng(input),
  };
}

/** A stored picture's bytes, or null: gone, too large, not the expected owner's, or unreadable. */
async function readPicture(deps: ImageDeps, fileId: string | null, ownerUserId: number | null): Promise<Uint8Array | null> {
  if (!fileId) return null;
  try {
    const file = await deps.db.selectFrom("stored_files").select(["storage_key", "owner_user_id", "size_bytes"]).where("id", "=", fileId).executeTakeFirst();
    if (!file || (ownerUserId !== null && file.owner_user_id !== ownerUserId) || file.size_bytes > PICTURE_MAX_BYTES) return null;
    const info = await deps.store.stat(file.storage_key);
    if (!info || info.sizeBytes === 0 || info.sizeBytes > PICTURE_MAX_BYTES) return null;
    return new Uint8Array(await deps.store.readRange(file.storage_key, 0, info.sizeBytes - 1));
  } catch {
    return null;
  }
}

/** The cached file's bytes when its hash matches, else null (also when its bytes are gone). */
async function cached(deps: ImageDeps, caller: Caller, kind: string, format: ImageFormat, hash: string) {
  const row = await deps.db
    .selectFrom("promotion_images as p")
    .innerJoin("stored_files as f", "f.id", "p.file_id")
    .select(["p.input_hash", "f.storage_key"])
    .where("p.user_id", "=", caller.userId)
    .where("p.exhibition_id", "=", caller.exhibitionId)
    .where("p.kind", "=", kind)
    .where("p.format", "=", format)
    .executeTakeFirst();
  if (!row || row.input_hash !== hash) return null;
  try {
    const info = await deps.store.stat(row.storage_key);
    if (!info) return null;
    return new Uint8Array(await deps.store.readRange(row.storage_key, 0, info.sizeBytes - 1));
  } catch {
    return null;
  }
}

/** Stores a rendered image and makes it the row's file, unless another request stored the same inputs first. */
async function store(deps: ImageDeps, caller: Caller, plan: Plan, format: ImageFormat, bytes: Uint8Array, now: Date) {
  const staged = await stageFile(deps.store, {
    ownerUserId: caller.userId,
    folder: IMAGE_FOLDER,
    name: plan.name("zh", format).ascii,
    bytes,
    now,
    contentType: CONTENT_TYPES[format],
    ext: format,
  });
  const key = { user_id: caller.userId, exhibition_id: caller.exhibitionId, kind: plan.kind, format };
  const replaced = await deps.db
    .transaction()
    .execute(async (trx) => {
      const current = await trx
        .selectFrom("promotion_images")
        .select(["input_hash", "file_id"])
        .where("user_id", "=", key.user_id)
        .where("exhibition_id", "=", key.exhibition_id)
        .where("kind", "=", key.kind)
        .where("format", "=", key.format)
        .forUpdate()
        .executeTakeFirst();
      if (current?.input_hash === plan.hash) return { kept: true as const };
      await insertStagedFile(trx, staged);
      await trx
        .insertInto("promotion_images")
        .values({ ...key, input_hash: plan.hash, file_id: staged.id, created_at: now })
        .onConflict((oc) => oc.columns(["user_id", "exhibition_id", "kind", "format"]).doUpdateSet({ input_hash: plan.hash, file_id: staged.id }))
        .execute();
      return { kept: false as const, oldFileId: current?.file_id ?? null };
    })
    .catch(async (error) => {
      await staged.discard().catch(() => undefined);
      throw error;
    });
  if (replaced.kept) {
    await staged.discard().catch(() => undefined);
    return;
  }
  if (replaced.oldFileId) await removeFile(deps, replaced.oldFileId);
}

/** The replaced image's file: no record points at it any more. */
async function removeFile(deps: ImageDeps, fileId: string) {
  try {
    const removed = await deps.db.deleteFrom("stored_files").where("id", "=", fileId).returning("storage_key").executeTakeFirst();
    if (removed) await deps.store.delete(removed.storage_key);
  } catch {
    // Left for a later sweep: an unreferenced file costs space only.
  }
}

// Two requests for the same image at once share one render.
const inFlight = new Map<string, Promise<Uint8Array>>();

async function imageBytes(deps: ImageDeps, caller: Caller, plan: Plan, format: ImageFormat, now: Date): Promise<Uint8Array> {
  const hit = await cached(deps, caller, plan.kind, format, plan.hash);
  if (hit) return hit;
  const flightKey = `${caller.userId}:${caller.exhibitionId}:${plan.kind}:${format}:${plan.hash}`;
  let pending = inFlight.get(flightKey);
  if (!pending) {
    pending = (async () => {
      const png = format === "png" ? await plan.render((fileId, owner) => readPicture(deps, fileId, owner)) : await imageBytes(deps, caller, plan, "png", now);
      const bytes = format === "png" ? png : await pngToPdf(png, plan.name("en", "pdf").ascii.replace(/\.pdf$/, ""));
      await store(deps, caller, plan, format, bytes, now);
      return bytes;
    })().finally(() => inFlight.delete(flightKey));
    inFlight.set(flightKey, pending);
  }
  return pending;
}

export type PromotionImage = { bytes: Uint8Array; contentType: string; name: DownloadName };

/**
 * The caller's image: an invitation of its own (another's answers 404 like an unknown one) or a
 * poster; an account without a booth (the organizer) has none (400). `trackingLink` is asked for
 * only after those checks, so no tracking code is made for a refused caller.
 */
export async function promotionImage(
  deps: ImageDeps,
  caller: Caller,
  subject: ImageSubject,
  format: ImageFormat,
  trackingLink: () => Promise<string>,
  language: Language,
  now: Date,
): Promise<PromotionImage> {
  const plan =
    subject.kind === "invitation"
      ? await invitationPlan(deps.db, caller, subject.id, trackingLink)
      : await posterPlan(deps.db, caller, subject.poster, trackingLink);
  const bytes = await imageBytes(deps, caller, plan, format, now);
  return { bytes, contentType: CONTENT_TYPES[format], name: plan.name(language, format) };
}
