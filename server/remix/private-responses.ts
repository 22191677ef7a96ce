import type { RequestHandler, Response } from "express";
import type { RouteLookup } from "./route-lookup";

const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?ticket=[^;\s]/;
const SESSION_SET_COOKIE = /^(?:__Host-)?ticket=/;

/**
 * Issue 36 item 3: what a page answers a signed-in browser (it sends the session cookie) or answers
 * on a token page (`handle.tokenInUrl`) is that reader's alone (a taxpayer ID, a bank account):
 * `Cache-Control: no-store` for documents, data requests (`?_data=`), resource routes and redirects
 * alike, whatever the route set; a token page also sends `Referrer-Policy: no-referrer`, so its URL
 * never leaves as a Referer. Applied as the headers go out, because Remix's Express adapter appends
 * its response's headers to any set before it. Assets (/build, public/) are answered before this
 * runs and keep their long caching.
 */
export function privateResponses(lookup: RouteLookup | null): RequestHandler {
  return (req, res, next) => {
    const tokenPage = lookup?.(req.path)?.says("tokenInUrl") ?? false;
    const signedIn = SESSION_COOKIE.test(req.get("cookie") ?? "");
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      if (!this.headersSent) {
        // Signing in and out answer with the session cookie: not for a cache either.
        if (tokenPage || signedIn || setsSessionCookie(this)) {
          const cacheControl = [this.getHeader("cache-control") ?? []].flat().join(", ");
          if (!/\bno-store\b/i.test(cacheControl)) this.setHeader("Cache-Control", "no-store");
        }
        if (tokenPage) this.setHeader("Referrer-Policy", "no-referrer");
      }
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    next();
  };
}

function setsSessionCookie(res: Response) {
  return [res.getHeader("set-cookie") ?? []].flat().some((cookie) => SESSION_SET_COOKIE.test(String(cookie)));
}
