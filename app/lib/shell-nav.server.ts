import type { Language } from "~/contracts/i18n/config";
import { translate } from "~/contracts/i18n/translate.server";
import type { NavItem, ShellTab, TopNavigation } from "~/components/shell/types";
import type { MenuItem } from "../contracts/permission/api-types";
import { isNewFeature, menuLabel, sideMenu, topMenuGroups } from "../contracts/permission/menus";
import { pageParams, rulesFor, type PageRoute } from "../contracts/permission/page-rules";

/** Whether the page at `route` sends the browser off the portal in `language` (its handle's leavesTheSiteIn). */
export const leavesTheSite = (pages: readonly PageRoute[], route: string, language: Language) =>
  rulesFor(pages, route).leavesTheSiteIn?.includes(language) ?? false;

function toNavItems(items: MenuItem[], language: Language, pages: readonly PageRoute[]): NavItem[] {
  return items.map((item) => {
    const children = toNavItems(item.list, language, pages);
    return {
      id: item.id,
      route: item.route,
      url: item.url,
      label: menuLabel(item, language),
      icon: item.icon,
      isNew: isNewFeature(item),
      href: item.url ?? (children.length ? firstHref(children, language, pages) : item.route),
      children,
    };
  });
}

function firstHref(items: NavItem[], language: Language, pages: readonly PageRoute[]): string {
  const first = items.find((item) => !leavesTheSite(pages, item.route, language)) ?? items[0]!;
  return first.url ?? (first.children.length ? firstHref(first.children, language, pages) : first.route);
}

const contains = (item: MenuItem, path: string): boolean =>
  item.route === path || path.startsWith(`${item.route}/`) || item.list.some((child) => contains(child, path));

/** Top navigation for both layouts (CSS picks one by width): the items once, with where each layout's first group ends. */
export function topNavigation(menus: MenuItem[], language: Language, pages: readonly PageRoute[]): TopNavigation {
  const shown = sideMenu(menus);
  const wide = topMenuGroups(shown, { language, wide: true });
  const narrow = topMenuGroups(shown, { language, wide: false });
  const items = toNavItems([...wide.visible, ...wide.more], language, pages).map(({ children: _, icon: __, ...item }) => item);
  return { items, wideCount: wide.visible.length, narrowCount: narrow.visible.length };
}

/**
 * An area's pages for its sidebar (the area layouts call this; areas without a sidebar, like the
 * home area, simply have no such layout).
 */
export function areaMenu(menus: MenuItem[], path: string, language: Language, pages: readonly PageRoute[]) {
  const area = sideMenu(menus).find((item) => contains(item, path));
  if (!area?.list.length) return null;
  return { title: menuLabel(area, language), items: toNavItems(area.list, language, pages) };
}

function findByRoute(items: MenuItem[], route: string): MenuItem | undefined {
  for (const item of items) {
    if (item.route === route) return item;
    const found = findByRoute(item.list, route);
    if (found) return found;
  }
  return undefined;
}

/**
 * A page's name in its tab and document title, in the user's language and never a piece of its path
 * (issue 51): the page's own title (handle.title, which may use the path's values: "Order {{orderNo}}"),
 * else its menu item's, else the home subpage's, else its breadcrumb's (a page opened from a menu page,
 * or one the menu leaves out in this language), else the nearest menu page above it, else the portal's name.
 */
export function pageTitle(menus: MenuItem[], path: string, language: Language, pages: readonly PageRoute[]) {
  const rules = rulesFor(pages, path);
  const params = pageParams(pages, path);
  const text = (key: string | undefined) => {
    if (!key) return null;
    const translated = translate(language, key, params);
    return translated === key ? null : translated;
  };
  const own = text(rules.title);
  if (own) return own;
  const item = findByRoute(menus, path);
  if (item) return menuLabel(item, language);
  // Home subpages removed from the English menus still have a name.
  const homePage = path.match(/^\/index\/(\w+)$/);
  const home = homePage ? text(`home.pages.${homePage[1]}`) : null;
  if (home) return home;
  const crumb = text(rules.breadcrumb);
  if (crumb) return crumb;
  const parts = path.split("/");
  for (let end = parts.length - 1; end > 1; end--) {
    const parent = findByRoute(menus, parts.slice(0, end).join("/"));
    if (parent) return menuLabel(parent, language);
  }
  return translate(language, "app.title");
}

export function tabsFor(paths: string[], menus: MenuItem[], language: Language, pages: readonly PageRoute[]): ShellTab[] {
  return paths.map((path) => ({ path, title: pageTitle(menus, path, language, pages) }));
}
