import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import { beforeAll, describe, expect, it } from "vitest";
import { partitionByFirstSegment } from "../../server/remix/route-partition";
import { fillPath, pageRoutes } from "../support/inventory";

/** The nested tree Remix builds from a build's flat routes. */
function treeOf(routes: ServerBuild["routes"]): AgnosticRouteObject[] {
  const attach = (parentId: string | undefined): AgnosticRouteObject[] =>
    Object.values(routes)
      .filter((route) => route && route.parentId === parentId)
      .map(
        (route) =>
          ({ id: route!.id, path: route!.path, index: route!.index, caseSensitive: route!.caseSensitive, children: attach(route!.id) }) as AgnosticRouteObject,
      );
  return attach(undefined);
}

const idsMatched = (tree: AgnosticRouteObject[], pathname: string) => matchRoutes(tree, pathname)?.map((match) => match.route.id) ?? null;

describe("the build split by a path's first segment (decision 072)", () => {
  let build: ServerBuild;
  beforeAll(async () => {
    const file = path.resolve("build/index.js");
    if (!fs.existsSync(file)) throw new Error("build/index.js is missing: run `npm run build` first (npm test does)");
    build = (await import(pathToFileURL(file).href)) as ServerBuild;
  });

  it("matches every route's path, and odd ones, as the whole build does", () => {
    const { buildFor, keys } = partitionByFirstSegment(build);
    const whole = treeOf(build.routes);
    const paths = [
      ...pageRoutes(build).flatMap((route) => [fillPath(route.path), fillPath(route.path).toUpperCase(), `${fillPath(route.path)}/extra`]),
      ...["/", "//index", "/index/", "/INDEX/schedule", "/%69ndex", "/a%2Fb", "/%E0%A4%A", "/nowhere/at/all", "/lead/ABC", "/build/x.js"],
    ];
    expect(keys.length).toBeGreaterThan(10);
    for (const pathname of paths) {
      const part = buildFor(pathname);
      expect({ pathname, ids: idsMatched(treeOf(part.routes), pathname) }).toEqual({ pathname, ids: idsMatched(whole, pathname) });
      // The document Remix renders from a part lists the same routes' assets as the part's modules.
      expect(Object.keys(part.assets.routes).sort()).toEqual(Object.keys(part.routes).sort());
    }
  });

  it("gives each request far fewer routes to match than the whole build", () => {
    const { buildFor } = partitionByFirstSegment(build);
    const all = Object.keys(build.routes).length;
    for (const pathname of ["/index", "/feedback", "/boothConstruction/constructionReview", "/nowhere"]) {
      expect(Object.keys(buildFor(pathname).routes).length).toBeLessThan(all / 3);
    }
  });
});
