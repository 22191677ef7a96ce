import type { ServerBuild } from "@remix-run/node";
import { type AgnosticDataRouteObject as TreeRoute, matchRoutes } from "@remix-run/router";
import type { PageHandle } from "../../app/contracts/permission/page-handle";

type RouteModule = ServerBuild["routes"][string]["module"];

/** The routes Remix would run for one URL path: from the root layout down to the leaf. */
type MatchedRoutes = {
  /** The leaf route's id (`routes/_shell.badges.$id`): the page's pattern, never the path itself. */
  routeId: string;
  /** The leaf's module: what answers a resource route (no component, no error boundary). */
  leaf: RouteModule;
  /** Remix answers the path itself, without rendering a page. */
  isResourceRoute: boolean;
  /** Some matched route (the page or a layout above it) says this of itself in its `handle`. */
  says: (rule: keyof PageHandle) => boolean;
};

export type RouteLookup = (pathname: string) => MatchedRoutes | null;

/** Paths whose answer is kept (paths carry record ids, so the set is bounded; the oldest goes first). */
const PATHS_KEPT = 1000;

/**
 * Which of the build's routes serve a URL path, matched as Remix matches them (ranking, index
 * routes, letter case) by @remix-run/router's public `matchRoutes`, so the Express layer can apply
 * what a route's module says about itself before or after Remix answers. The tree never changes
 * while the process runs, so the answer for a path is kept (our own lookup's, not Remix's).
 */
export function createRouteLookup(build: ServerBuild): RouteLookup {
  const tree = routeTree(build.routes);
  const kept = new Map<string, MatchedRoutes | null>();
  return (pathname) => {
    const hit = kept.get(pathname);
    if (hit !== undefined) return hit;
    const answer = lookUp(build, tree, pathname);
    if (kept.size >= PATHS_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(pathname, answer);
    return answer;
  };
}

function lookUp(build: ServerBuild, tree: TreeRoute[], pathname: string): MatchedRoutes | null {
  const matches = matchRoutes(tree, pathname);
  if (!matches?.length) return null;
  const modules = matches.map((match) => build.routes[match.route.id]!.module);
  const leaf = modules.at(-1)!;
  return {
    routeId: matches.at(-1)!.route.id,
    leaf,
    isResourceRoute: !leaf.default && !leaf.ErrorBoundary,
    says: (rule) => modules.some((module) => Boolean((module.handle as PageHandle | undefined)?.[rule])),
  };
}

/** The flat route manifest as the nested tree Remix builds from it (server-runtime's createRoutes). */
function routeTree(routes: ServerBuild["routes"]): TreeRoute[] {
  const byParent = new Map<string, TreeRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId ?? "") ?? [];
    siblings.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive } as TreeRoute);
    byParent.set(route.parentId ?? "", siblings);
  }
  const attach = (parentId: string): TreeRoute[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const children = attach(route.id);
      return children.length ? ({ ...route, children } as TreeRoute) : route;
    });
  return attach("");
}
