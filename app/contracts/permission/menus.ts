/**
 * Menu permissions on the client (docs/product.md § Areas / Service orders / Button permissions). Pure functions usable in
 * the browser and on the server: no server imports, inputs are never mutated.
 */
import type { MenuItem } from "./api-types";
import type { MenuRules } from "./page-rules";
import type { Language } from "~/contracts/i18n/config";

/** The one exhibition whose promotional video page is removed (docs/product.md § Service orders). */
export const PROMO_VIDEO_EXCLUDED_EXHIBITION = "CIFTIS2020";

const PROMOTIONAL_VIDEO_ROUTE = "/exhibitorInfo/promotionalVideo";

/** The home menu's special-booth drawing site: an external link, to the address the organizer set (issue 52). */
const DRAWING_SUBMISSION_ROUTE = "/index/drawingSubmission";

/** Chinese-only home items, removed in English (docs/product.md § Languages). */
const CHINESE_ONLY_ROUTES: ReadonlySet<string> = new Set(["/index/premise", "/index/service", "/index/hotel", DRAWING_SUBMISSION_ROUTE]);

/**
 * The drawing submission item leads to the organizer's drawing site setting, not to the menu row's
 * url: the item is dropped while that setting is empty (no placeholder link is ever shown).
 */
export function withDrawingSite(tree: MenuItem[], drawingSiteUrl: string | null): MenuItem[] {
  const walk = (items: MenuItem[]): MenuItem[] =>
    items
      .filter((item) => item.route !== DRAWING_SUBMISSION_ROUTE || drawingSiteUrl)
      .map((item) =>
        item.route === DRAWING_SUBMISSION_ROUTE ? { ...item, url: drawingSiteUrl } : item.list?.length ? { ...item, list: walk(item.list) } : item,
      );
  return walk(tree);
}

/** Left menu of the /index/* subpages, in order; the Chinese-only entries are marked. */
export const HOME_LEFT_MENU: readonly { route: string; zhOnly: boolean }[] = [
  { route: "/index/schedule", zhOnly: false },
  { route: "/index/promote", zhOnly: false },
  { route: "/index/premise", zhOnly: true },
  { route: "/exhibitTL/carriage", zhOnly: true },
  { route: "/index/service", zhOnly: true },
  { route: "/index/hotel", zhOnly: true },
];

/** Top menu group sizes (docs/product.md § Header and menus). */
const TOP_MENU_WIDE_GROUP = 10;
const TOP_MENU_NARROW_GROUP = 4;
/** Screens strictly wider than this count as wide. */
const TOP_MENU_WIDE_MIN_WIDTH = 1280;

export type MenuFilterOptions = {
  language: Language;
  boothType: number | null;
  exhibitionCode?: string | null;
  /** From the pages' and area layouts' handles (page-rules.ts menuRulesOf). */
  rules: MenuRules;
};

/**
 * docs/product.md § Service orders: the server's menu tree narrowed by language, booth type and exhibition.
 * - English: the areas whose layout says `hiddenInEnglish` are kept with `list: []` and `hidden: true`;
 *   the promotional video page and the Chinese-only home items are removed.
 * - Exhibition PROMO_VIDEO_EXCLUDED_EXHIBITION: the promotional video page is removed.
 * - A page whose handle names `boothTypes` is removed for the other booth types (type 1 loses
 *   insurance purchase and the special-booth CI process; type 2 loses standard construction).
 */
export function filterMenus(tree: MenuItem[], opts: MenuFilterOptions): MenuItem[] {
  const english = opts.language === "en";
  const { boothType, rules } = opts;
  const removed = new Set<string>();
  if (boothType != null) for (const [route, types] of rules.boothTypesOf) if (!types.includes(boothType)) removed.add(route);
  if (english || opts.exhibitionCode === PROMO_VIDEO_EXCLUDED_EXHIBITION) removed.add(PROMOTIONAL_VIDEO_ROUTE);
  if (english) for (const route of CHINESE_ONLY_ROUTES) removed.add(route);

  const walk = (items: MenuItem[]): MenuItem[] =>
    items
      .filter((item) => !removed.has(item.route))
      .map((item) =>
        english && rules.englishHiddenAreas.has(item.route) ? { ...item, hidden: true, list: [], emptiedInEnglish: true } : { ...item, list: walk(item.list) },
      );
  return walk(tree);
}

const shown = (item: MenuItem) => item.isMenu !== 2 && !item.hidden;

