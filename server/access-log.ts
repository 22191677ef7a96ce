import type { RequestHandler } from "express";
import { redactUrl, type Logger } from "./logger";
import { currentRequestScope } from "./request-scope";

/**
 * One access-log line per request from outside (decision 041): method, URL without its secrets
 * (issue 36; the token routes' segments, issue 50), status and time, and for a page the in-process API calls it made, each with its own
 * URL, status and time. Those calls used to write lines of their own, two to six per page. Written
 * when the answer has gone out, at error level for a 5xx but 503 (warn); nothing is built when info is off.
 * Mounted after requestScope (server/app.ts).
 */
export function accessLog(logger: Logger, options: { ignore: (path: string) => boolean; secretPaths: readonly string[] }): RequestHandler {
  const redact = (url: string) => redactUrl(url, options.secretPaths);
  return (req, res, next) => {
    if (options.ignore(req.path)) return next();
    const startedAt = performance.now();
    const url = req.originalUrl;
    const scope = currentRequestScope();
    let written = false;
    const write = () => {
      if (written) return;
      written = true;
      res.off("finish", write);
      res.off("close", write);
      // 503 is a deliberate "busy, try again" (a full sign-in queue), not a failure of the server.
      const level = res.statusCode === 503 ? "warn" : res.statusCode >= 500 ? "error" : "info";
      if (!logger.isLevelEnabled(level)) return;
      const line: Record<string, unknown> = {
        req: { id: res.locals.requestId, method: req.method, url: redact(url) },
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - startedAt),
      };
      if (scope?.apiCalls.length) line.api = scope.apiCalls.map((call) => ({ ...call, url: redact(call.url) }));
      const message = {
        error: "request failed",
        warn: "request refused: unavailable",
        info: res.writableFinished ? "request completed" : "request closed before its answer was sent",
      }[level];
      logger[level](line, message);
    };
    res.on("finish", write);
    res.on("close", write);
    next();
  };
}

/**
 * For the API router when a page calls it in-process: the call is noted in the page's scope (its
 * line names it) instead of writing its own line.
 */
export function noteInProcessApiCall(): RequestHandler {
  return (req, res, next) => {
    const scope = currentRequestScope();
    if (!scope) return next();
    const startedAt = performance.now();
    const url = req.originalUrl;
    res.once("finish", () => {
      scope.apiCalls.push({ method: req.method, url, status: res.statusCode, ms: Math.round(performance.now() - startedAt) });
    });
    next();
  };
}
