import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import type { VideoStatus } from "../../app/contracts/video/api-types";
import type { VideoOrientation } from "../../app/contracts/video/values";
import type { Caller } from "../auth/caller";
import type { Database } from "../db/database";
import { activeJobQueue, type JobWorkers } from "../jobs/queue";
import type { Logger } from "../logger";
import type { ObjectStore } from "../uploads/object-store";
import { renderInputFor } from "./inputs";
import { RenderTimeoutError, renderVideo } from "./render";
import { queueGeneration, RENDER_TIMEOUT_MS, STALE_MS, videoStatus } from "./videos";

/**
 * Promotional video jobs (issue 40, decision 037) on the portal's job queue (server/jobs/queue.ts):
 * queue `video-render`, a job naming the row and the generation it was queued for. A worker first
 * waits for this process's one render slot, then claims the row (queued → rendering, or rendering
 * with no sign of life for STALE_MS: left by a crash), so a job run twice, or by two processes,
 * renders once. The new video replaces the old one only when the render succeeded. Without a queue
 * in this process (tests, JOBS=off) the job runs in the background of the request's process.
 */
const RENDER_QUEUE = "video-render";
const VIDEO_FOLDER = "promotional-videos";
const MAX_VIDEO_BYTES = 200 * 1024 * 1024;

export type VideoDeps = { db: Database; store: ObjectStore; logger: Logger };
type RenderJob = { videoId: number; generation: number };
type RunOptions = { timeoutMs?: number };

// One render at a time per process: ffmpeg keeps a core busy.
let slot: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = slot.then(work, work);
  slot = run.catch(() => undefined);
  return run;
}

/**
 * Renders of a process that was killed: ffmpeg outlives its worker (it ignores SIGPIPE) and would go
 * on rendering beside the retry, and the job's folder stays. Each render's folder names its worker
 * and its ffmpeg; at start, a process kills the ffmpeg of a folder whose worker is gone (checking
 * that the pid still runs that folder's render) and removes the folder.
 */
const RENDER_DIR_PREFIX = "promo-video-";
const OWNER_FILE = "owner.pid";
const FFMPEG_FILE = "ffmpeg.pid";

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};
const pidIn = (file: string) => {
  const pid = Number(fs.existsSync(file) ? fs.readFileSync(file, "utf8") : Number.NaN);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
};

async function reapOrphanRenders(logger: Logger): Promise<number> {
  let reaped = 0;
  const entries = await fsp.readdir(os.tmpdir()).catch(() => [] as string[]);
  for (const name of entries.filter((n) => n.startsWith(RENDER_DIR_PREFIX))) {
    const dir = path.join(os.tmpdir(), name);
    const owner = pidIn(path.join(dir, OWNER_FILE));
    if (owner === null || owner === process.pid || alive(owner)) continue;
    const ffmpeg = pidIn(path.join(dir, FFMPEG_FILE));
    const cmdline = ffmpeg ? await fsp.readFile(`/proc/${ffmpeg}/cmdline`, "utf8").catch(() => "") : "";
    if (ffmpeg && cmdline.includes(dir)) {
      try {
        process.kill(ffmpeg, "SIGKILL");
      } catch {
        // Gone meanwhile.
      }
    }
    await fsp.rm(dir, { recursive: true, force: true }).catch(() => undefined);
    reaped++;
  }
  if (reaped) logger.warn({ reaped }, "renders left by a killed process were stopped and their folders removed");
  return reaped;
}

/** Claims the job's row for this worker; null when it is not queued (done, claimed, or a newer start). */
async function claim(db: Database, job: RenderJob) {
  return db
    .updateTable("promotional_videos")
    .set({ state: "rendering", progress: 0, attempts: sql`attempts + 1`, started_at: sql`now()`, updated_at: sql`now()` })
    .where("id", "=", job.videoId)
    .where("generation", "=", job.generation)
    .where((eb) =>
      eb.or([
        eb("state", "=", "queued"),
        eb.and([eb("state", "=", "rendering"), eb("updated_at", "<", sql<Date>`now() - make_interval(secs => ${STALE_MS / 1000})`)]),
      ]),
    )
    .returning(["id", "user_id", "exhibition_id", "orientation", "exhibit_ids"])
    .executeTakeFirst();
}

