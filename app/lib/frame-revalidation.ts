/**
 * After a form post the browser asks every loader of the page again: the root's, the frame's (header,
 * menus, tabs, background), the area's and the page's. Most posts change only their page, so an
 * action whose success leaves the frame as it was says so in its answer (`...FRAME_UNCHANGED`), and
 * the frame's loader is not asked again after it (decision 072). Any other post, and every
 * navigation, asks it again as before.
 */
export const FRAME_UNCHANGED = { frameUnchanged: true } as const;

/** The frame's shouldRevalidate rule: false only after a post to the same page whose answer says the frame is unchanged. */
export function frameNeedsReload({
  formMethod,
  currentUrl,
  nextUrl,
  actionResult,
}: {
  formMethod?: string;
  currentUrl: URL;
  nextUrl: URL;
  actionResult?: unknown;
}) {
  const posted = Boolean(formMethod) && formMethod!.toUpperCase() !== "GET";
  const unchanged = typeof actionResult === "object" && actionResult !== null && (actionResult as { frameUnchanged?: unknown }).frameUnchanged === true;
  return !(posted && unchanged && currentUrl.pathname === nextUrl.pathname);
}
