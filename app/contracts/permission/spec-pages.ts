import { contractDomains } from "../domains";
import type { PageHandle } from "./page-handle";

/**
 * The product's pages by area (docs/product.md § Public pages), whether or not this build has them yet: each domain
 * declares its own in its domain.ts (`pages`, docs/decisions/063). An unknown path inside an area is a 404; a page
 * of this list outside the user's menu is a 401.
 */
const SPEC_PATHS = new Set(
  contractDomains.flatMap((domain) => Object.entries(domain.pages ?? {}).flatMap(([area, pages]) => [area, ...pages.map((page) => `${area}/${page}`)])),
);

/** Whether `path` is one of the product's pages (or an area itself). */
export function isSpecPage(path: string) {
  return SPEC_PATHS.has(path);
}

/**
 * The rules of spec pages and areas this build does not have yet (docs/product.md § Roles / Public pages / Service orders). When a
 * page or an area layout is built, its line moves into its route's `handle` (docs/adding-a-page.md);
 * a unit test refuses a line here for a route that exists.
 */
export const UNBUILT_PAGE_RULES: Readonly<Record<string, PageHandle>> = {};
