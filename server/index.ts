import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { type Config, ConfigError, loadConfig } from "./config";
import { createLogger } from "./logger";
import { prepareServices } from "./boot";
import { MixedDatabaseRefusal } from "./setup/database-kind";
import { createServerApp } from "./app";
import { serverProcessCount, superviseWorkers } from "./cluster";
import { answerAggregator, startMetricsPort } from "./metrics/endpoint";
import { purgeExpiredSessions } from "./auth/sessions";
import { purgeOldLoginAttempts } from "./auth/login-throttle";
import { purgeOldVerificationCodes } from "./exhibitor/verification";
import { purgeOldVisitorCodes } from "./promotion/visitor-throttle";
import { purgeOldRateLimitHits } from "./rate-limits/hits";
import { sweepUnclaimedUploads } from "./uploads/grants";
import { uploadSweepJobs } from "./uploads/sweep-jobs";
import { FILE_REFERENCES } from "./domains";
import { appClock } from "./clock";
import { DataDirHeldError, EXIT_DATA_DIR_HELD } from "./db/data-dir-owner";
import { createNotifier } from "./notify";
import { createDeliveryChannels } from "./notify/channels";
import { messageJobs } from "./notify/jobs";
import { type JobQueue, type JobWorkers, startJobQueue } from "./jobs/queue";
import { backupJobs } from "./backup/jobs";
import { reminderJobs } from "./reminders/queue";
import { invitationJobs } from "./accounts/invitation-jobs";
import { videoJobs } from "./video/jobs";

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  // WEB_CONCURRENCY > 1 (PostgreSQL only): this process supervises, each worker runs the rest of main().
  if (cluster.isPrimary && serverProcessCount(config) > 1) return superviseWorkers(config, logger);
  if (config.TEST_CLOCK) {
    appClock.startAt(config.TEST_CLOCK);
    logger.warn({ testClock: config.TEST_CLOCK }, "TEST_CLOCK is set: business time starts at it (test setting)");
  }
  let services: Awaited<ReturnType<typeof prepareServices>>;
  try {
    services = await prepareServices(config, logger);
  } catch (error) {
    if (error instanceof DataDirHeldError) {
      console.error(error.message);
      process.exit(EXIT_DATA_DIR_HELD);
    }
    // SEED_DEMO_DATA=always on a real exhibition's database: its message says it all.
    if (error instanceof MixedDatabaseRefusal) {
      console.error(error.message);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }

  const buildPath = path.resolve("build/index.js");
  const remixBuild = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const app = createServerApp({ config, logger, ...services, remixBuild, publicDir: path.resolve("public") });

  const server = app.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    if (!config.API_BASE_URL) config.apiBaseUrl = `http://127.0.0.1:${port}/api`;
    services.database.owner?.setPort(port);
    logger.info({ port, database: services.database.kind, api: config.apiBaseUrl }, "listening");
    console.log(`Exhibitor Portal is running at ${config.PUBLIC_URL ?? `http://localhost:${port}`}`);
  });
  server.keepAliveTimeout = 65_000;
  // One process: it serves METRICS_PORT itself; with several, the primary does (server/cluster.ts).
  answerAggregator();
  const metricsServer = config.METRICS_PORT && cluster.isPrimary ? startMetricsPort(config.METRICS_PORT, logger) : null;

  // Housekeeping on a timer; any process may run it, the deletes are idempotent.
  const housekeeping = setInterval(
    () => {
      const { db } = services.database;
      Promise.all([
        purgeExpiredSessions(db),
        purgeOldLoginAttempts(db),
        purgeOldVerificationCodes(db),
        purgeOldVisitorCodes(db),
        purgeOldRateLimitHits(db),
        sweepUnclaimedUploads(db, services.store),
      ]).catch((error) => logger.warn({ err: error }, "housekeeping failed"));
    },
    10 * 60 * 1000,
  );
  housekeeping.unref();

  // The job queue (decision 034): pg-boss on the same database, every process may run one; checklist
  // reminders (unless REMINDERS=off) and invitation batches register their workers on it. A SIGTERM
  // while it still starts (a slow first migration) waits for it, then stops it: the handlers below are in
  // place before the first await.
  const jobsStarted: Promise<JobQueue | null> =
    config.JOBS === "on"
      ? startJobQueue({ database: services.database, logger }, jobDomains(config, logger, services)).catch((error) => {
          logger.error({ err: error }, "job queue not started; checklist reminders wait for the next start, invitation batches are sent in the request");
          return null;
        })
      : Promise.resolve(null);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.warn("shutdown timeout reached; exiting");
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    // Keep-alive clients are told to reconnect (to another process) after their current answer.
    server.on("request", (_req, res) => res.setHeader("Connection", "close"));
    metricsServer?.close();
    const close = () => {
      server.close(async () => {
        const jobs = await jobsStarted;
        await jobs?.stop().catch((error) => logger.warn({ err: error }, "job queue did not stop cleanly"));
        await services.database.close().catch(() => {});
        logger.info("stopped");
        process.exit(0);
      });
      // Connections still busy become idle once answered; close them as they do.
      server.closeIdleConnections();
      setInterval(() => server.closeIdleConnections(), 200).unref();
    };
    // One of several processes (a rolling restart, server/cluster.ts): closing a kept-alive connection
    // while idle can cross a request the client is sending on it (the client sees a reset). So for a
    // short while every answer says Connection: close, and each client's next request, answered,
    // moves it to a new connection (another process); then the server closes.
    if (cluster.isWorker) setTimeout(close, Math.min(WORKER_DRAIN_MS, config.SHUTDOWN_TIMEOUT_MS / 2));
    else close();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** How long a stopping worker still answers, each answer closing its connection, before it closes. */
const WORKER_DRAIN_MS = 5000;

function jobDomains(config: Config, logger: ReturnType<typeof createLogger>, services: Awaited<ReturnType<typeof prepareServices>>) {
  const db = services.database.db;
  const channels = createDeliveryChannels(config, db);
  const jobDeps = { db, config, logger, notifier: createNotifier({ config, db, logger, channels }) };
  const domains: JobWorkers[] = [
    messageJobs({ db, channels, logger, config }),
    invitationJobs(jobDeps),
    videoJobs({ db: services.database.db, store: services.store, logger }),
    uploadSweepJobs({ db: services.database.db, store: services.store, logger, fileReferences: FILE_REFERENCES }),
    backupJobs({
      db,
      store: services.store,
      logger,
      databaseKind: services.database.kind,
      schedule: config.BACKUP_SCHEDULE,
      folder: config.backupDir,
      keep: config.BACKUP_KEEP,
    }),
  ];
  if (config.REMINDERS === "on") domains.push(reminderJobs(jobDeps));
  return domains;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
