import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import type { Config } from "./config";
import type { Logger } from "./logger";
import { aggregateWorkerMetrics, startMetricsPort } from "./metrics/endpoint";

/** How many server processes WEB_CONCURRENCY asks for. */
export function serverProcessCount(config: Pick<Config, "WEB_CONCURRENCY">): number {
  return config.WEB_CONCURRENCY === "auto" ? os.availableParallelism() : config.WEB_CONCURRENCY;
}

const RESTART_DELAY_MS = 1000;
/** A worker dying more often than this in a minute stops the whole server: something is broken. */
const MAX_RESTARTS_PER_MINUTE = 5;

/**
 * The production start with several processes (issue 42, decision 041): this primary process only
 * supervises; each worker is a full server (server/index.ts) on the shared port, which Node's cluster
 * module hands out round-robin. State lives in PostgreSQL, so any worker can answer any request.
 *
 * The first worker starts alone and migrates and seeds the database before the others start, so two
 * processes never migrate at once. A worker that dies is replaced after a second. SIGTERM and SIGINT
 * go to every worker, which finishes its in-flight requests (server/index.ts); the primary exits
 * when they all have.
 */
export function superviseWorkers(config: Config, logger: Logger): void {
  const wanted = serverProcessCount(config);
  let stopping = false;
  const restarts: number[] = [];

  const fork = () => {
    const worker = cluster.fork();
    worker.once("exit", (code, signal) => onExit(worker, code, signal));
    return worker;
  };
  /** Workers told to stop by a rolling restart: their exit is expected, their replacement already runs. */
  const retiring = new Set<Worker>();
  const onExit = (worker: Worker, code: number | null, signal: string | null) => {
    if (retiring.delete(worker)) return;
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        logger.info("every server process has stopped");
        process.exit(0);
      }
      return;
    }
    const now = Date.now();
    restarts.push(now);
    while (restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > MAX_RESTARTS_PER_MINUTE) {
      logger.fatal({ pid: worker.process.pid, code, signal }, "server processes keep dying; stopping");
      stop("restart limit");
      process.exitCode = 1;
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, "a server process died; starting another");
    setTimeout(() => !stopping && fork(), RESTART_DELAY_MS).unref();
  };
  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ reason }, "stopping every server process");
    metricsServer?.close();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  /**
   * SIGHUP, after a deploy: every worker is replaced one at a time. The new one starts (the new
   * build) and listens before the old one is told to stop; the old one finishes its requests
   * (server/index.ts), so a request never finds the port without a process to answer it.
   */
  let restarting = false;
  const rollingRestart = async () => {
    if (restarting || stopping) return;
    restarting = true;
    const old = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker));
    logger.info({ processes: old.length }, "rolling restart: replacing the server processes one at a time");
    try {
      for (const worker of old) {
        if (stopping) return;
        const next = fork();
        const ready = await new Promise<boolean>((resolve) => {
          next.once("listening", () => resolve(true));
          next.once("exit", () => resolve(false));
        });
        if (!ready) {
          logger.error({ pid: worker.process.pid }, "rolling restart stopped: a new server process did not start; the old ones keep serving");
          return;
        }
        retiring.add(worker);
        const gone = new Promise((resolve) => worker.once("exit", resolve));
        worker.process.kill("SIGTERM");
        await gone;
      }
      logger.info("rolling restart done");
    } finally {
      restarting = false;
    }
  };
  process.on("SIGHUP", () => void rollingRestart());

  // /metrics from any worker (with METRICS_TOKEN) or on METRICS_PORT: every worker's figures, gathered here.
  aggregateWorkerMetrics(logger);
  const metricsServer = config.METRICS_PORT ? startMetricsPort(config.METRICS_PORT, logger) : null;
  logger.info({ processes: wanted, database: "postgresql" }, "starting the server processes");
  const first = fork();
  first.once("listening", () => {
    for (let i = 1; i < wanted; i++) fork();
  });
}
