import crypto from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type { Language } from "~/contracts/i18n/config";
import type { AuthTicket } from "../contracts/auth/api-types";
import type { MenuItem, PermissionInfo } from "../contracts/permission/api-types";
import { authEndpoints } from "../contracts/auth/endpoints.server";
import { permissionEndpoints } from "../contracts/permission/endpoints.server";
import { apiFor, handleAuthErrors, signInUrl, type ApiClient, type ApiResult } from "./api.server";
import { clearTicket, getLanguage, readTicket } from "./cookies.server";
import { holdPostedForm } from "./form-hold.server";
import { allowedRoutes, filterMenus, firstAllowedRoute, pruneMissingPages, withDrawingSite } from "../contracts/permission/menus";
import { exhibitionSettingsEndpoints } from "../contracts/exhibition-settings/endpoints.server";
import { NO_SITE_SETTINGS, type SiteSettings } from "../contracts/exhibition-settings/values";
import { isPublicPage, menuRulesOf, pageExistsIn, type PageRoute, rulesFor } from "../contracts/permission/page-rules";

export type ShellUser = {
  api: ApiClient;
  info: PermissionInfo;
  language: Language;
  /** Menus after the filters of docs/product.md § Menus and page access and without pages this build does not have. */
  menus: MenuItem[];
  allowed: Set<string>;
  pageExists: (route: string) => boolean;
  /**
   * The exhibition API's time (its sysCurrentTime, kept as an offset from this process's clock), in
   * ms: deadlines, windows and button effect times are judged by it, so the pages agree with the API
   * whatever this server's clock says.
   */
  now: () => number;
  /** The background the account chose, from the session's state (asked on every request, not cached). */
  skin: string | null;
  /** What the page's frame shows from the organizer's settings, from the session's state too (issue 52). */
  site: SiteSettings;
};

/**
 * Permission info is cached per ticket and session state: every request still asks the API whether
 * the ticket is alive (a cheap call that also slides the idle window), and the answer's
 * `stateVersion` changes with a booth switch or a preference change, in every process at once.
 * Login and logout change the ticket. The layout's and the page's loaders share one lookup.
 */
const CACHE_TTL_MS = 5 * 60_000;
const CACHE_MAX = 2000;
type CachedInfo = { info: PermissionInfo; clockOffsetMs: number };
type LoadedInfo = CachedInfo & { skin: string | null; site: SiteSettings };
const cache = new Map<string, CachedInfo & { expires: number }>();
/**
 * One lookup per page: Remix hands each loader its own Request object, but one load context per
 * HTTP request, so a GET's loaders share the context's lookup. A POST keys by its Request: the
 * action may change what the loaders after it must see (a booth switch).
 */
const perRequest = new WeakMap<object, Promise<LoadedInfo>>();

function loadPermissionInfo(api: ApiClient, ticket: string, request: Request, context: AppLoadContext) {
  const key = request.method === "GET" || request.method === "HEAD" ? context : request;
  let pending = perRequest.get(key);
  if (!pending) {
    pending = cachedPermissionInfo(api, ticket, request, context);
    perRequest.set(key, pending);
  }
  return pending;
}

async function cachedPermissionInfo(api: ApiClient, ticket: string, request: Request, context: AppLoadContext): Promise<LoadedInfo> {
  const state = await handleAuthErrors(await api.call(authEndpoints.authTicket), request, context);
  const key = state.ok
    ? crypto
        .createHash("sha256")
        .update(`${ticket}|${state.data.stateVersion ?? ""}`)
        .digest("hex")
    : null;
  const hit = key ? cache.get(key) : undefined;
  const site = (state.ok ? state.data.site : undefined) ?? NO_SITE_SETTINGS;
  if (hit && hit.expires > Date.now()) return { ...hit, skin: skinOf(state, hit.info), site };
  const info = await fetchPermissionInfo(api, request, context);
  const loaded = { info, clockOffsetMs: Number.isFinite(info.infoVO.sysCurrentTime) ? info.infoVO.sysCurrentTime - Date.now() : 0 };
  if (key && info.infoVO.id) {
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, { ...loaded, expires: Date.now() + CACHE_TTL_MS });
  }
  return { ...loaded, skin: skinOf(state, info), site };
}

