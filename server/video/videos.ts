import crypto from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { VideoFile, VideoList, VideoStatus } from "../../app/contracts/video/api-types";
import type { VideoOrientation } from "../../app/contracts/video/values";
import { ApiCode, ApiError } from "../api/envelope";
import type { Caller } from "../badges/badges";
import type { Database } from "../db/database";
import type { DB } from "../db/schema";

/**
 * Promotional videos (issue 40, decision 037): one row per exhibitor holds its last job and its last
 * good video. Starting is a conditional update (nothing queued or rendering), so one job per
 * exhibitor at a time, also with two requests or two processes; the job's generation names the start
 * it belongs to. The good video is replaced only by a job that succeeds (jobs.ts).
 */
type VideoRow = Selectable<DB["promotional_videos"]>;

/** A render gets this long before ffmpeg is stopped and the job fails "timed out". */
export const RENDER_TIMEOUT_MS = 5 * 60_000;
/** A row rendering without a sign of life (progress, heartbeat) for this long was left by a crash: a retry may claim it. */
export const STALE_MS = 60_000;
/** Past this, a rendering row nobody claimed again is shown as failed "timed out" (the retry comes before). */
const STUCK_MS = RENDER_TIMEOUT_MS + 2 * 60_000;

const newPublicCode = () => crypto.randomBytes(9).toString("base64url");
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const ids = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : []);

const videoUrl = (code: string) => `/v/${code}.mp4`;
const posterUrl = (code: string) => `/v/${code}.jpg`;

function videoFile(row: VideoRow): VideoFile | null {
  if (!row.mp4_key || !row.poster_key) return null;
  return {
    url: videoUrl(row.public_code),
    posterUrl: posterUrl(row.public_code),
    orientation: row.video_orientation ?? "portrait",
    sizeBytes: Number(row.size_bytes ?? 0),
    durationMs: row.duration_ms ?? 0,
    madeAt: iso(row.video_at) ?? "",
  };
}

function status(row: VideoRow | undefined): VideoStatus {
  if (!row) {
    return {
      state: "idle",
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
  return {
    state: row.state,
    progress: row.state === "done" ? 100 : row.progress,
    error: row.state === "failed" ? row.error : null,
    orientation: row.orientation,
    exhibitIds: ids(row.exhibit_ids),
    downloadAllowed: row.download_allowed,
    publicCode: row.mp4_key ? row.public_code : null,
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
  return status(await ownRow(db, caller));
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
    if (found.length !== chosen.length)
      throw new ApiError(ApiCode.badRequest, "video.errors.exhibitNotFound", {}, { fields: { exhibitIds: ["video.errors.exhibitNotFound"] } });
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

export async function updateVideoFlags(db: Database, caller: Caller, flags: { downloadAllowed: boolean }): Promise<VideoStatus> {
  const row = await db
    .updateTable("promotional_videos")
    .set({ download_allowed: flags.downloadAllowed, updated_at: sql`now()` })
    .where("user_id", "=", caller.userId)
    .where("exhibition_id", "=", caller.exhibitionId)
    .returningAll()
    .executeTakeFirst();
  // No video yet: nothing to allow.
  if (!row) throw new ApiError(ApiCode.notFound, "video.errors.notFound");
  return status(row);
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
      downloadAllowed: row.download_allowed,
      updatedAt: new Date(row.updated_at).toISOString(),
    })),
  };
}

/** For the public showcase page: the exhibitor's good video, if any (the newest exhibition's). */
export async function publicVideoFor(db: Database, userId: number): Promise<(VideoFile & { downloadUrl: string | null }) | null> {
  const row = await db
    .selectFrom("promotional_videos")
    .selectAll()
    .where("user_id", "=", userId)
    .where("mp4_key", "is not", null)
    .orderBy("exhibition_id", "desc")
    .executeTakeFirst();
  const file = row ? videoFile(row) : null;
  if (!row || !file) return null;
  return { ...file, downloadUrl: row.download_allowed ? `${file.url}?download=1` : null };
}
