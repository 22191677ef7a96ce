import type { ServerBuild } from "@remix-run/node";

/** Where every path may go: routes without a path of their own, or whose first segment is a parameter or a splat. */
const ANY_PATH = "";

/**
 * The build split by a path's first segment (decision 072). Remix matches a request's path against
 * every route it is given, two times for a data request and three for a document, and each time it
 * flattens, ranks and compiles the whole tree again: with the portal's ~160 routes that was a third
 * of an empty data request's CPU. A path can only match routes whose own first segment is the path's
 * first segment, a parameter, a splat or nothing (layouts, index routes), so each static first
 * segment gets a build of its own holding those routes, and Remix is given the one for the request.
 * Its matching then runs over a dozen routes instead of all, with the same answer.
 *
 * A partial build is an ordinary `ServerBuild` with fewer routes: its `assets.routes` lists the same
 * routes, so the document Remix renders from it is the one the full build gives for that path; the
 * browser still loads the whole route manifest from its file (`assets.url`), so navigating to any
 * other page works as before. tests/unit/route-partition.test.ts checks that every route's path and
 * some odd ones are matched the same by the partial build as by the whole.
 */
export function partitionByFirstSegment(build: ServerBuild): { buildFor: (pathname: string) => ServerBuild; keys: string[] } {
  const keyOf = new Map<string, string>();
  const segmentsOf = (id: string): string[] => {
    const route = build.routes[id];
    if (!route) return [];
    const own = (route.path ?? "").split("/").filter(Boolean);
    return route.parentId ? [...segmentsOf(route.parentId), ...own] : own;
  };
  for (const id of Object.keys(build.routes)) {
    const first = segmentsOf(id)[0];
    const isStatic = first !== undefined && !first.startsWith(":") && first !== "*" && !first.endsWith("?");
    keyOf.set(id, isStatic ? first.toLowerCase() : ANY_PATH);
  }
  const keys = [...new Set(keyOf.values())].filter((key) => key !== ANY_PATH);
  const partial = (key: string): ServerBuild => {
    const ids = [...keyOf].filter(([, routeKey]) => routeKey === key || routeKey === ANY_PATH).map(([id]) => id);
    const pick = <T>(all: Record<string, T>) => Object.fromEntries(ids.filter((id) => id in all).map((id) => [id, all[id]!]));
    return { ...build, routes: pick(build.routes), assets: { ...build.assets, routes: pick(build.assets.routes) } };
  };
  const builds = new Map(keys.map((key) => [key, partial(key)]));
  const anyPathOnly = partial(ANY_PATH);
  return { buildFor: (pathname) => builds.get(firstSegmentKey(pathname)) ?? anyPathOnly, keys };
}

/** The path's first segment as the router compares it: decoded (when it can be) and in lower case. */
function firstSegmentKey(pathname: string): string {
  const first = pathname.split("/").find(Boolean) ?? "";
  try {
    return decodeURIComponent(first).toLowerCase();
  } catch {
    return first.toLowerCase();
  }
}
