import { AsyncLocalStorage } from "node:async_hooks";
import type { NextFunction, Request, Response } from "express";

/**
 * What one HTTP request shares with the work done on its behalf. A page's API calls made in-process
 * (server/api/in-process.ts) run inside the page request's scope, so:
 * - the SQL statements are counted over the whole page, through Kysely's `log` hook. With
 *   SERVER_TIMING=true the count and the server time are sent as a Server-Timing header (the
 *   benchmark reads it); otherwise nothing is exposed;
 * - a page read's API calls can share one lookup (the caller's session: pageReadMemo).
 */
/** One in-process API call of a page, for the page's access-log line (server/access-log.ts). */
type ApiCallNote = { method: string; url: string; status: number; ms: number };
type RequestScope = { statements: number; startedAt: number; readOnly: boolean; memo: Map<string, Promise<unknown>>; apiCalls: ApiCallNote[] };
const storage = new AsyncLocalStorage<RequestScope>();

export function noteStatement() {
  const scope = storage.getStore();
  if (scope) scope.statements++;
}

/** The current request's scope, when there is one (the access log reads and writes its API calls). */
export function currentRequestScope(): Pick<RequestScope, "apiCalls"> | undefined {
  return storage.getStore();
}

/**
 * `compute()` once per key within one page read (GET or HEAD), shared by its in-process API calls;
 * computed every time in a page post, whose action may change what a later call must see (a booth
 * switch, a sign-out), and outside a request.
 */
export function pageReadMemo<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const scope = storage.getStore();
  if (!scope?.readOnly) return compute();
  let pending = scope.memo.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = compute();
    scope.memo.set(key, pending);
  }
  return pending;
}

export function requestScope(options: { exposeHeader: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    // An in-process API call: already inside its page's scope.
    if (storage.getStore()) return next();
    const scope: RequestScope = {
      statements: 0,
      startedAt: performance.now(),
      readOnly: req.method === "GET" || req.method === "HEAD",
      memo: new Map(),
      apiCalls: [],
    };
    if (options.exposeHeader) {
      const writeHead = res.writeHead;
      res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
        if (!this.headersSent) {
          const ms = (performance.now() - scope.startedAt).toFixed(1);
          this.setHeader("Server-Timing", `db;desc="${scope.statements} SQL statements", app;dur=${ms}`);
        }
        return writeHead.apply(this, args);
      } as Response["writeHead"];
    }
    storage.run(scope, next);
  };
}
