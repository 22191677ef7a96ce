import crypto from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { PublicVideoPage, VideoFile, VideoList, VideoStatus } from "../../app/contracts/video/api-types";
import type { VideoOrientation } from "../../app/contracts/video/values";
import { ApiCode, ApiError, fieldError, notFound } from "../api/envelope";
import type { Caller } from "../auth/caller";
import type { Database } from "../db/database";
import type { DB } from "../db/schema";
import { approvedPublicProfile } from "../exhibitor/public-profile";
import { uploadedVideoOf } from "./uploaded";
import { iso } from "../db/column-values";

/**
 * Promotional videos (issue 40, decision 037): one row per exhibitor holds its last job and its last
 * good video. Starting is a conditional update (nothing queued or rendering), so one job per
 * exhibitor at a time, also with two requests or two processes; the job's generation names the start
 * it belongs to. The good video is replaced only by a job that succeeds (jobs.ts).
 */
type VideoRow = Selectable<DB["promotional_videos"]>;

/** A render gets this long before ffmpeg is stopped and the job fails "timed out". */
export const RENDER_TIMEOUT_MS = 5 * 60_000;
/**
 * A row rendering without a sign of life (progress, heartbeat) for this long was left by a crash: a retry may claim it.
 * VIDEO_STALE_MS shortens it outside production, read once, for the process tests (tests/api/video-processes.test.ts).
 */
export const STALE_MS = (process.env.NODE_ENV !== "production" && Number(process.env.VIDEO_STALE_MS)) || 60_000;
/** Past this, a rendering row nobody claimed again is shown as failed "timed out" (the retry comes before). */
const STUCK_MS = RENDER_TIMEOUT_MS + 2 * 60_000;

const newPublicCode = () => crypto.randomBytes(9).toString("base64url");
const ids = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : []);

const videoUrl = (code: string) => `/v/${code}.mp4`;
const posterUrl = (code: string) => `/v/${code}.jpg`;
/** While the public link plays the company video, the generated one stays reachable with ?generated=1 (server/video/playback.ts). */
const generatedOnly = (row: VideoRow) => (row.shows_uploaded ? "?generated=1" : "");

function videoFile(row: VideoRow): VideoFile | null {
  if (!row.mp4_key || !row.poster_key) return null;
  return {
    url: `${videoUrl(row.public_code)}${generatedOnly(row)}`,
    posterUrl: `${posterUrl(row.public_code)}${generatedOnly(row)}`,
    orientation: row.video_orientation ?? "portrait",
    sizeBytes: Number(row.size_bytes ?? 0),
    durationMs: row.duration_ms ?? 0,
    madeAt: iso(row.video_at) ?? "",
  };
}

/** What the public link plays: the company video when chosen and approved, else the generated one, else nothing. */
function shownSource(row: VideoRow, uploadedAvailable: boolean): VideoStatus["shown"] {
  if (row.shows_uploaded && uploadedAvailable) return "uploaded";
  return row.mp4_key && row.poster_key ? "generated" : null;
}

function status(row: VideoRow | undefined, uploadedAvailable: boolean): VideoStatus {
  if (!row) {
    return {
      state: "idle",
      showsUploaded: false,
      uploadedAvailable,
      shown: null,
      shareUrl: null,
      progress: 0,
      error: null,
      orientation: "portrait",
      exhibitIds: [],
      downloadAllowed: false,
      publicCode: null,
      video: null,
      startedAt: null,
      finishedAt: null,
    };
  }
  const shown = shownSource(row, uploadedAvailable);
  return {
    state: row.state,
    showsUploaded: row.shows_uploaded,
    uploadedAvailable,
    shown,
    shareUrl: shown ? videoUrl(row.public_code) : null,
    progress: row.state === "done" ? 100 : row.progress,
    error: row.state === "failed" ? row.error : null,
    orientation: row.orientation,
    exhibitIds: ids(row.exhibit_ids),
    downloadAllowed: row.download_allowed,
    publicCode: shown ? row.public_code : null,
    video: videoFile(row),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
  };
}

/** Rows left rendering by a process that died, past any retry: failed, "timed out". */
async function failStuckVideos(db: Database, where: { exhibitionId: number; userId?: number }) {
  let query = db
    .updateTable("promotional_videos")
    .set({ state: "failed", error: "video.errors.timedOut", finished_at: sql`now()`, updated_at: sql`now()` })
    .where("exhibition_id", "=", where.exhibitionId)
    .where("state", "in", ["rendering", "queued"])
    .where("updated_at", "<", sql<Date>`now() - make_interval(secs => ${STUCK_MS / 1000})`);
  if (where.userId !== undefined) query = query.where("user_id", "=", where.userId);
  await query.execute();
}

