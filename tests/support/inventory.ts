import type { ServerBuild } from "@remix-run/node";
import type { Express } from "express";
import { sql, type QueryExecutorProvider } from "kysely";

/**
 * The routes a security sweep must cover, read from the running server itself: the Express
 * router stack (our exhibition API, file routes) and the Remix route manifest (pages and
 * actions). A route added later is swept without anyone listing it.
 */
export type ServerRoute = { method: string; path: string; key: string };

/** A layer of an Express router stack: a route (its handle runs the route), or a router mounted under a path. */
type Layer = {
  route?: { path: string; methods: Record<string, boolean> };
  name?: string;
  regexp?: RegExp & { fast_slash?: boolean };
  handle?: { stack?: Layer[] };
};
type RouteLayer = Layer & { route: NonNullable<Layer["route"]> };

function mountPath(layer: Layer) {
  if (!layer.regexp || layer.regexp.fast_slash) return "";
  // Express 4 compiles app.use("/api", …) to /^\/api\/?(?=\/|$)/i.
  return layer.regexp.source.replace(/^\^/, "").replace("\\/?(?=\\/|$)", "").replace(/\\\//g, "/");
}

/** Every route layer of the app's router stack (and of the routers mounted in it), with the path it is mounted under. */
export function routeLayers(app: Express): { prefix: string; layer: RouteLayer }[] {
  const found: { prefix: string; layer: RouteLayer }[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) found.push({ prefix, layer: layer as RouteLayer });
      else if (layer.name === "router" && layer.handle?.stack) walk(layer.handle.stack, prefix + mountPath(layer));
    }
  };
  walk((app as unknown as { _router: { stack: Layer[] } })._router.stack, "");
  return found;
}

/** The sweep's name of a route for one method: "GET /api/smeb/…", "ALL" for app.all. */
export function routeKey(method: string, prefix: string, route: { path: string }) {
  return `${method === "_all" ? "ALL" : method.toUpperCase()} ${prefix}${route.path}`;
}

export function serverRoutes(app: Express): ServerRoute[] {
  const found: ServerRoute[] = [];
  for (const { prefix, layer } of routeLayers(app)) {
    const route = layer.route;
    if (route.path === "*") continue; // the Remix handler, swept through the manifest
    for (const method of Object.keys(route.methods)) {
      const key = routeKey(method, prefix, route);
      found.push({ method: key.slice(0, key.indexOf(" ")), path: prefix + route.path, key });
    }
  }
  return [...new Map(found.map((r) => [r.key, r])).values()];
}

export type PageRoute = {
  id: string;
  /** Full URL pattern with `:param` and `*` segments, e.g. "/index/:slug". */
  path: string;
  params: string[];
  hasLoader: boolean;
  hasAction: boolean;
};

export function pageRoutes(build: ServerBuild): PageRoute[] {
  const routes = build.routes;
  const fullPath = (id: string): string => {
    const route = routes[id]!;
    const parent = route.parentId ? fullPath(route.parentId) : "";
    return [parent, route.path ?? ""].filter(Boolean).join("/");
  };
  return Object.keys(routes)
    .filter((id) => id !== "root")
    .map((id) => {
      const path = `/${fullPath(id)}`.replace(/\/+$/, "") || "/";
      const params = [...path.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? "*");
      const module = routes[id]!.module;
      return { id, path, params, hasLoader: Boolean(module.loader), hasAction: Boolean(module.action) };
    });
}

/** A URL for a page pattern, with each parameter filled from `values` (or a harmless sample). */
export function fillPath(pattern: string, values: Record<string, string> = {}) {
  return pattern.replace(/:(\w+)|\*/g, (_m, name: string | undefined) => encodeURIComponent(values[name ?? "*"] ?? "sample"));
}

/**
 * What changes by design on requests that change nothing of anyone's records: the session's
 * last-seen time, the audit of sign-in attempts, the rate limits' hits (password-reset requests,
 * public visitor and invoice QR requests: each counted per address, refused or not), and the one-time captcha challenges that
 * the spec's captcha GET issues.
 */
