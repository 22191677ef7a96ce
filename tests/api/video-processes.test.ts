import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/database";
import { type JobQueue, startJobQueue } from "../../server/jobs/queue";
import { createLogger } from "../../server/logger";
import { until } from "../support/until";
import { queueGeneration } from "../../server/video/videos";
import { databaseUrlFor } from "../support/postgres-template";
import { openTestDatabase, postgresSkipReason, postgresUrl } from "../support/test-api";
import { newExhibitor } from "../support/new-exhibitor";
import type { Caller } from "../../server/auth/caller";

/**
 * Promotional video jobs (issue 40) across real processes on one PostgreSQL database and one object
 * store: two worker processes and one start render once; a worker killed mid-render (SIGKILL, as in a
 * crash) leaves the row rendering, and a fresh process claims it once it shows no sign of life and
 * finishes it, once. The workers are tests/support/video-worker.ts (bundled here by esbuild), each
 * running the portal's job queue with the video jobs and printing what it does. VIDEO_STALE_MS
 * shortens the minute a row must be silent before it is claimed again (server/video/videos.ts).
 */
if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const QUEUE = "video-render";
const STALE_MS = 2000;

type WorkerEvent = { pid: number; event: "ready" | "job" | "render" | "stopped"; ffmpegPid?: number; output?: string; data?: unknown };
type Worker = { child: ChildProcess; events: WorkerEvent[]; output: () => string; exited: Promise<unknown> };

