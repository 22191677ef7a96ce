import { type Kysely, type LogEvent, sql } from "kysely";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { DB } from "../db/schema";

/** The part of a database handle (server/db/database.ts) the scrape reads. */
type MetricsDatabase = { db: Kysely<DB>; poolStats?(): { total: number; idle: number; waiting: number } };

/**
 * The process's Prometheus metrics (issue 53, decision 057). One registry per process: the HTTP
 * layer, the database hook and the hash queue write to it; the figures that live in the database
 * (job queues, messages, uploads) are read from it when a scrape asks. With several processes each
 * worker answers the primary's aggregator (server/metrics/endpoint.ts): per-process figures are
 * summed, database figures taken once (`aggregator: "first"`), since every worker reads the same rows.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: "portal_" });

const DURATION_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30];

export const httpRequests = new Counter({
  name: "portal_http_requests_total",
  help: "Requests answered, by route pattern (never the raw URL), method and status class",
  labelNames: ["route", "method", "status"] as const,
  registers: [metricsRegistry],
});
export const httpDuration = new Histogram({
  name: "portal_http_request_duration_seconds",
  help: "Time from a request's arrival to its answer, by route pattern, method and status class",
  labelNames: ["route", "method", "status"] as const,
  buckets: DURATION_BUCKETS,
  registers: [metricsRegistry],
});
export const httpInFlight = new Gauge({
  name: "portal_http_requests_in_flight",
  help: "Requests being answered now",
  registers: [metricsRegistry],
});
const queryDuration = new Histogram({
  name: "portal_db_query_duration_seconds",
  help: "Time of each SQL statement, failed ones included",
  labelNames: ["outcome"] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
  registers: [metricsRegistry],
});
export const signInsRefusedBusy = new Counter({
  name: "portal_sign_ins_refused_busy_total",
  help: "Sign-ins answered 503 because the password hash queue was full",
  registers: [metricsRegistry],
});

/** Kysely's log hook (server/db/database.ts): every statement's time. */
export function observeQuery(event: LogEvent) {
  queryDuration.observe({ outcome: event.level === "error" ? "error" : "ok" }, event.queryDurationMillis / 1000);
}

/** What the scrape reads besides the counters: this process's database and hash queue. */
type Sources = { database: MetricsDatabase; hashQueue: () => { waiting: number; running: boolean; cpuSeconds: number } };
let sources: Sources | null = null;

/** The server (server/app.ts) names its database; tests starting several apps in one process get the last one's. */
export function setMetricsSources(next: Sources) {
  sources = next;
}

new Gauge({
  name: "portal_sign_ins_waiting_for_hash",
  help: "Password hashes waiting for the hash thread (sign-ins, password changes)",
  registers: [metricsRegistry],
  collect() {
    const state = sources?.hashQueue();
    this.set(state ? state.waiting + (state.running ? 1 : 0) : 0);
  },
});

new Counter({
  name: "portal_password_hash_cpu_seconds_total",
  help: "CPU time of the password hash thread (sign-ins, password changes; Linux only, else 0): the part of portal_process_cpu_seconds_total that is not pages",
  registers: [metricsRegistry],
  collect() {
    // The hasher keeps the running total; a counter cannot be set, so it is put back to it at each scrape.
    this.reset();
    this.inc(sources?.hashQueue().cpuSeconds ?? 0);
  },
});

new Gauge({
  name: "portal_db_pool_connections",
  help: "Database connections of this process: total, idle and requests waiting for one (PostgreSQL; the embedded database has one)",
  labelNames: ["state"] as const,
  registers: [metricsRegistry],
  collect() {
    const pool = sources?.database.poolStats?.();
    if (!pool) return;
    this.set({ state: "total" }, pool.total);
    this.set({ state: "idle" }, pool.idle);
    this.set({ state: "waiting" }, pool.waiting);
  },
});

/** A gauge whose value is read from the database at scrape time; a failed read leaves it unset. */
function databaseGauge<L extends string>(
  name: string,
  help: string,
  labelNames: readonly L[],
  read: (database: MetricsDatabase, gauge: Gauge<L>) => Promise<void>,
) {
  return new Gauge<L>({
    name,
    help,
    labelNames,
    aggregator: "first",
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      if (!sources) return;
      await read(sources.database, this).catch(() => undefined);
    },
  });
}

// pg-boss's table: jobs waiting (created, retry), failed for good, and the oldest waiting one's age.
databaseGauge("portal_job_queue_depth", "Jobs waiting to run, per queue", ["queue"], async ({ db }, gauge) => {
  for (const row of await jobStates(db)) if (row.waiting) gauge.set({ queue: row.name }, row.waiting);
});
databaseGauge("portal_job_queue_failed", "Jobs failed for good (retries used up) still kept, per queue", ["queue"], async ({ db }, gauge) => {
  for (const row of await jobStates(db)) if (row.failed) gauge.set({ queue: row.name }, row.failed);
});
databaseGauge("portal_job_queue_oldest_waiting_seconds", "Age of the oldest job waiting, per queue", ["queue"], async ({ db }, gauge) => {
  for (const row of await jobStates(db)) if (row.oldest_seconds !== null) gauge.set({ queue: row.name }, row.oldest_seconds);
});

type JobState = { name: string; waiting: number; failed: number; oldest_seconds: number | null };
async function jobStates(db: Kysely<DB>): Promise<JobState[]> {
  // Without the job queue (JOBS=off) its schema does not exist: nothing to report.
  const { rows } = await sql<JobState>`
    select name,
      count(*) filter (where state in ('created', 'retry'))::int as waiting,
      count(*) filter (where state = 'failed')::int as failed,
      extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry')))::float8 as oldest_seconds
    from pgboss.job group by name`.execute(db);
  return rows;
}

databaseGauge("portal_messages", "Mail and SMS in the delivery log, per channel and state", ["channel", "state"], async ({ db }, gauge) => {
  const rows = await db
    .selectFrom("messages")
    .select(["channel", "status", sql<number>`count(*)::int`.as("n")])
    .groupBy(["channel", "status"])
    .execute();
  for (const row of rows) gauge.set({ channel: row.channel, state: row.status }, row.n);
});

databaseGauge("portal_uploads_in_progress", "Upload signatures handed out and not yet expired", [], async ({ db }, gauge) => {
  const row = await db.selectFrom("upload_grants").select(sql<number>`count(*)::int`.as("n")).where("expires_at", ">", new Date()).executeTakeFirstOrThrow();
  gauge.set(row.n);
});

databaseGauge("portal_stored_bytes", "Bytes of every stored file", [], async ({ db }, gauge) => {
  const row = await db.selectFrom("stored_files").select(sql<string>`coalesce(sum(size_bytes), 0)::text`.as("bytes")).executeTakeFirstOrThrow();
  gauge.set(Number(row.bytes));
});
