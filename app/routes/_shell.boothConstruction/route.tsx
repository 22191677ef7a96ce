import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { areaErrorBoundary, areaHandle, areaLayout, areaShouldRevalidate } from "~/components/shell/area-layout";
import { loadArea } from "~/lib/area.server";

/**
 * The /boothConstruction area (docs/product.md § Sidebar, tabs and breadcrumbs): its sidebar beside each page; the guard runs for every
 * page of it. The booth-type rule (docs/product.md § Menus and page access) is held here once: each page's handle names its
 * booth types, the menu drops the pages of the other type, and the guard (requireShellUser) sends a
 * page outside the menu to /401. The API refuses the same booths again.
 */
const ROUTE_ID = "routes/_shell.boothConstruction";

export const handle = areaHandle({ hiddenInEnglish: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { area } = await loadArea(request, context, "/boothConstruction");
  return json({ area });
}

export const shouldRevalidate = areaShouldRevalidate;
export default areaLayout(ROUTE_ID);
export const ErrorBoundary = areaErrorBoundary(ROUTE_ID);