/**
 * The skin from the session's state (fresh on every request); from the permission info when the state
 * does not say (an organizer's backend that does not send it) or could not be read.
 */
function skinOf(state: ApiResult<AuthTicket>, info: PermissionInfo): string | null {
  // `skin` is declared, but a backend may leave it out: undefined then, where null means "none chosen".
  const fromState: string | null | undefined = state.ok ? state.data.skin : undefined;
  return (fromState !== undefined ? fromState : info.infoVO.skin) ?? null;
}

async function fetchPermissionInfo(api: ApiClient, request: Request, context: AppLoadContext) {
  const result = await handleAuthErrors(await api.call(permissionEndpoints.info), request, context);
  if (!result.ok) {
    // docs/product.md § Menus and page access: a failed permission load is only logged; the page renders with no menus
    // (and the guard, failing closed, allows only the personal pages).
    console.warn(
      JSON.stringify({ level: "warn", msg: "permission info failed to load", code: result.code, message: result.message, requestId: context.requestId }),
    );
    return emptyPermissionInfo();
  }
  return result.data;
}

/** A GET's loaders (shell, area, page) each ask for the user: they share one answer, as the lookup above. */
const shellUserPerRequest = new WeakMap<object, Promise<ShellUser | null>>();

/** The signed-in user with filtered menus, or null when there is no ticket. 401 → /login (docs/product.md § Messages and errors). */
export function getShellUser(request: Request, context: AppLoadContext): Promise<ShellUser | null> {
  if (request.method !== "GET" && request.method !== "HEAD") return loadShellUser(request, context);
  let pending = shellUserPerRequest.get(context);
  if (!pending) {
    pending = loadShellUser(request, context);
    shellUserPerRequest.set(context, pending);
  }
  return pending;
}

async function loadShellUser(request: Request, context: AppLoadContext): Promise<ShellUser | null> {
  const ticket = await readTicket(request, context);
  if (!ticket) return null;
  const api = await apiFor(request, context);
  const { info, clockOffsetMs, skin, site } = await loadPermissionInfo(api, ticket, request, context);
  const language = getLanguage(request);
  const pages = context.pages ?? [];
  const pageExists = pageExistsIn(pages);
  const filtered = filterMenus(withDrawingSite(info.menuAuths, site.drawingSiteUrl), {
    language,
    boothType: info.infoVO.boothType,
    exhibitionCode: info.infoVO.exhibitCode ?? null,
    rules: menuRulesOf(pages),
  });
  const menus = pruneMissingPages(filtered, pageExists);
  return { api, info, language, menus, allowed: allowedRoutes(filtered), pageExists, now: () => Date.now() + clockOffsetMs, skin, site };
}

/**
 * The one guard for signed-in pages, used by every loader and action of the shell:
 * no ticket → /login with the return path; a path outside the (filtered) menu → /401.
 */
export async function requireShellUser(request: Request, context: AppLoadContext, path = new URL(request.url).pathname) {
  const user = await getShellUser(request, context);
  if (!user) {
    const headers = new Headers();
    headers.append("Set-Cookie", await clearTicket(context));
    // A form posted after the session ended is kept for after sign-in (form-hold.server.ts).
    for (const cookie of await holdPostedForm(request, context)) headers.append("Set-Cookie", cookie);
    throw redirect(await signInUrl(request, context), { headers });
  }
  const contractor = Boolean(user.info.infoVO.contractor);
  if (contractor && stripTrailingSlash(path) === "/index" && landingPath(user) !== "/index") throw redirect(landingPath(user));
  if (!mayOpen(user, context.pages ?? [], path)) throw redirect("/401");
  return user;
}

