import { AsyncLocalStorage } from "node:async_hooks";
import type { NextFunction, Request, Response } from "express";

/**
 * SQL statements run on behalf of one HTTP request, counted through Kysely's `log` hook. A page's
 * API calls made in-process (server/api/in-process.ts) run inside the page request's store, so the
 * count covers the whole page. With SERVER_TIMING=true the count and the server time are sent as a
 * Server-Timing header (the benchmark reads it); otherwise nothing is exposed.
 */
type RequestWork = { statements: number; startedAt: number };
const storage = new AsyncLocalStorage<RequestWork>();

export function noteStatement() {
  const work = storage.getStore();
  if (work) work.statements++;
}

export function statementsSoFar() {
  return storage.getStore()?.statements ?? null;
}

export function countRequestWork(options: { exposeHeader: boolean }) {
  return (_req: Request, res: Response, next: NextFunction) => {
    // An in-process API call: already inside its page's count.
    if (storage.getStore()) return next();
    const work: RequestWork = { statements: 0, startedAt: performance.now() };
    if (options.exposeHeader) {
      const writeHead = res.writeHead;
      res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
        if (!this.headersSent) {
          const ms = (performance.now() - work.startedAt).toFixed(1);
          this.setHeader("Server-Timing", `db;desc="${work.statements} SQL statements", app;dur=${ms}`);
        }
        return writeHead.apply(this, args);
      } as Response["writeHead"];
    }
    storage.run(work, next);
  };
}