/** Whether a process runs (a zombie nobody reaped yet counts as gone). */
function alive(pid: number) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    if (fs.existsSync("/proc/self/stat")) return false;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// Real processes and renders on a machine busy with the rest of the suite: minutes, not the default 30 s.
describe.skipIf(!!postgresSkipReason)("promotional video jobs across processes (PostgreSQL)", { timeout: 300_000 }, () => {
  let database: DatabaseHandle;
  let databaseUrl: string;
  let dataDir: string;
  let bundleDir: string;
  let workerFile: string;
  let sender: JobQueue;
  const workers: Worker[] = [];

  beforeAll(async () => {
    database = await openTestDatabase("postgres");
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
    databaseUrl = databaseUrlFor(postgresUrl!, rows[0]!.name);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "video-processes-"));
    // Next to node_modules, so the bundle's packages resolve; build/ is the app's.
    fs.mkdirSync("node_modules/.cache", { recursive: true });
    bundleDir = fs.mkdtempSync(path.resolve("node_modules/.cache/video-worker-"));
    workerFile = path.join(bundleDir, "video-worker.mjs");
    await build({
      entryPoints: ["tests/support/video-worker.ts"],
      outfile: workerFile,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      logLevel: "warning",
    });
    // This process only sends jobs (no worker here); starting first, it installs pg-boss's schema.
    sender = await startJobQueue({ database, logger: createLogger("silent") }, []);
    // The demo's queued job (std01's) stays out of the way: each test renders for an exhibitor of its own,
    // and a worker's first sweep would otherwise render the demo's too.
    const std01 = await database.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
    await database.db
      .updateTable("promotional_videos")
      .set({ state: "failed" })
      .where("user_id", "=", std01.id)
      .where("state", "in", ["queued", "rendering"])
      .execute();
  });

  afterAll(async () => {
    for (const worker of workers) if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill("SIGKILL");
    await Promise.all(workers.map((worker) => worker.exited));
    await sender?.stop();
    await database?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (bundleDir) fs.rmSync(bundleDir, { recursive: true, force: true });
  });

  /** A new exhibitor with a booth, as the video jobs take it (no portal runs here, so it needs no session). */
  async function newCaller(): Promise<Caller> {
    const exhibitor = await newExhibitor({ db: database.db, login: async () => "" });
    const { exhibition_id } = await database.db.selectFrom("users").select("exhibition_id").where("id", "=", exhibitor.userId).executeTakeFirstOrThrow();
    return { userId: exhibitor.userId, exhibitionId: exhibition_id!, roleId: 2, sessionBoothId: null, label: exhibitor.username };
  }

  const rowOf = (caller: Caller) =>
    database.db
      .selectFrom("promotional_videos")
      .selectAll()
      .where("user_id", "=", caller.userId)
      .where("exhibition_id", "=", caller.exhibitionId)
      .executeTakeFirstOrThrow();

  /** The exhibitor's MP4 files in the store (server-made keys under stored/promotional-videos/<user id>/). */
  function storedVideos(caller: Caller) {
    const root = path.join(dataDir, "uploads", "stored", "promotional-videos");
    if (!fs.existsSync(root)) return [];
    return (fs.readdirSync(root, { recursive: true }) as string[])
      .filter((file) => file.endsWith(".mp4"))
      .map((file) => file.split(path.sep).join("/"))
      .filter((file) => file.startsWith(`${caller.userId}/`));
  }

  /** Spawns a worker process and waits until its job queue runs. */
  async function startWorker(): Promise<Worker> {
    const child = spawn(process.execPath, [workerFile], {
      env: { ...process.env, NODE_ENV: "test", DATABASE_URL: databaseUrl, DATA_DIR: dataDir, VIDEO_STALE_MS: String(STALE_MS), VIDEO_NICE: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const events: WorkerEvent[] = [];
    let output = "";
    let pending = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk;
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) if (line.startsWith('{"pid"')) events.push(JSON.parse(line) as WorkerEvent);
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const worker = { child, events, output: () => output, exited };
    workers.push(worker);
    await until(() => {
      if (child.exitCode !== null) throw new Error(`the worker exited (${child.exitCode}):\n${output}`);
      return events.some((e) => e.event === "ready");
    });
    return worker;
  }

  async function stopWorker(worker: Worker) {
    worker.child.kill("SIGTERM");
    await worker.exited;
    expect(worker.events.at(-1)?.event, worker.output()).toBe("stopped");
  }

  const renders = (worker: Worker) => worker.events.filter((e) => e.event === "render");
  const jobsTaken = (worker: Worker) => worker.events.filter((e) => e.event === "job").length;

  it("two processes, one start, jobs sent four times: one render, attempts 1, one MP4 stored", async () => {
    // The start comes once both processes run.
    const caller = await newCaller();
    const row = () => rowOf(caller);
    const [a, b] = await Promise.all([startWorker(), startWorker()]);
    const started = await queueGeneration(database.db, caller, { orientation: "landscape", exhibitIds: [] });
    const job = { videoId: started.id, generation: started.generation };
    for (let i = 0; i < 4; i++) await sender.send(QUEUE, job);

    const done = await until(async () => {
      const current = await row();
      return current.state === "done" || current.state === "failed" ? current : null;
    });
    expect(done).toMatchObject({ state: "done", generation: started.generation, attempts: 1, progress: 100, error: null, video_orientation: "landscape" });
    // Every job was taken, by both processes (one renders for seconds while the other polls); one of them rendered.
    await until(() => jobsTaken(a!) + jobsTaken(b!) === 4);
    expect(jobsTaken(a!), a!.output()).toBeGreaterThan(0);
    expect(jobsTaken(b!), b!.output()).toBeGreaterThan(0);
    expect(renders(a!).length + renders(b!).length).toBe(1);
    expect(storedVideos(caller)).toEqual([done.mp4_key!.replace(/^stored\/promotional-videos\//, "")]);
    await Promise.all([stopWorker(a!), stopWorker(b!)]);
    expect(renders(a!).length + renders(b!).length).toBe(1);
  });

  it("a worker killed mid-render: a restarted worker stops the orphaned ffmpeg, claims the silent row and finishes it once", async () => {
    const caller = await newCaller();
    const row = () => rowOf(caller);
    const started = await queueGeneration(database.db, caller, { orientation: "portrait", exhibitIds: [] });
    // No video yet (the start leaves the last good one as it is).
    const before = await row();
    // Its job queue's first sweep sends the queued row's job.
    const first = await startWorker();
    const render = await until(() => renders(first)[0]);
    await until(async () => {
      const current = await row();
      return current.state === "rendering" && current.progress > 0;
    });
    expect(alive(render.ffmpegPid!)).toBe(true);
    first.child.kill("SIGKILL");
    await first.exited;
    // ffmpeg does not die with its worker: it ignores SIGPIPE (its -progress writes to the dead pipe fail
    // quietly) and, reparented, would go on rendering. The next process stops it at start (reapOrphanRenders).
    expect(alive(render.ffmpegPid!)).toBe(true);
    const left = await row();
    expect(left).toMatchObject({ state: "rendering", generation: started.generation, attempts: 1, mp4_key: before.mp4_key });

    // A fresh process: it stops the orphaned ffmpeg and removes its folder at start, then its first sweep
    // sends the rendering row's job once the row is silent for STALE_MS (+5 s).
    const second = await startWorker();
    await until(() => !alive(render.ffmpegPid!));
    await until(() => !fs.existsSync(path.dirname(render.output!)));
    const done = await until(async () => {
      const current = await row();
      return current.state === "done" || current.state === "failed" ? current : null;
    });
    expect(done).toMatchObject({ state: "done", generation: started.generation, attempts: 2, error: null, video_orientation: "portrait" });
    expect(renders(second)).toHaveLength(1);
    // The old video was replaced by the new one; the killed render stored nothing. The old file is
    // removed after the row names the new one: wait for that removal, not for a moment.
    expect(done.mp4_key).not.toBe(before.mp4_key);
    const onlyTheNew = [done.mp4_key!.replace(/^stored\/promotional-videos\//, "")];
    await until(() => JSON.stringify(storedVideos(caller)) === JSON.stringify(onlyTheNew));
    expect(storedVideos(caller)).toEqual(onlyTheNew);
    await stopWorker(second);
    expect(renders(second)).toHaveLength(1);
    expect(await row()).toMatchObject({ state: "done", attempts: 2, mp4_key: done.mp4_key });
  });
});