/** Whether the guard above lets this signed-in user open the page at `path` (its menu, personal and public pages). */
function mayOpen(user: ShellUser, pages: readonly PageRoute[], path: string) {
  const rules = rulesFor(pages, path);
  // Personal pages (handle.personal) are every account's; an entrusted contractor keeps only the "everyone" ones.
  const personal = rules.personal === "everyone" || (rules.personal === "account" && !user.info.infoVO.contractor);
  return personal || Boolean(rules.public) || user.allowed.has(rules.permissionOf ?? stripTrailingSlash(path));
}

/**
 * A checklist link the page may show: public pages for everyone; signed in, only pages this build has
 * that the guard lets the user open in this language (anything else would answer /401).
 */
export function linkableFor(user: ShellUser | null, pages: readonly PageRoute[], link: string): string | null {
  if (isPublicPage(pages, link)) return link;
  // Signed out, a page that exists is linked: it asks for sign-in and then opens.
  const linkable = user ? user.pageExists(link) && mayOpen(user, pages, link) : pageExistsIn(pages)(link);
  return linkable ? link : null;
}

/** The pages the user's menu opens in Chinese, for an English session (computed once per user object). */
const chineseRoutes = new WeakMap<ShellUser, Set<string>>();

/**
 * Whether a checklist link this English session cannot open is a page the same account opens in
 * Chinese (an area hidden in English, a Chinese-only page): the checklist then says so and offers
 * the switch to Chinese beside it (issue 51). Never for an entrusted contractor, who has no switch.
 */
export function opensInChinese(user: ShellUser | null, pages: readonly PageRoute[], link: string): boolean {
  if (user?.language !== "en") return false;
  if (user.info.infoVO.contractor || !user.pageExists(link)) return false;
  let routes = chineseRoutes.get(user);
  if (!routes) {
    const { info } = user;
    routes = allowedRoutes(
      filterMenus(info.menuAuths, {
        language: "zh",
        boothType: info.infoVO.boothType,
        exhibitionCode: info.infoVO.exhibitCode ?? null,
        rules: menuRulesOf(pages),
      }),
    );
    chineseRoutes.set(user, routes);
  }
  return !mayOpen(user, pages, link) && routes.has(rulesFor(pages, link).permissionOf ?? stripTrailingSlash(link));
}

/** Whose typed forms a held form may be given back to (form-hold.server.ts): a contractor's are its own. */
export function formHolderOf(info: PermissionInfo) {
  return info.infoVO.contractor ? `contractor:${info.infoVO.contractor.accessId}` : info.infoVO.username;
}

/** docs/product.md § Menus and page access: from / or /index, the first non-top-level allowed page; /index when there is none. */
export function landingPath(user: ShellUser) {
  return firstAllowedRoute(user.menus, user.pageExists) ?? "/index";
}

function stripTrailingSlash(path: string) {
  return path.length > 1 ? path.replace(/\/+$/, "") : path;
}

function emptyPermissionInfo(): PermissionInfo {
  return {
    infoVO: {
      id: 0,
      username: "",
      roleId: 0,
      businessName: null,
      businessNameEn: null,
      boothId: null,
      boothNo: null,
      boothArea: null,
      boothType: null,
      sysCurrentTime: Date.now(),
      exhibitName: null,
      booths: [],
    },
    menuAuths: [],
    auths: [],
  };
}

/**
 * What the frame of this page shows from the organizer's settings: the signed-in user's exhibition's
 * (with the session's state), else the current exhibition's (one cached public answer, issue 52).
 */
export async function siteSettingsFor(request: Request, context: AppLoadContext, user: ShellUser | null): Promise<SiteSettings> {
  if (user) return user.site;
  const answer = await (await apiFor(request, context)).call(exhibitionSettingsEndpoints.site);
  return answer.ok ? answer.data : NO_SITE_SETTINGS;
}