const ownRow = (db: Database, caller: Caller) =>
  db.selectFrom("promotional_videos").selectAll().where("user_id", "=", caller.userId).where("exhibition_id", "=", caller.exhibitionId).executeTakeFirst();

export async function videoStatus(db: Database, caller: Caller): Promise<VideoStatus> {
  await failStuckVideos(db, { exhibitionId: caller.exhibitionId, userId: caller.userId });
  const [row, uploaded] = await Promise.all([ownRow(db, caller), uploadedVideoOf(db, caller)]);
  return status(row, Boolean(uploaded));
}

/**
 * Records a new job (queued) for the caller, answering the row and the job's generation. Refused:
 * an account without a booth (400), an exhibit not the caller's (400), a job already queued or
 * rendering (409). The last good video stays as it is.
 */
export async function queueGeneration(db: Database, caller: Caller, input: { orientation: VideoOrientation; exhibitIds: number[] }) {
  const booth = await db
    .selectFrom("booths")
    .select("id")
    .where("user_id", "=", caller.userId)
    .where("exhibition_id", "=", caller.exhibitionId)
    .executeTakeFirst();
  if (!booth) throw new ApiError(ApiCode.badRequest, "video.errors.noBooth");
  const chosen = [...new Set(input.exhibitIds)];
  if (chosen.length) {
    const found = await db
      .selectFrom("exhibits")
      .select("id")
      .where("id", "in", chosen)
      .where("user_id", "=", caller.userId)
      .where("exhibition_id", "=", caller.exhibitionId)
      .execute();
    if (found.length !== chosen.length) throw fieldError("video.errors.exhibitNotFound", "exhibitIds");
  }
  await failStuckVideos(db, { exhibitionId: caller.exhibitionId, userId: caller.userId });
  const job = { state: "queued" as const, progress: 0, error: null, orientation: input.orientation, exhibit_ids: JSON.stringify(chosen), attempts: 0 };
  const inserted = await db
    .insertInto("promotional_videos")
    .values({ exhibition_id: caller.exhibitionId, user_id: caller.userId, public_code: newPublicCode(), ...job })
    .onConflict((oc) => oc.columns(["exhibition_id", "user_id"]).doNothing())
    .returning(["id", "generation"])
    .executeTakeFirst();
  if (inserted) return inserted;
  const updated = await db
    .updateTable("promotional_videos")
    .set({ ...job, generation: sql`generation + 1`, started_at: null, finished_at: null, updated_at: sql`now()` })
    .where("user_id", "=", caller.userId)
    .where("exhibition_id", "=", caller.exhibitionId)
    .where("state", "not in", ["queued", "rendering"])
    .returning(["id", "generation"])
    .executeTakeFirst();
  if (!updated) throw new ApiError(ApiCode.conflict, "video.errors.running");
  return updated;
}

/**
 * The public link's flags: downloads allowed, and whether it plays the approved profile's company
 * video instead of the generated one (refused when the approved profile has none). Made before any
 * generation, they make the row (state idle).
 */
