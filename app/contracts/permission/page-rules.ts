import type { PageHandle } from "./page-handle";
import { UNBUILT_PAGE_RULES } from "./spec-pages";

/**
 * The build's routes as the server sees them: each route module's full URL path and its `handle`
 * (server/app.ts reads them from the Remix build into the load context). Loaders ask here what a
 * path's page says about itself: public, personal, the permission it takes, its tab title.
 */
export type PageRoute = {
  /** Full URL pattern, e.g. "/bookingService/myOrder/:orderNo". */
  path: string;
  /** Renders a page (has a component); resource routes do not. */
  hasPage: boolean;
  handle: PageHandle;
};

/** The menu filters that come from pages and area layouts (docs/product.md § Service orders). */
export type MenuRules = {
  englishHiddenAreas: ReadonlySet<string>;
  /** Page path → the booth types that have it. */
  boothTypesOf: ReadonlyMap<string, readonly number[]>;
};

const SPECIAL = /[.+?^${}()|[\]\\]/g;

type Matcher = { route: PageRoute; regex: RegExp; params: number };

const matchersCache = new WeakMap<readonly PageRoute[], Matcher[]>();

function matchersOf(pages: readonly PageRoute[]): Matcher[] {
  let matchers = matchersCache.get(pages);
  if (!matchers) {
    matchers = pages
      .filter((route) => !route.path.includes("*"))
      .map((route) => ({
        route,
        regex: new RegExp(`^${route.path.replace(SPECIAL, "\\$&").replace(/\/:[^/]+/g, "/[^/]+")}/?$`),
        params: (route.path.match(/\/:/g) ?? []).length,
      }))
      // A static path wins over a pattern (/index/schedule before /index/:slug).
      .sort((a, b) => a.params - b.params);
    matchersCache.set(pages, matchers);
  }
  return matchers;
}

const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);

/**
 * What the page at `path` says about itself: the handles of the routes that serve exactly that
 * path (a layout and its index route share one), or, for a page the spec names that this build
 * does not have yet, its rule from spec-pages.ts.
 */
export function rulesFor(pages: readonly PageRoute[], path: string): PageHandle {
  const clean = normalize(path);
  const matching = matchersOf(pages).filter((m) => m.regex.test(clean));
  if (!matching.length) return UNBUILT_PAGE_RULES[clean] ?? {};
  const best = matching.filter((m) => m.params === matching[0]!.params);
  return Object.assign({}, ...best.map((m) => m.route.handle)) as PageHandle;
}

/** The values of the dynamic segments of the route serving `path`, by name (/bookingService/myOrder/SO1 → { orderNo: "SO1" }). */
export function pageParams(pages: readonly PageRoute[], path: string): Record<string, string> {
  const clean = normalize(path);
  const match = matchersOf(pages).find((m) => m.regex.test(clean));
  if (!match?.params) return {};
  const values = clean.split("/");
  const params: Record<string, string> = {};
  match.route.path.split("/").forEach((segment, index) => {
    if (!segment.startsWith(":")) return;
    const value = values[index] ?? "";
    try {
      params[segment.slice(1)] = decodeURIComponent(value);
    } catch {
      params[segment.slice(1)] = value;
    }
  });
  return params;
}

/** Whether this build has a page (not only a resource route) at `path`. */
export function pageExistsIn(pages: readonly PageRoute[]) {
  const withPage = matchersOf(pages).filter((m) => m.route.hasPage);
  return (path: string) => withPage.some((m) => m.regex.test(path));
}

export const isPublicPage = (pages: readonly PageRoute[], path: string) => Boolean(rulesFor(pages, path).public);

/** The URL patterns whose dynamic segments are secrets (handle.pathParams "secret"), for the access log (server/logger.ts redactUrl). */
export const secretPathPatterns = (pages: readonly PageRoute[]) => pages.filter((route) => route.handle.pathParams === "secret").map((route) => route.path);

/** The path of the page the header's 'My info' opens, if this build has one. */
export function myInfoPath(pages: readonly PageRoute[]) {
  return pages.find((route) => route.handle.myInfo && route.hasPage)?.path ?? null;
}

/** The menu filters declared by this build's area layouts and pages, and by the spec's pages not built yet. */
const menuRulesCache = new WeakMap<readonly PageRoute[], MenuRules>();

export function menuRulesOf(pages: readonly PageRoute[]): MenuRules {
  const cached = menuRulesCache.get(pages);
  if (cached) return cached;
  const declared = [...pages.map((route) => [route.path, route.handle] as const), ...Object.entries(UNBUILT_PAGE_RULES)];
  const rules: MenuRules = {
    englishHiddenAreas: new Set(declared.filter(([, handle]) => handle.area?.hiddenInEnglish).map(([path]) => path)),
    boothTypesOf: new Map(declared.flatMap(([path, handle]) => (handle.boothTypes ? [[path, handle.boothTypes] as const] : []))),
  };
  menuRulesCache.set(pages, rules);
  return rules;
}
