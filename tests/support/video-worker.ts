import { createRequire, syncBuiltinESMExports } from "node:module";
import type PgBoss from "pg-boss";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { type JobWorkers, startJobQueue } from "../../server/jobs/queue";
import { createLogger } from "../../server/logger";
import { createObjectStore } from "../../server/uploads";
import { videoJobs } from "../../server/video/jobs";

/**
 * One video worker process for tests/api/video-processes.test.ts (bundled by esbuild there, run by
 * node): the portal's job queue with the video jobs on DATABASE_URL, objects under DATA_DIR. It prints
 * one JSON line per event on stdout: `ready`, each `job` its pg-boss worker takes, each ffmpeg render
 * it starts (`render`, with ffmpeg's pid and output file), and `stopped`.
 */
const print = (event: Record<string, unknown>) => process.stdout.write(`${JSON.stringify({ pid: process.pid, ...event })}\n`);

// Each ffmpeg run of the renderer (the main run writes -progress; the poster run does not), seen at spawn.
const childProcess = createRequire(import.meta.url)("node:child_process") as typeof import("node:child_process");
const spawn = childProcess.spawn;
childProcess.spawn = ((...args: Parameters<typeof spawn>) => {
  const child = spawn(...args);
  const argv = Array.isArray(args[1]) ? args[1] : [];
  if (String(args[0]).includes("ffmpeg") && argv.includes("-progress")) print({ event: "render", ffmpegPid: child.pid, output: argv.at(-1) });
  return child;
}) as typeof spawn;
syncBuiltinESMExports();

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error("DATABASE_URL is required");
const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "warn", DATA_DIR: process.env.DATA_DIR });
const database = await openDatabase({ databaseUrl, poolSize: 4 });
const logger = createLogger("warn");
const deps = { db: database.db, store: createObjectStore(config, database.db), logger };

// The video jobs as the portal registers them, each job this process's pg-boss hands over printed.
const video = videoJobs(deps);
const watched: JobWorkers = {
  ...video,
  register: (boss, options) =>
    video.register(
      new Proxy(boss, {
        get(target, property) {
          if (property !== "work") {
            const value = Reflect.get(target, property, target);
            return typeof value === "function" ? value.bind(target) : value;
          }
          return (name: string, workOptions: PgBoss.WorkOptions, handler: PgBoss.WorkHandler<unknown>) =>
            target.work(name, workOptions, async (jobs) => {
              for (const job of jobs) print({ event: "job", data: job.data });
              return handler(jobs);
            });
        },
      }),
      options,
    ),
};
const queue = await startJobQueue({ database, logger }, [watched], { pollingSeconds: Number(process.env.POLLING_SECONDS ?? 0.5) });
print({ event: "ready" });

process.once("SIGTERM", async () => {
  await queue.stop();
  await database.close();
  print({ event: "stopped" });
  process.exit(0);
});