export async function updateVideoFlags(db: Database, caller: Caller, flags: { downloadAllowed: boolean; showsUploaded: boolean }): Promise<VideoStatus> {
  const uploaded = await uploadedVideoOf(db, caller);
  if (flags.showsUploaded && !uploaded) throw fieldError("video.errors.noUploadedVideo", "showsUploaded");
  const set = { download_allowed: flags.downloadAllowed, shows_uploaded: flags.showsUploaded };
  const row = await db
    .insertInto("promotional_videos")
    .values({ exhibition_id: caller.exhibitionId, user_id: caller.userId, public_code: newPublicCode(), state: "idle", ...set })
    .onConflict((oc) => oc.columns(["exhibition_id", "user_id"]).doUpdateSet({ ...set, updated_at: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
  return status(row, Boolean(uploaded));
}

/** The organizer's list: every exhibitor of the exhibition with a video row, newest change first. */
export async function videoList(db: Database, exhibitionId: number, paging: { page: number; pageSize: number }): Promise<VideoList> {
  await failStuckVideos(db, { exhibitionId });
  const base = db.selectFrom("promotional_videos as v").innerJoin("users as u", "u.id", "v.user_id").where("v.exhibition_id", "=", exhibitionId);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow(),
    base
      .selectAll("v")
      .select(["u.username", "u.business_name", "u.business_name_en"])
      .orderBy("v.updated_at", "desc")
      .orderBy("v.id", "desc")
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize)
      .execute(),
  ]);
  return {
    total: Number(total),
    rows: rows.map((row) => ({
      userId: row.user_id,
      username: row.username,
      companyName: row.business_name || row.business_name_en || row.username,
      state: row.state,
      progress: row.state === "done" ? 100 : row.progress,
      error: row.state === "failed" ? row.error : null,
      video: videoFile(row),
      showsUploaded: row.shows_uploaded,
      downloadAllowed: row.download_allowed,
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
  };
}

export type PublicVideo = { code: string; url: string; posterUrl: string | null; downloadUrl: string | null; orientation: VideoOrientation };

/** What a row's public link plays (the company video or the generated one), or null when it plays nothing. */
async function publicVideoOf(db: Database, row: VideoRow): Promise<PublicVideo | null> {
  const uploaded = row.shows_uploaded ? await uploadedVideoOf(db, { userId: row.user_id, exhibitionId: row.exhibition_id }) : null;
  const shown = shownSource(row, Boolean(uploaded));
  if (!shown) return null;
  const url = videoUrl(row.public_code);
  return {
    code: row.public_code,
    url,
    posterUrl: shown === "generated" || uploaded?.cover ? posterUrl(row.public_code) : null,
    downloadUrl: row.download_allowed ? `${url}?download=1` : null,
    // The company video's shape is not known: players fit it; the page lays it out as landscape.
    orientation: shown === "generated" ? (row.video_orientation ?? "portrait") : "landscape",
  };
}

/** For the public showcase page: what the exhibitor's public link plays, if anything (the newest exhibition's). */
export async function publicVideoFor(db: Database, userId: number): Promise<PublicVideo | null> {
  const row = await db
    .selectFrom("promotional_videos")
    .selectAll()
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("mp4_key", "is not", null), eb("shows_uploaded", "=", true)]))
    .orderBy("exhibition_id", "desc")
    .executeTakeFirst();
  return row ? publicVideoOf(db, row) : null;
}

/** The public video page (/exhibitorInfo/promotionalVideo?code=…): the company, its booths and what its link plays; 404 when it plays nothing. */
export async function publicVideoPage(db: Database, code: string, language: "zh" | "en"): Promise<PublicVideoPage> {
  const row = await db.selectFrom("promotional_videos").selectAll().where("public_code", "=", code).executeTakeFirst();
  const video = row ? await publicVideoOf(db, row) : null;
  if (!row || !video) throw notFound("video.errors.notFound");
  const [{ names }, booths] = await Promise.all([
    approvedPublicProfile(db, { userId: row.user_id, exhibitionId: row.exhibition_id }),
    db
      .selectFrom("booths as b")
      .leftJoin("halls as h", "h.id", "b.hall_id")
      .select(["b.booth_no", "h.name_zh", "h.name_en"])
      .where("b.user_id", "=", row.user_id)
      .where("b.exhibition_id", "=", row.exhibition_id)
      .orderBy("b.id")
      .execute(),
  ]);
  const pick = (zh: string | null, en: string | null) => (language === "en" ? en || zh : zh || en) ?? "";
  return {
    company: pick(names.zh, names.en) || names.username,
    booths: booths.map((b) => ({ boothNo: b.booth_no, hall: pick(b.name_zh, b.name_en) })),
    video: { url: video.url, posterUrl: video.posterUrl, downloadUrl: video.downloadUrl, orientation: video.orientation },
  };
}

/** The object-store file a public link serves (server/video/playback.ts): the shown video or its poster; ?generated=1 the generated one. */
export async function publicVideoFile(db: Database, code: string, kind: "mp4" | "jpg", generated: boolean) {
  const row = await db.selectFrom("promotional_videos").selectAll().where("public_code", "=", code).executeTakeFirst();
  if (!row) return null;
  const uploaded = !generated && row.shows_uploaded ? await uploadedVideoOf(db, { userId: row.user_id, exhibitionId: row.exhibition_id }) : null;
  if (uploaded) {
    const file = kind === "mp4" ? uploaded.video : uploaded.cover;
    return file ? { ...file, downloadAllowed: row.download_allowed } : null;
  }
  const key = kind === "mp4" ? row.mp4_key : row.poster_key;
  return key ? { key, contentType: kind === "mp4" ? "video/mp4" : "image/jpeg", downloadAllowed: row.download_allowed } : null;
}
