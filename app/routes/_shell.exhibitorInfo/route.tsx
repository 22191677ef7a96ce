import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { areaErrorBoundary, areaHandle, areaLayout, areaShouldRevalidate } from "~/components/shell/area-layout";
import { loadArea } from "~/lib/area.server";

/** The /exhibitorInfo area (docs/product.md § Sidebar, tabs and breadcrumbs): its sidebar beside each page; the guard runs for every page of it. */
const ROUTE_ID = "routes/_shell.exhibitorInfo";

export const handle = areaHandle();

/** The invitation pages live under /exhibitorInfo/invitation but belong to the /invitation menu area, whose sidebar they show. */
const INVITATION_PAGES = /^\/exhibitorInfo\/invitation(\/|$)/;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const invitation = INVITATION_PAGES.test(new URL(request.url).pathname);
  const { area } = await loadArea(request, context, invitation ? "/invitation" : "/exhibitorInfo");
  return json({ area });
}

/** Also when moving between the invitation pages and the area's others: their sidebars differ. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) =>
  areaShouldRevalidate(args) || INVITATION_PAGES.test(args.currentUrl.pathname) !== INVITATION_PAGES.test(args.nextUrl.pathname);
export default areaLayout(ROUTE_ID);
export const ErrorBoundary = areaErrorBoundary(ROUTE_ID);