const mine = (db: Database, job: RenderJob) =>
  db.updateTable("promotional_videos").where("id", "=", job.videoId).where("generation", "=", job.generation).where("state", "=", "rendering");

/** Renders one job if it can claim it; answers whether it rendered. Never throws for a failed render (the row says why). */
export async function runVideoJob(deps: VideoDeps, job: RenderJob, options: RunOptions = {}): Promise<boolean> {
  return oneAtATime(async () => {
    const row = await claim(deps.db, job);
    if (!row) return false;
    const dir = await fsp.mkdtemp(path.join(os.tmpdir(), RENDER_DIR_PREFIX));
    await fsp.writeFile(path.join(dir, OWNER_FILE), String(process.pid));
    let lastWrite = 0;
    let lastPercent = -1;
    const heartbeat = setInterval(() => {
      void mine(deps.db, job)
        .set({ updated_at: sql`now()` })
        .execute()
        .catch(() => undefined);
    }, 10_000);
    try {
      const input = await renderInputFor(
        deps,
        { userId: row.user_id, exhibitionId: row.exhibition_id },
        row.orientation as VideoOrientation,
        row.exhibit_ids,
        dir,
      );
      const output = await renderVideo(input, dir, {
        timeoutMs: options.timeoutMs ?? RENDER_TIMEOUT_MS,
        quick: true,
        onSpawn: (pid) => fs.writeFileSync(path.join(dir, FFMPEG_FILE), String(pid)),
        onProgress: (percent) => {
          const now = Date.now();
          if (percent === lastPercent || now - lastWrite < 1000) return;
          lastWrite = now;
          lastPercent = percent;
          void mine(deps.db, job)
            .set({ progress: percent, updated_at: sql`now()` })
            .execute()
            .catch(() => undefined);
        },
      });
      await store(deps, job, row.user_id, output);
    } catch (error) {
      const reason = error instanceof RenderTimeoutError ? "video.errors.timedOut" : error instanceof Error ? error.message.slice(0, 500) : String(error);
      deps.logger.warn({ err: error, videoId: job.videoId }, "promotional video not rendered");
      await mine(deps.db, job)
        .set({ state: "failed", error: reason, finished_at: sql`now()`, updated_at: sql`now()` })
        .execute()
        .catch(() => undefined);
    } finally {
      clearInterval(heartbeat);
      await fsp.rm(dir, { recursive: true, force: true }).catch(() => undefined);
    }
    return true;
  });
}

/** Stores the new video and its poster, makes them the row's, then removes the old ones. */
async function store(deps: VideoDeps, job: RenderJob, userId: number, output: { mp4: string; poster: string; durationMs: number }) {
  // A server-made key (server/uploads/upload-policy.ts), under stored/: outside every upload policy.
  const now = new Date();
  const base = `stored/${VIDEO_FOLDER}/${userId}/${now.toISOString().slice(0, 7)}/${crypto.randomBytes(8).toString("hex")}-${now.getTime()}`;
  const keys = { mp4: `${base}.mp4`, poster: `${base}.jpg` };
  const video = await deps.store.put(keys.mp4, fs.createReadStream(output.mp4), { contentType: "video/mp4", maxBytes: MAX_VIDEO_BYTES });
  await deps.store.put(keys.poster, fs.createReadStream(output.poster), { contentType: "image/jpeg", maxBytes: 10 * 1024 * 1024 });
  const old = await deps.db.selectFrom("promotional_videos").select(["mp4_key", "poster_key"]).where("id", "=", job.videoId).executeTakeFirst();
  const replaced = await mine(deps.db, job)
    .set({
      state: "done",
      progress: 100,
      error: null,
      mp4_key: keys.mp4,
      poster_key: keys.poster,
      video_orientation: sql`orientation`,
      size_bytes: video.sizeBytes,
      duration_ms: output.durationMs,
      video_at: sql`now()`,
      finished_at: sql`now()`,
      updated_at: sql`now()`,
    })
    .returning("id")
    .executeTakeFirst();
  // Lost the row meanwhile (timed out and claimed again): this render's files are nobody's.
  const gone = replaced ? [old?.mp4_key, old?.poster_key] : [keys.mp4, keys.poster];
  for (const key of gone) if (key) await deps.store.delete(key).catch(() => undefined);
}