/** Items to render in a menu: drops isMenu 2 and hidden items, recursively. */
export function sideMenu(tree: MenuItem[]): MenuItem[] {
  return tree.filter(shown).map((item) => ({ ...item, list: sideMenu(item.list) }));
}

/** An area that the English filter emptied and hid: it has no page of its own to allow. */
function isEmptiedArea(item: MenuItem) {
  return Boolean((item as FilteredMenuItem).emptiedInEnglish);
}

type FilteredMenuItem = MenuItem & { emptiedInEnglish?: true };

/**
 * Every route the user may open: all routes of the (filtered) tree, hidden and isMenu-2
 * items included (allowed pages, only not shown). Areas emptied and hidden by the
 * English filter are left out along with their (already removed) children.
 * Items with an external url are included by route as well.
 */
export function allowedRoutes(tree: MenuItem[]): Set<string> {
  const routes = new Set<string>();
  const walk = (items: MenuItem[]) => {
    for (const item of items) {
      if (isEmptiedArea(item)) continue;
      routes.add(item.route);
      walk(item.list);
    }
  };
  walk(tree);
  return routes;
}

/**
 * Where / and /index send a user (docs/product.md § Service orders): the first non-top-level route, in tree
 * order, whose page exists; items with an external url are skipped. Items shown in the
 * menu are preferred; hidden or isMenu-2 pages are used only when nothing shown qualifies.
 * Null when there is none (the caller falls back to /index).
 */
export function firstAllowedRoute(tree: MenuItem[], pageExists: (route: string) => boolean): string | null {
  let fallback: string | null = null;
  const walk = (items: MenuItem[], depth: number, visible: boolean): string | null => {
    for (const item of items) {
      if (isEmptiedArea(item)) continue;
      const itemVisible = visible && shown(item);
      if (depth > 0 && !item.url && pageExists(item.route)) {
        if (itemVisible) return item.route;
        fallback ??= item.route;
      }
      const found = walk(item.list, depth + 1, itemVisible);
      if (found) return found;
    }
    return null;
  };
  return walk(tree, 0, true) ?? fallback;
}

/**
 * Drops items whose route has no page (and no external url) unless children with pages
 * remain under them; so top-level items left with no children and no page of their own go too.
 */
export function pruneMissingPages(tree: MenuItem[], pageExists: (route: string) => boolean): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of tree) {
    const list = pruneMissingPages(item.list, pageExists);
    if (item.url || pageExists(item.route) || list.length > 0) out.push({ ...item, list });
  }
  return out;
}

/** A 'new feature' badge is shown when the remark contains 'new feature'. */
export function isNewFeature(item: Pick<MenuItem, "remark">): boolean {
  return (item.remark ?? "").toLowerCase().includes("new feature");
}

/**
 * docs/product.md § Header and menus: top menu items in groups of 10 on wide screens (> 1280 px), otherwise 4;
 * English always 4. `visible` is the first group, `more` the rest (the 'more' dropdown).
 * Hidden and isMenu-2 items are left out.
 */
export function topMenuGroups(items: MenuItem[], { language, wide }: { language: Language; wide: boolean }): { visible: MenuItem[]; more: MenuItem[] } {
  const size = language === "en" || !wide ? TOP_MENU_NARROW_GROUP : TOP_MENU_WIDE_GROUP;
  const shownItems = items.filter(shown);
  return { visible: shownItems.slice(0, size), more: shownItems.slice(size) };
}

/** True when a window of this width counts as wide for the top menu. */
export function isWideScreen(width: number): boolean {
  return width > TOP_MENU_WIDE_MIN_WIDTH;
}

/** The item's name in the chosen language; English falls back to the Chinese name. */
export function menuLabel(item: Pick<MenuItem, "name" | "nameEn">, language: Language): string {
  return language === "en" ? item.nameEn || item.name : item.name;
}

/** Depth-first search by route. */
export function findMenu(tree: MenuItem[], route: string): MenuItem | null {
  for (const item of tree) {
    if (item.route === route) return item;
    const found = findMenu(item.list, route);
    if (found) return found;
  }
  return null;
}

/**
 * The left menu of the /index/* subpages (docs/product.md § Areas): schedule and promotion, and in
 * Chinese also premise, /exhibitTL/carriage, service and hotel – each only when present in
 * the (filtered) tree and not inside an area hidden by the English filter.
 */
export function homeLeftMenu(tree: MenuItem[], language: Language): MenuItem[] {
  return HOME_LEFT_MENU.filter((entry) => language === "zh" || !entry.zhOnly)
    .map((entry) => findMenu(tree, entry.route))
    .filter((item): item is MenuItem => item !== null);
}
