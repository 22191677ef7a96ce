import net from "node:net";
import { createCookie, type ServerBuild } from "@remix-run/node";
import type { Express, NextFunction, Request, Response } from "express";
import { isExpired, ticketId } from "../../server/auth/sessions";
import type { Database } from "../../server/db/database";
import { createRouteLookup } from "../../server/remix/route-lookup";
import { isOrganizer } from "../../app/contracts/permission/roles";
import { routeKey, routeLayers } from "./inventory";

/**
 * Which routes a test's requests reached, and who sent them: what lets the IDOR sweep
 * (tests/api/idor.test.ts) check that a route's probe really calls that route as a non-owner.
 *
 * Each Express route's layer is wrapped, so a call is noted only when it reached the route
 * (a request refused before routing, by the cross-site check or the resource routes' method
 * guard, is not a call of the route), and the pages' in-process API calls (server/api/in-process.ts,
 * which share the API router but not the app's middleware) are noted too, marked as such. A call
 * is named as the sweep names routes: "METHOD /mounted/path/pattern" (serverRoutes in
 * tests/support/inventory.ts), and for the Remix handler the matched leaf route id (or the route
 * a `_data` request names).
 */
export type Caller =
  | { kind: "signed out" }
  /** Acting for `username`; `contractor` when through an entrusted contractor's grant. */
  | { kind: "signed in"; username: string; organizer: boolean; contractor: boolean };

export type RouteCall = {
  key: string;
  /** "http": sent to the server; "in-process": a page's own call of the API, inside a page request. */
  via: "http" | "in-process";
  caller: Caller;
};

export function recordRouteCalls(app: Express, deps: { db: Database; sessionSecrets: string[]; remixBuild?: ServerBuild }) {
  const lookup = deps.remixBuild ? createRouteLookup(deps.remixBuild) : null;
  let current: Promise<RouteCall>[] | null = null;

  const ticketCookies = ["ticket", "__Host-ticket"].map((name) => createCookie(name, { secrets: deps.sessionSecrets }));

  /** The ticket as the server reads it: the API's header, else the portal's signed cookie, else a plain cookie. */
  async function ticketOf(req: Request): Promise<string | null> {
    const header = req.get("ticket") ?? req.get("authorization")?.replace(/^Bearer\s+/i, "");
    if (header) return header;
    const cookies = req.get("cookie");
    if (!cookies) return null;
    for (const cookie of ticketCookies) {
      const value: unknown = await cookie.parse(cookies).catch(() => null);
      if (typeof value === "string" && value) return value;
    }
    const plain = cookies.match(/(?:^|;\s*)ticket=([^;]+)/);
    return plain ? decodeURIComponent(plain[1]!) : null;
  }

  // A ticket once seen live stays its account's: a later call with it after a sign-out still names that
  // account, on the safe side (the owner's stale ticket never passes for a non-owner's call; another's is a
  // non-owner's either way).
  const known = new Map<string, Caller>();

  /** Read-only (no idle window slid), and started as the route is reached: before a sign-out ends the session. */
  async function callerOf(req: Request): Promise<Caller> {
    const ticket = await ticketOf(req);
    if (!ticket || ticket.length > 200) return { kind: "signed out" };
    const seen = known.get(ticket);
    if (seen) return seen;
    const row = await deps.db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select(["users.username", "users.role_id", "sessions.contractor_access_id", "sessions.created_at", "sessions.last_seen_at"])
      .where("sessions.id", "=", ticketId(ticket))
      .executeTakeFirst();
    if (!row || isExpired(row)) return { kind: "signed out" };
    const caller: Caller = { kind: "signed in", username: row.username, organizer: isOrganizer(row.role_id), contractor: row.contractor_access_id !== null };
    known.set(ticket, caller);
    return caller;
  }

  function note(key: string, req: Request) {
    if (!current) return;
    const via = req.socket instanceof net.Socket ? "http" : "in-process";
    current.push(callerOf(req).then((caller) => ({ key, via, caller })));
  }

  for (const { prefix, layer } of routeLayers(app)) {
    const route = layer.route;
    const remix = route.path === "*";
    // The layer's handle is the route's dispatch (bound to it): wrapped with the same arity, so Express
    // still takes it for a request handler, not an error handler.
    const dispatch = layer.handle as unknown as (req: Request, res: Response, next: NextFunction) => void;
    (layer as { handle: unknown }).handle = function noteCall(req: Request, res: Response, next: NextFunction) {
      if (remix) {
        const data = typeof req.query._data === "string" ? req.query._data : null;
        const id = data && deps.remixBuild?.routes[data] ? data : lookup?.(req.path)?.routeId;
        if (id) note(id, req);
      } else {
        // Express runs a HEAD through the GET route when the route has no HEAD of its own.
        const method = req.method.toLowerCase();
        const handled = route.methods[method] ? method : method === "head" && route.methods.get ? "get" : "_all";
        note(routeKey(handled, prefix, route), req);
      }
      dispatch(req, res, next);
    };
  }

  return {
    /** Notes every call from now on, until `stop`; a recording already under way is dropped. */
    start() {
      const calls: Promise<RouteCall>[] = [];
      current = calls;
      return {
        async stop(): Promise<RouteCall[]> {
          if (current === calls) current = null;
          return Promise.all(calls);
        },
      };
    },
  };
}

/** How a caller reads in a failure message. */
export function describeCaller(caller: Caller) {
  if (caller.kind === "signed out") return "signed out";
  return `${caller.username}${caller.contractor ? " (contractor)" : ""}${caller.organizer ? " (organizer)" : ""}`;
}