/** The video queue and worker, to register on the process's job queue. */
export function videoJobs(deps: VideoDeps): JobWorkers {
  return {
    queues: [RENDER_QUEUE],
    async register(boss, options) {
      // A job of a process killed mid-render comes back after expiry and claims the row (no sign of life since).
      await boss.createQueue(RENDER_QUEUE, { name: RENDER_QUEUE, retryLimit: 3, retryDelay: 10, expireInSeconds: RENDER_TIMEOUT_MS / 1000 + 60 });
      await boss.work<RenderJob>(RENDER_QUEUE, { pollingIntervalSeconds: options.pollingSeconds ?? 2 }, async (jobs) => {
        for (const job of jobs) await runVideoJob(deps, job.data);
      });
    },
    async started(queue) {
      await reapOrphanRenders(deps.logger);
      // At start: queued rows get a job again; rows left rendering by a killed process get one once they
      // show no sign of life (another process may still be rendering them). The claim stops doubles.
      const rows = await deps.db.selectFrom("promotional_videos").select(["id", "generation", "state"]).where("state", "in", ["queued", "rendering"]).execute();
      for (const row of rows) {
        const job: RenderJob = { videoId: row.id, generation: row.generation };
        if (row.state === "queued") await queue.send(RENDER_QUEUE, job);
        else setTimeout(() => void queue.send(RENDER_QUEUE, job).catch(() => undefined), STALE_MS + 5000).unref();
      }
    },
  };
}

/** Without a queue in this process, a queued job (the demo's, one whose process stopped) is rendered here when its page is read. */
export async function videoStatusRunning(deps: VideoDeps, caller: Caller): Promise<VideoStatus> {
  const status = await videoStatus(deps.db, caller);
  if (status.state === "queued" && !activeJobQueue()?.handles(RENDER_QUEUE)) {
    const row = await deps.db
      .selectFrom("promotional_videos")
      .select(["id", "generation"])
      .where("user_id", "=", caller.userId)
      .where("exhibition_id", "=", caller.exhibitionId)
      .executeTakeFirst();
    if (row) background(deps, { videoId: row.id, generation: row.generation });
  }
  return status;
}

// Jobs already waiting for this process's render slot: a page read again does not line them up twice.
const waiting = new Set<string>();
let orphansReaped = false;
function background(deps: VideoDeps, job: RenderJob) {
  // Without a queue there is no start hook: the first render of this process looks for orphans.
  if (!orphansReaped) {
    orphansReaped = true;
    void reapOrphanRenders(deps.logger).catch(() => undefined);
  }
  const key = `${job.videoId}:${job.generation}`;
  if (waiting.has(key)) return;
  waiting.add(key);
  void runVideoJob(deps, job)
    .catch((error) => deps.logger.error({ err: error, videoId: job.videoId }, "promotional video job failed"))
    .finally(() => waiting.delete(key));
}

/** Starts a generation: records the job, then queues it, or renders it in the background of this process. */
export async function startGeneration(deps: VideoDeps, caller: Caller, input: { orientation: VideoOrientation; exhibitIds: number[] }): Promise<VideoStatus> {
  const row = await queueGeneration(deps.db, caller, input);
  const job: RenderJob = { videoId: row.id, generation: row.generation };
  const queue = activeJobQueue();
  if (queue?.handles(RENDER_QUEUE)) await queue.send(RENDER_QUEUE, job);
  else background(deps, job);
  return videoStatus(deps.db, caller);
}