export const VOLATILE = {
  tables: ["login_attempts", "rate_limit_hits", "captchas", "kysely_migration", "kysely_migration_lock"],
  columns: {
    sessions: ["last_seen_at"],
    // A render job works on in the background (decision 037): what it writes is not a request's doing.
    promotional_videos: [
      "state",
      "progress",
      "error",
      "attempts",
      "mp4_key",
      "poster_key",
      "video_orientation",
      "size_bytes",
      "duration_ms",
      "video_at",
      "started_at",
      "finished_at",
      "updated_at",
    ],
  } as Record<string, string[]>,
};

/** One hash per table of everything in it (bar the volatile parts), to compare before and after. */
export async function databaseFingerprint(db: QueryExecutorProvider): Promise<Record<string, string>> {
  let query = fingerprintQueries.get(db);
  if (!query) {
    query = await buildFingerprintQuery(db);
    fingerprintQueries.set(db, query);
  }
  const rows = await query.execute(db);
  return Object.fromEntries(rows.rows.map((r) => [r.t, `${r.n}:${r.h ?? ""}`]));
}

const fingerprintQueries = new WeakMap<QueryExecutorProvider, ReturnType<typeof sql<{ t: string; n: number; h: string | null }>>>();

/** One statement for all tables, built once per database: the fuzz test fingerprints hundreds of times. */
async function buildFingerprintQuery(db: QueryExecutorProvider) {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(db);
  const byTable = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of columns.rows) {
    if (VOLATILE.tables.includes(table) || (VOLATILE.columns[table] ?? []).includes(column)) continue;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  const parts = [...byTable].map(
    ([table, kept]) => sql`select ${table}::text as t, count(*)::int as n, md5(string_agg(r::text, '|' order by r::text)) as h
      from (select ${sql.join(kept.map((c) => sql.ref(c)))} from ${sql.table(table)}) r`,
  );
  return sql<{ t: string; n: number; h: string | null }>`${sql.join(parts, sql` union all `)}`;
}

/**
 * Counts committed row changes per table (bar the volatile parts) with triggers, for a test that
 * asks "did this request change anything?" thousands of times: one small read per question instead
 * of hashing every table (the fuzz: issue 54). A rolled-back write is not counted, as its changes
 * are not there; an update that leaves the kept columns as they were is not a change.
 */
export async function watchRowChanges(db: QueryExecutorProvider) {
  await sql`create table test_row_changes (t text primary key, n bigint not null)`.execute(db);
  await sql`create function test_count_row_change() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and (to_jsonb(new) - coalesce(tg_argv, '{}')) = (to_jsonb(old) - coalesce(tg_argv, '{}')) then return null; end if;
      insert into test_row_changes values (tg_table_name, 1) on conflict (t) do update set n = test_row_changes.n + 1;
      return null;
    end $$`.execute(db);
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'test_row_changes'`.execute(db);
  const watched = tables.rows.map((r) => r.table_name).filter((table) => !VOLATILE.tables.includes(table));
  for (const table of watched) {
    const ignored = sql.join((VOLATILE.columns[table] ?? []).map((column) => sql.lit(column)));
    await sql`create trigger test_row_change after insert or update or delete on ${sql.table(table)}
      for each row execute function test_count_row_change(${ignored})`.execute(db);
    await sql`create trigger test_row_truncate after truncate on ${sql.table(table)}
      for each statement execute function test_count_row_change()`.execute(db);
  }
  return {
    watched,
    /** Changes so far per table; equal before and after a request when it changed nothing. */
    async counts(): Promise<Record<string, number>> {
      const rows = await sql<{ t: string; n: string }>`select t, n from test_row_changes`.execute(db);
      return Object.fromEntries(rows.rows.map((r) => [r.t, Number(r.n)]));
    },
  };
}
