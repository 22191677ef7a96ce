import type { Language } from "../../app/contracts/i18n/config";
import type { ShowcasePublic } from "../../app/contracts/showcase/api-types";
import type { ShowcaseImageSlot } from "../../app/contracts/showcase/values";
import { notFound } from "../api/envelope";
import type { Database } from "../db/database";
import { approvedPublicProfile } from "../exhibitor/public-profile";
import { trackingCodeOf } from "../promotion/tracking";
import { countView } from "../promotion/views";
import type { ObjectStore } from "../uploads/object-store";
import { storedFileIdOf } from "../uploads/files";
import { ownedFile } from "../uploads/own-upload";
import { publicVideoFor } from "../video/videos";
import { fileIdsOf } from "./showcases";

/**
 * The public showcase page of a code (issue 40, decision 036), for anyone without a session. Only
 * what is meant public: the company's names, logo and introduction from the profile as last
 * approved (server/exhibitor/public-profile.ts: a draft or a submission under review never), the booths, and the chosen exhibits. An
 * unknown code, a page its exhibitor switched off or the organizer hid: 404, the same for all three.
 * Opening it counts a view of the exhibitor's tracking code (server/promotion/views.ts), so the
 * popularity ranking includes it.
 */

const showcaseNotFound = () => notFound("showcase.errors.notFound");
const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : "");
const inLanguage = (language: Language, zh: string, en: string) => (language === "en" ? en || zh : zh || en);
/** Pictures the page shows: PNG and JPEG (what exhibit and logo uploads allow), not too large. */
const PICTURE_TYPES = new Set(["image/png", "image/jpeg"]);
const PICTURE_MAX_BYTES = 12 * 1024 * 1024;

async function openShowcase(db: Database, code: string) {
  const row = await db
    .selectFrom("showcases as s")
    .innerJoin("exhibitions as e", "e.id", "s.exhibition_id")
    .select(["s.id", "s.user_id", "s.exhibition_id", "e.name_zh as exhibition_zh", "e.name_en as exhibition_en"])
    .where("s.public_code", "=", code)
    .where("s.enabled", "=", true)
    .where("s.hidden_by_organizer", "=", false)
    .executeTakeFirst();
  if (!row) throw showcaseNotFound();
  return row;
}

async function chosenExhibits(db: Database, showcaseId: number) {
  return db
    .selectFrom("showcase_exhibits as x")
    .innerJoin("exhibits as e", "e.id", "x.exhibit_id")
    .select(["x.position", "e.name_zh", "e.name_en", "e.description_zh", "e.description_en", "e.image_file_ids"])
    .where("x.showcase_id", "=", showcaseId)
    .orderBy("x.position")
    .execute();
}

export async function publicShowcase(
  db: Database,
  input: { code: string; ip: string; userAgent: string | null | undefined },
  language: Language,
  now: Date,
): Promise<ShowcasePublic> {
  const showcase = await openShowcase(db, input.code);
  const [{ approved: profile, names }, booths, exhibits, trackingCode, video] = await Promise.all([
    approvedPublicProfile(db, { userId: showcase.user_id, exhibitionId: showcase.exhibition_id }),
    db
      .selectFrom("booths as b")
      .leftJoin("halls as h", "h.id", "b.hall_id")
      .select(["b.booth_no", "h.name_zh as hall_zh", "h.name_en as hall_en"])
      .where("b.user_id", "=", showcase.user_id)
      .where("b.exhibition_id", "=", showcase.exhibition_id)
      .orderBy("b.id")
      .execute(),
    chosenExhibits(db, showcase.id),
    trackingCodeOf(db, { userId: showcase.user_id, exhibitionId: showcase.exhibition_id }),
    publicVideoFor(db, showcase.user_id),
  ]);
  await countView(db, { code: trackingCode, exhibitionId: showcase.exhibition_id, ip: input.ip, userAgent: input.userAgent }, now);
  return {
    company: inLanguage(language, names.zh ?? "", names.en ?? ""),
    exhibition: inLanguage(language, showcase.exhibition_zh, showcase.exhibition_en),
    booths: booths.map((b) => ({ hall: inLanguage(language, b.hall_zh ?? "", b.hall_en ?? ""), boothNo: b.booth_no })),
    hasLogo: Boolean(text(profile.logoUrl)),
    introduction: inLanguage(language, text(profile.introZh), text(profile.introEn)),
    // What the exhibitor's public video link plays (decision 037): its generated or its company video.
    video: video ? { url: video.url, posterUrl: video.posterUrl } : null,
    exhibits: exhibits.map((e) => ({
      position: e.position,
      name: inLanguage(language, e.name_zh, e.name_en),
      description: inLanguage(language, e.description_zh, e.description_en),
      hasImage: fileIdsOf(e.image_file_ids).length > 0,
    })),
    registerPath: `/visit/${trackingCode}`,
  };
}

/** A picture of the page: the approved logo, or the first image of the exhibit at a position. */
export async function publicShowcaseImage(
  deps: { db: Database; store: ObjectStore },
  code: string,
  slot: ShowcaseImageSlot,
): Promise<{ key: string; contentType: string; size: number }> {
  const { db, store } = deps;
  const showcase = await openShowcase(db, code);
  let fileId: string | undefined;
  if (slot === "logo")
    fileId =
      storedFileIdOf((await approvedPublicProfile(db, { userId: showcase.user_id, exhibitionId: showcase.exhibition_id })).approved.logoUrl) ?? undefined;
  else fileId = fileIdsOf((await chosenExhibits(db, showcase.id)).find((e) => String(e.position) === slot)?.image_file_ids)[0];
  if (!fileId) throw showcaseNotFound();
  // Only the exhibitor's own pictures: a file id copied from someone else's record is never served here.
  const file = await ownedFile(db, showcase.user_id, fileId);
  if (!file || !PICTURE_TYPES.has(file.contentType)) throw showcaseNotFound();
  const info = await store.stat(file.storageKey);
  if (!info || info.sizeBytes === 0 || info.sizeBytes > PICTURE_MAX_BYTES) throw showcaseNotFound();
  return { key: file.storageKey, contentType: file.contentType, size: info.sizeBytes };
}
