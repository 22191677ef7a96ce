import fs from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";

type Route = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: Route };
type MatchRoutes = (routes: Route[], location: string | { pathname?: string }, basename?: string) => Match[] | null;
/** A match kept as the route's place in the tree (child indexes from the top), so it can be rebuilt on any copy of the tree. */
type KeptMatch = { at: number[]; params: Match["params"]; pathname: string; pathnameBase: string };

const PATHS_KEPT_PER_TREE = 1000;

/**
 * Remix matches a page's path against the whole route tree four times per request (its request
 * handler, the static handler's query, React Router's render and the lazy route discovery's
 * manifest), each time flattening and ranking every route and compiling their patterns again:
 * about 1.5 ms of each page, the largest single cost of the empty page. Three of the four go
 * through @remix-run/router's exported matchRoutes, which this replaces with one that keeps the
 * answer per path for a tree of the same shape. Remix builds a new copy of the tree for each
 * render, so the answer is kept as places in the tree and rebuilt on the caller's copy, and the
 * tree's shape (ids, paths, index and case flags) is part of the key: the same shape matches the
 * same way. Each answer gets its own params object, as an uncached one would.
 */
export function cacheRouteMatching(router: { matchRoutes: MatchRoutes; createStaticHandler?: unknown } = createRequire(import.meta.url)("@remix-run/router")) {
  const original = router.matchRoutes;
  if ((original as { cached?: boolean }).cached) return;
  router.matchRoutes = keptAnswers(original);
  cacheStaticHandlerMatching(router);
}

/** `match` with its answers kept per path, for trees of the same shape (see above). */
function keptAnswers(match: MatchRoutes): MatchRoutes {
  const shapes = new WeakMap<Route[], string>();
  const kept = new Map<string, Map<string, KeptMatch[] | null>>();

  const cached: MatchRoutes = (routes, location, basename = "/") => {
    let shape = shapes.get(routes);
    if (shape === undefined) {
      shape = shapeOf(routes);
      shapes.set(routes, shape);
    }
    let byPath = kept.get(shape);
    if (!byPath) {
      byPath = new Map();
      kept.set(shape, byPath);
    }
    const pathname = typeof location === "string" ? location.replace(/[?#].*$/s, "") : (location.pathname ?? "");
    const key = `${basename}\u0000${pathname}`;
    const hit = byPath.get(key);
    if (hit !== undefined) return hit && rebuild(routes, hit);
    const matches = match(routes, location, basename);
    if (byPath.size >= PATHS_KEPT_PER_TREE) byPath.delete(byPath.keys().next().value!);
    const places = matches && keep(routes, matches);
    if (places !== undefined) byPath.set(key, places);
    return matches;
  };
  Object.assign(cached, { cached: true });
  return cached;
}

/** Whether the static handler's matching is replaced, and how many times it matched the whole tree (tests read it). */
export const staticHandlerMatching = { replaced: false, fullMatches: 0 };

const STATIC_MATCH = "function matchRoutesImpl(routes, locationArg, basename, allowPartial) {";

/**
 * The fourth match of a request, the static handler's (its query and queryRoute, for every document
 * and data request: ~6 % of the servers' time under load, decision 041), calls a function the module
 * keeps to itself. So a second instance of @remix-run/router is compiled from the same file with
 * that function routed through the kept answers, and only `createStaticHandler` is taken from it
 * (Remix's server runtime reads it from the module's exports when it makes its handler). What
 * crosses between the two instances (error responses, deferred data, responses) is recognized by
 * shape, not by class, in this router. If the file no longer has the expected function, nothing is
 * replaced and the static handler matches as before.
 */
function cacheStaticHandlerMatching(router: { createStaticHandler?: unknown }) {
  if (!router.createStaticHandler) return;
  const require = createRequire(import.meta.url);
  const file = require.resolve("@remix-run/router");
  const source = fs.readFileSync(file, "utf8");
  if (source.split(STATIC_MATCH).length !== 2) return;
  const patched = source.replace(
    STATIC_MATCH,
    `function matchRoutesImpl(routes, locationArg, basename, allowPartial) {
  if (!allowPartial && exports.__keptMatchRoutes) return exports.__keptMatchRoutes(routes, locationArg, basename);
  return matchEveryRoute(routes, locationArg, basename, allowPartial);
}
exports.__matchEveryRoute = matchEveryRoute;
function matchEveryRoute(routes, locationArg, basename, allowPartial) {`,
  );
  const copy = new Module(file) as Module & { _compile(code: string, filename: string): void };
  copy.filename = file;
  copy.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(path.dirname(file));
  copy._compile(patched, file);
  const exports = copy.exports as { createStaticHandler: unknown; __matchEveryRoute: (...args: unknown[]) => Match[] | null; __keptMatchRoutes?: MatchRoutes };
  exports.__keptMatchRoutes = keptAnswers((routes, location, basename) => {
    staticHandlerMatching.fullMatches++;
    return exports.__matchEveryRoute(routes, location, basename, false);
  });
  staticHandlerMatching.replaced = true;
  router.createStaticHandler = exports.createStaticHandler;
}

function shapeOf(routes: Route[]): string {
  return routes.map((r) => `${r.id ?? ""}|${r.path ?? ""}|${r.index ? 1 : 0}${r.caseSensitive ? 1 : 0}(${r.children ? shapeOf(r.children) : ""})`).join(",");
}

/** The matches as places in the tree; undefined (not kept) if a match is not a child of the one before. */
function keep(routes: Route[], matches: Match[]): KeptMatch[] | undefined {
  let level: Route[] | undefined = routes;
  const at: number[] = [];
  const places: KeptMatch[] = [];
  for (const match of matches) {
    const index = level?.indexOf(match.route) ?? -1;
    if (index < 0) return undefined;
    at.push(index);
    level = match.route.children;
    places.push({ at: [...at], params: { ...match.params }, pathname: match.pathname, pathnameBase: match.pathnameBase });
  }
  return places;
}

function rebuild(routes: Route[], kept: KeptMatch[]): Match[] {
  return kept.map((match) => {
    let route: Route = { children: routes };
    for (const index of match.at) route = route.children![index]!;
    return { params: { ...match.params }, pathname: match.pathname, pathnameBase: match.pathnameBase, route };
  });
}
