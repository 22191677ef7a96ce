import type { AppLoadContext } from "@remix-run/node";
import { parse as parseCookieHeader, serialize } from "cookie";

/**
 * Shell state that must render right on the server (so it never flashes and works
 * without JavaScript): the sidebar's collapsed state and the strip of visited pages.
 * Cookies, so every process sees them; nothing in memory.
 */
const SIDEBAR_COOKIE = "sidebar";
const TABS_COOKIE = "tabs";
export const MAX_TABS = 12;

export function readSidebarCollapsed(request: Request) {
  return parseCookieHeader(request.headers.get("cookie") ?? "")[SIDEBAR_COOKIE] === "collapsed";
}

export function serializeSidebar(collapsed: boolean, context: AppLoadContext) {
  return serialize(SIDEBAR_COOKIE, collapsed ? "collapsed" : "open", {
    path: "/",
    maxAge: 365 * 24 * 3600,
    sameSite: "lax",
    httpOnly: true,
    secure: context.secureCookies,
  });
}

// A path of this site: no "//" at the start (a protocol-relative link to another host).
const TAB_PATH = /^\/(?!\/)[A-Za-z0-9/_-]{0,120}$/;

export function readTabs(request: Request): string[] {
  const raw = parseCookieHeader(request.headers.get("cookie") ?? "")[TABS_COOKIE];
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.filter((p): p is string => typeof p === "string" && TAB_PATH.test(p)))].slice(0, MAX_TABS);
  } catch {
    return [];
  }
}

export function serializeTabs(tabs: string[], context: AppLoadContext) {
  return serialize(TABS_COOKIE, JSON.stringify(tabs.slice(-MAX_TABS)), {
    path: "/",
    sameSite: "lax",
    httpOnly: true,
    secure: context.secureCookies,
  });
}

/** Visiting a page adds it once (de-duplicated by path), the oldest falling off. */
export function withVisited(tabs: string[], path: string) {
  if (!TAB_PATH.test(path) || tabs.includes(path)) return tabs;
  return [...tabs, path].slice(-MAX_TABS);
}

export type TabOperation = "close" | "closeOthers" | "closeAll";

export function applyTabOperation(tabs: string[], op: TabOperation, path: string) {
  if (op === "closeAll") return [];
  if (op === "closeOthers") return tabs.filter((t) => t === path);
  return tabs.filter((t) => t !== path);
}
