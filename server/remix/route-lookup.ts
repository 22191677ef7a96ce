import { createRequire } from "node:module";
import type { ServerBuild } from "@remix-run/node";
import type { PageHandle } from "../../app/contracts/permission/page-handle";

type RouteModule = ServerBuild["routes"][string]["module"];
type TreeRoute = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: TreeRoute[] };
type MatchRoutes = (routes: TreeRoute[], location: string) => { route: TreeRoute }[] | null;

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

/**
 * Which of the build's routes serve a URL path, matched as Remix matches them (ranking, index
 * routes, letter case), so the Express layer can apply what a route's module says about itself
 * before or after Remix answers. It goes through @remix-run/router, the matcher Remix's server
 * runtime uses, so cacheRouteMatching (route-match-cache.ts) serves this lookup from its cache too.
 */
export function createRouteLookup(build: ServerBuild): RouteLookup {
  const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes };
  const tree = routeTree(build.routes);
  return (pathname) => {
    // Read at call time: cacheRouteMatching replaces it after this module has loaded.
    const matches = router.matchRoutes(tree, pathname);
    if (!matches?.length) return null;
    const modules = matches.map((match) => build.routes[match.route.id]!.module);
    const leaf = modules.at(-1)!;
    return {
      routeId: matches.at(-1)!.route.id,
      leaf,
      isResourceRoute: !leaf.default && !leaf.ErrorBoundary,
      says: (rule) => modules.some((module) => Boolean((module.handle as PageHandle | undefined)?.[rule])),
    };
  };
}

/** The flat route manifest as the nested tree Remix builds from it (server-runtime's createRoutes). */
function routeTree(routes: ServerBuild["routes"]): TreeRoute[] {
  const byParent = new Map<string, TreeRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = byParent.get(route.parentId ?? "") ?? [];
    siblings.push({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive });
    byParent.set(route.parentId ?? "", siblings);
  }
  const attach = (parentId: string): TreeRoute[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const children = attach(route.id);
      return children.length ? { ...route, children } : route;
    });
  return attach("");
}
