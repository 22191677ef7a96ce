import { CompiledQuery } from "kysely";
import PgBoss from "pg-boss";
import type { DatabaseHandle } from "../db/database";
import { type ManualJob, type ReminderDeps, runSweep, sendManual } from "./send";

/**
 * The reminders' job queue (decision 034): pg-boss 10 on the portal's own database. A scheduled
 * "sweep" every 10 minutes (and one at start) sends the reminders due; the organizer's "send now" is
 * a "manual" job. pg-boss keeps the jobs across restarts and hands each to one worker, but never-twice
 * is the unique key of reminder_log (send.ts), whichever process or job runs.
 *
 * On the embedded database pg-boss has no connection of its own: its `db` runs each statement through
 * the app's serialized PGlite connection (server/db/pglite-pool.ts), never a second engine on the
 * files. On PostgreSQL it goes through the app's pool.
 */

const SWEEP_QUEUE = "reminders-sweep";
const MANUAL_QUEUE = "reminders-manual";
const SWEEP_CRON = "*/10 * * * *";

/** pg-boss's `db`: statements with values as one query, a script without values as exec (its last result). */
function bossDb(database: DatabaseHandle): PgBoss.Db {
  const { db, pglite } = database;
  if (pglite) {
    return {
      executeSql: (text, values) =>
        // Held as the app's one connection meanwhile: no Kysely transaction interleaves with it.
        db.connection().execute(async () => {
          if (values?.length) return pglite.query(text, values);
          const results = await pglite.exec(text);
          return results.at(-1) ?? { rows: [] };
        }),
    };
  }
  return { executeSql: async (text, values) => db.executeQuery(CompiledQuery.raw(text, values ?? [])) };
}

export type ReminderQueue = {
  /** Queues the organizer's "send now" (sent within seconds by whichever process takes it). */
  sendManual(job: ManualJob): Promise<void>;
  /** Queues a sweep now. */
  sweepNow(): Promise<void>;
  stop(): Promise<void>;
};

let running: ReminderQueue | null = null;

/** The queue this process started, if any (the API queues "send now" on it; without it, it sends at once). */
export const activeReminderQueue = () => running;

/** `pollingSeconds`: how often the workers look for jobs (tests shorten it). */
export async function startReminderQueue(deps: ReminderDeps & { database: DatabaseHandle }, options: { pollingSeconds?: number } = {}): Promise<ReminderQueue> {
  const boss = new PgBoss({ db: bossDb(deps.database), schema: "pgboss", supervise: true, schedule: true, migrate: true });
  boss.on("error", (error) => deps.logger.warn({ err: error }, "reminder queue error"));
  await boss.start();
  await boss.createQueue(SWEEP_QUEUE, { name: SWEEP_QUEUE, policy: "singleton", retryLimit: 2, expireInMinutes: 15 });
  await boss.createQueue(MANUAL_QUEUE, { name: MANUAL_QUEUE, retryLimit: 3, retryDelay: 30, expireInMinutes: 15 });
  await boss.schedule(SWEEP_QUEUE, SWEEP_CRON);
  await boss.work(SWEEP_QUEUE, { pollingIntervalSeconds: options.pollingSeconds ?? 10 }, async () => {
    const result = await runSweep(deps);
    if (result.sent) deps.logger.info({ event: "reminder-sweep", ...result }, "checklist reminders sent");
    return result;
  });
  await boss.work<ManualJob>(MANUAL_QUEUE, { pollingIntervalSeconds: options.pollingSeconds ?? 2 }, async (jobs) => {
    for (const job of jobs) await sendManual(deps, job.data);
  });
  const queue: ReminderQueue = {
    async sendManual(job) {
      await boss.send(MANUAL_QUEUE, job);
    },
    async sweepNow() {
      await boss.send(SWEEP_QUEUE, {});
    },
    async stop() {
      if (running === queue) running = null;
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
  running = queue;
  await queue.sweepNow();
  return queue;
}
