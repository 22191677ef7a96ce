import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isPublicPage } from "~/contracts/permission/page-rules";
import { getShellUser, requireShellUser } from "./permissions.server";
import { areaMenu, leavesTheSite } from "./shell-nav.server";

/**
 * The loader of an area layout: the guard for every page of the area (requireShellUser, the one
 * permission path; the permission info is the shell's, fetched once per request) and the area's sidebar.
 */
export async function loadArea(request: Request, context: AppLoadContext, areaPath: string) {
  // A public page inside an area (/exhibitorInfo/promotionalVideo) opens signed out, without the sidebar.
  const path = new URL(request.url).pathname.replace(/(.)\/+$/, "$1");
  if (isPublicPage(context.pages ?? [], path) && !(await getShellUser(request, context))) return { user: null, area: null };
  const user = await requireShellUser(request, context);
  const area = areaMenu(user.menus, areaPath, user.language, context.pages ?? []);
  return { user, area };
}

/** A bare area path (/bookingService) opens the area's first page the user may see; /401 when there is none. */
export async function redirectToFirstPage(request: Request, context: AppLoadContext, areaPath: string): Promise<never> {
  const user = await requireShellUser(request, context, `${areaPath}/`);
  const pages = context.pages ?? [];
  const area = areaMenu(user.menus, areaPath, user.language, pages);
  const first = area?.items.find((item) => !item.url && !leavesTheSite(pages, item.href, user.language) && user.pageExists(item.href))?.href;
  throw redirect(first ?? "/401");
}
