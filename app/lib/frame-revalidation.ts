/**
 * When the browser (JavaScript on) asks the frame's loader (header, menus, tabs, background) again
 * (decisions 072 and 073):
 * - After a form post it asks every loader of the page again. Most posts change only their page, so
 *   an action whose success leaves the frame as it was says so in its answer (`...FRAME_UNCHANGED`),
 *   and the frame is not asked again after it. Any other post asks it again.
 * - On a navigation, what the frame shows for a path is its tab: the tab's title, whether the page has
 *   the floating buttons and whether its area is read-only for this account come with every tab. A
 *   page already open as a tab is reached without asking the frame (the tabs do not change either);
 *   any other page is a new tab, and the frame is asked.
 */
export const FRAME_UNCHANGED = { frameUnchanged: true } as const;

/** A path as the frame's loader keys its tabs: no trailing slash. */
export const tabPathOf = (pathname: string) => pathname.replace(/(.)\/+$/, "$1");

/** The paths of the tabs the frame shows now, in this browser (set by the frame in each commit; empty on the server). */
let openTabs: ReadonlySet<string> = new Set();
export function rememberOpenTabs(paths: readonly string[]) {
  openTabs = new Set(paths);
}

/** The frame's shouldRevalidate rule (see above); `tabs` defaults to the tabs the frame shows now. */
export function frameNeedsReload(
  {
    formMethod,
    currentUrl,
    nextUrl,
    actionResult,
  }: {
    formMethod?: string;
    currentUrl: URL;
    nextUrl: URL;
    actionResult?: unknown;
  },
  tabs: ReadonlySet<string> = openTabs,
) {
  const posted = Boolean(formMethod) && formMethod!.toUpperCase() !== "GET";
  if (!posted) return !tabs.has(tabPathOf(nextUrl.pathname));
  const unchanged = typeof actionResult === "object" && actionResult !== null && (actionResult as { frameUnchanged?: unknown }).frameUnchanged === true;
  return !(unchanged && currentUrl.pathname === nextUrl.pathname);
}
