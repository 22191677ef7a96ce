import cluster from "node:cluster";
import crypto from "node:crypto";
import http from "node:http";
import type { RequestHandler } from "express";
import { AggregatorRegistry } from "prom-client";
import type { Config } from "../config";
import type { Logger } from "../logger";
import { httpDuration, httpInFlight, httpRequests, metricsRegistry } from "./registry";

/**
 * Counts and times every request by its route pattern: the API's Express pattern (`/api/badges/:id`),
 * a page's Remix route id, else a fixed name. Never the URL itself: ids and tokens stay out of labels.
 */
export function httpMetrics(pageRoute: (path: string) => string | null): RequestHandler {
  return (req, res, next) => {
    const startedAt = performance.now();
    httpInFlight.inc();
    // "close" comes after "finish" for every answer, and alone for an aborted one: one listener. A
    // streamed page's answer already has ten (compression, the stream pipeline, Remix, the access log):
    // bounded per answer, not a leak, so the warning's threshold is raised for this answer only.
    res.setMaxListeners(Math.max(res.getMaxListeners(), 20));
    res.once("close", () => {
      httpInFlight.dec();
      const labels = { route: routeLabel(req, pageRoute), method: req.method, status: `${Math.floor(res.statusCode / 100)}xx` };
      httpRequests.inc(labels);
      httpDuration.observe(labels, (performance.now() - startedAt) / 1000);
    });
    next();
  };
}

function routeLabel(req: Parameters<RequestHandler>[0], pageRoute: (path: string) => string | null) {
  // Express keeps the matched route and its router's mount path once a handler has answered.
  const apiPattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof apiPattern === "string") return `${req.baseUrl}${apiPattern}`;
  if (req.path.startsWith("/build/")) return "/build/*";
  if (req.path.startsWith("/api/")) return "/api (no route)";
  return pageRoute(req.path) ?? "(no route)";
}

const METRICS_REQUEST = "portal:metrics-request";
const METRICS_ANSWER = "portal:metrics-answer";
type MetricsMessage = { type: string; id: string; text?: string; error?: string };

/** The exposition this process answers with: its own, or every worker's through the primary. */
async function exposition(): Promise<string> {
  if (!cluster.isWorker || !process.send) return metricsRegistry.metrics();
  const id = crypto.randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error("the primary process did not answer in 10 s")), 10_000);
    const onMessage = (message: MetricsMessage) => {
      if (message?.type !== METRICS_ANSWER || message.id !== id) return;
      finish(message.error ? new Error(message.error) : null, message.text);
    };
    const finish = (error: Error | null, text?: string) => {
      clearTimeout(timer);
      process.off("message", onMessage);
      if (error) reject(error);
      else resolve(text ?? "");
    };
    process.on("message", onMessage);
    process.send!({ type: METRICS_REQUEST, id });
  });
}

/**
 * `/metrics` on the public port: only with `Authorization: Bearer <METRICS_TOKEN>`. Without the
 * setting the path does not exist (404); a missing or wrong token is 401 and says what is needed.
 */
export function metricsEndpoint(config: Pick<Config, "METRICS_TOKEN">, logger: Logger): RequestHandler {
  const expected = config.METRICS_TOKEN ? crypto.createHash("sha256").update(config.METRICS_TOKEN).digest() : null;
  return async (req, res) => {
    res.set("Cache-Control", "no-store");
    if (!expected) {
      res.status(404).type("text/plain").send("Not Found\n");
      return;
    }
    const given = /^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1] ?? "";
    if (!crypto.timingSafeEqual(crypto.createHash("sha256").update(given).digest(), expected)) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("/metrics needs Authorization: Bearer <METRICS_TOKEN>\n");
      return;
    }
    await sendExposition(res, logger);
  };
}

async function sendExposition(res: http.ServerResponse & { status?: unknown }, logger: Logger) {
  try {
    const text = await exposition();
    res.writeHead(200, { "Content-Type": metricsRegistry.contentType, "Cache-Control": "no-store" }).end(text);
  } catch (error) {
    logger.error({ err: error }, "metrics could not be collected");
    res.writeHead(503, { "Content-Type": "text/plain" }).end("metrics could not be collected\n");
  }
}

/**
 * METRICS_PORT: /metrics without a token on 127.0.0.1 only, for a scraper on the same host. With
 * several processes the primary listens here and aggregates every worker itself.
 */
export function startMetricsPort(port: number, logger: Logger): http.Server {
  const server = http.createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not Found\n");
      return;
    }
    void (cluster.isPrimary && aggregator && Object.keys(cluster.workers ?? {}).length
      ? aggregator
          .clusterMetrics()
          .then((text) => res.writeHead(200, { "Content-Type": metricsRegistry.contentType }).end(text))
          .catch((error: unknown) => {
            logger.error({ err: error }, "metrics could not be collected");
            res.writeHead(503, { "Content-Type": "text/plain" }).end("metrics could not be collected\n");
          })
      : sendExposition(res, logger));
  });
  server.listen(port, "127.0.0.1", () => logger.info({ port, host: "127.0.0.1" }, "metrics listening"));
  server.on("error", (error) => logger.error({ err: error, port }, "the metrics port could not be opened"));
  return server;
}

let aggregator: AggregatorRegistry<typeof metricsRegistry.contentType> | null = null;

/**
 * In the primary of several processes (server/cluster.ts): answers a worker's request for every
 * worker's figures, summed or taken once as each metric says (prom-client's cluster aggregation).
 */
export function aggregateWorkerMetrics(logger: Logger) {
  aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: MetricsMessage) => {
    if (message?.type !== METRICS_REQUEST) return;
    aggregator!
      .clusterMetrics()
      .then((text) => worker.send({ type: METRICS_ANSWER, id: message.id, text }))
      .catch((error: Error) => {
        logger.error({ err: error }, "metrics could not be collected from the workers");
        worker.send({ type: METRICS_ANSWER, id: message.id, error: error.message });
      });
  });
}

/**
 * In a worker: answers the primary's aggregator with this process's registry (prom-client listens
 * for the primary's requests once an AggregatorRegistry exists in the process).
 */
export function answerAggregator() {
  if (!cluster.isWorker) return;
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([metricsRegistry]);
}
