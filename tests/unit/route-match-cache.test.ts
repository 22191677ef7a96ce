import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { cacheRouteMatching, staticHandlerMatching } from "../../server/remix/route-match-cache";

type Route = { id: string; path?: string; index?: boolean; children?: Route[] };
type MatchRoutes = (routes: Route[], location: string | { pathname: string }, basename?: string) => unknown;
const { matchRoutes } = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes };
const cachedModule = { matchRoutes };
cacheRouteMatching(cachedModule as never);

/** A tree shaped like the portal's: pathless layout, area layouts with index pages, params, a splat. */
function tree(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "routes/_index", index: true },
        { id: "routes/$", path: "*" },
        {
          id: "routes/_shell",
          children: [
            {
              id: "routes/_shell.index",
              path: "index",
              children: [
                { id: "routes/_shell.index._index", index: true },
                { id: "routes/_shell.index.$slug", path: ":slug" },
              ],
            },
            {
              id: "routes/_shell.bookingService",
              path: "bookingService",
              children: [
                { id: "routes/_shell.bookingService._index", index: true },
                { id: "routes/_shell.bookingService.myOrder", path: "myOrder" },
                { id: "routes/_shell.bookingService.myOrder_.$orderNo", path: "myOrder/:orderNo" },
              ],
            },
          ],
        },
      ],
    },
  ];
}

const PATHS = [
  "/",
  "/index",
  "/index/",
  "/index/schedule",
  "/bookingService",
  "/bookingService/myOrder",
  "/bookingService/myOrder/SO-1?x=1#top",
  "/nowhere/at/all",
  "/INDEX",
];

function plain(matches: unknown) {
  return (
    (matches as { route: Route; params: object; pathname: string; pathnameBase: string }[] | null)?.map((m) => ({
      id: m.route.id,
      params: m.params,
      pathname: m.pathname,
      pathnameBase: m.pathnameBase,
    })) ?? null
  );
}

describe("the route matching cache (server/remix/route-match-cache.ts)", () => {
  it("answers every path as @remix-run/router does, the first time and when kept", () => {
    for (const path of PATHS) {
      const expected = plain(matchRoutes(tree(), path));
      expect(plain(cachedModule.matchRoutes(tree(), path)), path).toEqual(expected);
      expect(plain(cachedModule.matchRoutes(tree(), path)), `${path} (kept)`).toEqual(expected);
      expect(plain(cachedModule.matchRoutes(tree(), { pathname: path.replace(/[?#].*/, "") })), `${path} (location)`).toEqual(expected);
    }
  });

  it("gives the caller's own route objects and a params object of its own", () => {
    const first = tree();
    cachedModule.matchRoutes(first, "/bookingService/myOrder/SO-7");
    const second = tree();
    const matches = cachedModule.matchRoutes(second, "/bookingService/myOrder/SO-7") as { route: Route; params: Record<string, string> }[];
    expect(matches.at(-1)!.route).toBe(second[0]!.children![2]!.children![1]!.children![2]);
    expect(matches.at(-1)!.params).toEqual({ orderNo: "SO-7" });
    matches.at(-1)!.params.orderNo = "changed";
    const again = cachedModule.matchRoutes(tree(), "/bookingService/myOrder/SO-7") as { params: Record<string, string> }[];
    expect(again.at(-1)!.params.orderNo).toBe("SO-7");
  });

  it("does not reuse an answer for a tree of another shape", () => {
    expect(plain(cachedModule.matchRoutes(tree(), "/index/schedule"))!.at(-1)!.id).toBe("routes/_shell.index.$slug");
    const withSchedule = tree();
    withSchedule[0]!.children![2]!.children![0]!.children!.push({ id: "routes/_shell.index.schedule", path: "schedule" });
    expect(plain(cachedModule.matchRoutes(withSchedule, "/index/schedule"))!.at(-1)!.id).toBe("routes/_shell.index.schedule");
  });

  it("keys by basename too", () => {
    expect(cachedModule.matchRoutes(tree(), "/portal/index", "/portal")).not.toBeNull();
    expect(plain(cachedModule.matchRoutes(tree(), "/portal/index"))!.at(-1)!.id).toBe("routes/$");
  });
});

describe("the server's route matching", () => {
  it("is the cached one once the server has installed it", () => {
    const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: { cached?: boolean } };
    cacheRouteMatching();
    expect(router.matchRoutes.cached).toBe(true);
    // Installing twice keeps one layer.
    const installed = router.matchRoutes;
    cacheRouteMatching();
    expect(router.matchRoutes).toBe(installed);
  });
});

describe("the static handler's own matching", () => {
  type StaticHandler = { query(request: Request): Promise<{ matches?: { route: { id: string }; params: Record<string, string> }[] } | Response> };
  type Router = { matchRoutes: MatchRoutes; createStaticHandler(routes: Route[]): StaticHandler };
  // Taken when the file is collected: a test above installs the server's cache on the module itself.
  const original = { ...(createRequire(import.meta.url)("@remix-run/router") as Router) };
  const router = { matchRoutes: original.matchRoutes, createStaticHandler: original.createStaticHandler };
  cacheRouteMatching(router as never);
  const withLoaders = (routes: Route[]): Route[] => routes.map((r) => ({ ...r, loader: () => r.id, children: r.children && withLoaders(r.children) }));

  it("is replaced by one that keeps its answers per path and matches as the original does", async () => {
    expect(staticHandlerMatching.replaced).toBe(true);
    expect(router.createStaticHandler).not.toBe(original.createStaticHandler);
    const fast = router.createStaticHandler(withLoaders(tree()));
    const plain = original.createStaticHandler(withLoaders(tree()));
    const summary = async (handler: StaticHandler, path: string) => {
      const context = await handler.query(new Request(`http://portal.test${path}`));
      if (context instanceof Response) return { status: context.status };
      return context.matches?.map((m) => [m.route.id, m.params]);
    };
    for (const path of ["/index", "/index/promote", "/bookingService/myOrder/SO1", "/nowhere/at/all", "/"]) {
      const before = staticHandlerMatching.fullMatches;
      expect(await summary(fast, path)).toEqual(await summary(plain, path));
      expect(await summary(fast, path)).toEqual(await summary(plain, path));
      // The whole tree once per path; the second request is answered from what was kept.
      expect(staticHandlerMatching.fullMatches - before).toBe(1);
    }
  });
});
