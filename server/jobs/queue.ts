import { CompiledQuery } from "kysely";
import PgBoss from "pg-boss";
import type { DatabaseHandle } from "../db/database";
import type { Logger } from "../logger";

/**
 * The portal's one job queue per process (decisions 034 and 039): pg-boss 10 on the portal's own
 * database. Each domain that has background work hands it a `JobWorkers`: its queues, workers and
 * schedules (server/reminders/queue.ts, server/accounts/invitation-jobs.ts). pg-boss keeps the jobs
 * across restarts, hands each to one worker and retries a failed one; never-twice is each domain's
 * own claim in its own table, whichever process or job runs.
 *
 * On the embedded database pg-boss has no connection of its own: its `db` runs each statement through
 * the app's serialized PGlite connection (server/db/pglite-pool.ts), never a second engine on the
 * files. On PostgreSQL it goes through the app's pool.
 */

/**
 * pg-boss's `db`: statements with values as one query, a script without values as exec (its last
 * result). It also knows the statements still running: pg-boss marks a finished job complete without
 * waiting for it, so its `stop` can resolve while that statement is still queued; `settled` lets the
 * queue's stop wait for it before the caller closes the database.
 */
function bossDb(database: DatabaseHandle): PgBoss.Db & { settled(): Promise<void> } {
  const { db, pglite } = database;
  const running = new Set<Promise<unknown>>();
  const run = (text: string, values?: unknown[]) =>
    pglite
      ? // Held as the app's one connection meanwhile: no Kysely transaction interleaves with it.
        db.connection().execute(async () => {
          if (values?.length) return pglite.query(text, values);
          const results = await pglite.exec(text);
          return results.at(-1) ?? { rows: [] };
        })
      : db.executeQuery(CompiledQuery.raw(text, values ?? []));
  return {
    executeSql: (text, values) => {
      const statement = run(text, values);
      running.add(statement);
      statement.then(
        () => running.delete(statement),
        () => running.delete(statement),
      );
      return statement as Promise<{ rows: never[] }>;
    },
    async settled() {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}

export type JobOptions = {
  /** How often the workers look for jobs, in seconds (tests shorten it); each domain has its default. */
  pollingSeconds?: number;
};

/** A domain's background work: the queue names it owns, and how to create their queues and workers on a started pg-boss. */
export type JobWorkers = {
  queues: readonly string[];
  register(boss: PgBoss, options: JobOptions): Promise<void>;
  /** Run once every domain is registered (e.g. a first sweep). */
  started?(queue: JobQueue): Promise<void>;
};

export type JobQueue = {
  /** Whether a worker of this queue name runs in this process's queue. */
  handles(queueName: string): boolean;
  /** Queues a job (taken within seconds by whichever process runs that queue's worker). */
  send(queueName: string, data: object): Promise<void>;
  stop(): Promise<void>;
};

let running: JobQueue | null = null;

/** The job queue this process started, if any: without it (tests, JOBS=off) the API does the work at once. */
export const activeJobQueue = () => running;

/**
 * pg-boss creates a queue's table and row in one statement; two processes starting at once on
 * PostgreSQL can deadlock there (40P01, seen in tests/api/video-processes.test.ts). Creating a queue
 * is idempotent (on conflict do nothing), so the loser tries again after a short random pause.
 */
async function retryOnDeadlock(register: () => Promise<void>, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await register();
    } catch (error) {
      if ((error as { code?: string }).code !== "40P01" || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

export async function startJobQueue(deps: { database: DatabaseHandle; logger: Logger }, domains: JobWorkers[], options: JobOptions = {}): Promise<JobQueue> {
  const statements = bossDb(deps.database);
  const boss = new PgBoss({ db: statements, schema: "pgboss", supervise: true, schedule: true, migrate: true });
  boss.on("error", (error) => deps.logger.warn({ err: error }, "job queue error"));
  await boss.start();
  const names = new Set<string>();
  try {
    for (const domain of domains) {
      await retryOnDeadlock(() => domain.register(boss, options));
      for (const name of domain.queues) names.add(name);
    }
  } catch (error) {
    await boss.stop({ graceful: false, wait: true, timeout: 1000 }).catch(() => {});
    throw error;
  }
  const queue: JobQueue = {
    handles: (queueName) => names.has(queueName),
    async send(queueName, data) {
      await boss.send(queueName, data);
    },
    async stop() {
      if (running === queue) running = null;
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
      // A job's completion may still be on its way to the database (see bossDb).
      await statements.settled();
    },
  };
  running = queue;
  for (const domain of domains) await domain.started?.(queue);
  return queue;
}
