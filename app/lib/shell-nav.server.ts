import type { Language } from "~/contracts/i18n/config";
import { translate } from "~/contracts/i18n/translate.server";
import type { NavItem, ShellTab } from "~/components/shell/types";
import type { MenuItem } from "../contracts/permission/api-types";
import { isNewFeature, menuLabel, sideMenu, topMenuGroups } from "../contracts/permission/menus";
import { rulesFor, type PageRoute } from "../contracts/permission/page-rules";

/**
 * Pages that send the browser off the portal in a language (docs/product.md § Blue-plate cars: in
 * English the blue-plate car guide opens the exhibition's traffic page): never an area's landing page.
 */
const LEAVES_THE_SITE: Partial<Record<Language, ReadonlySet<string>>> = { en: new Set(["/HT/blueCarGuide"]) };
export const leavesTheSite = (route: string, language: Language) => LEAVES_THE_SITE[language]?.has(route) ?? false;

function toNavItems(items: MenuItem[], language: Language): NavItem[] {
  return items.map((item) => {
    const children = toNavItems(item.list, language);
    return {
      id: item.id,
      route: item.route,
      url: item.url,
      label: menuLabel(item, language),
      icon: item.icon,
      isNew: isNewFeature(item),
      href: item.url ?? (children.length ? firstHref(children, language) : item.route),
      children,
    };
  });
}

function firstHref(items: NavItem[], language: Language): string {
  const first = items.find((item) => !leavesTheSite(item.route, language)) ?? items[0]!;
  return first.url ?? (first.children.length ? firstHref(first.children, language) : first.route);
}

const contains = (item: MenuItem, path: string): boolean =>
  item.route === path || path.startsWith(`${item.route}/`) || item.list.some((child) => contains(child, path));

/** Top navigation for both layouts (CSS picks one by width): first group visible, the rest under 'more'. */
export function topNavigation(menus: MenuItem[], language: Language) {
  const shown = sideMenu(menus);
  const wide = topMenuGroups(shown, { language, wide: true });
  const narrow = topMenuGroups(shown, { language, wide: false });
  return {
    wide: { visible: toNavItems(wide.visible, language), more: toNavItems(wide.more, language) },
    narrow: { visible: toNavItems(narrow.visible, language), more: toNavItems(narrow.more, language) },
  };
}

/**
 * An area's pages for its sidebar (the area layouts call this; areas without a sidebar, like the
 * home area, simply have no such layout).
 */
export function areaMenu(menus: MenuItem[], path: string, language: Language) {
  const area = sideMenu(menus).find((item) => contains(item, path));
  if (!area?.list.length) return null;
  return { title: menuLabel(area, language), items: toNavItems(area.list, language) };
}

function findByRoute(items: MenuItem[], route: string): MenuItem | undefined {
  for (const item of items) {
    if (item.route === route) return item;
    const found = findByRoute(item.list, route);
    if (found) return found;
  }
  return undefined;
}

/** A tab's name: the page's own title (handle.title), else its menu item's, else its parent page's and the rest. */
export function pageTitle(menus: MenuItem[], path: string, language: Language, pages: readonly PageRoute[]) {
  const key = rulesFor(pages, path).title;
  if (key) return translate(language, key);
  const item = findByRoute(menus, path);
  if (item) return menuLabel(item, language);
  // Home subpages removed from the English menus still have a name.
  const homePage = path.match(/^\/index\/(\w+)$/);
  if (homePage) {
    const text = translate(language, `home.pages.${homePage[1]}`);
    if (!text.startsWith("home.pages.")) return text;
  }
  // A page opened from a menu page (an order, the invitation letter): that page's name and the rest.
  const parts = path.split("/");
  for (let end = parts.length - 1; end > 1; end--) {
    const parent = findByRoute(menus, parts.slice(0, end).join("/"));
    if (parent) return `${menuLabel(parent, language)} · ${parts.slice(end).join("/")}`;
  }
  return path;
}

export function tabsFor(paths: string[], menus: MenuItem[], language: Language, pages: readonly PageRoute[]): ShellTab[] {
  return paths.map((path) => ({ path, title: pageTitle(menus, path, language, pages) }));
}
