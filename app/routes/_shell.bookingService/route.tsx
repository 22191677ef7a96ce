import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { areaErrorBoundary, areaHandle, areaLayout, areaShouldRevalidate } from "~/components/shell/area-layout";
import { loadArea } from "~/lib/area.server";
import bookingCss from "~/styles/booking.css";

/** The /bookingService area (docs/product.md § Sidebar, tabs and breadcrumbs): its sidebar beside each page; the guard runs for every page of it. */
const ROUTE_ID = "routes/_shell.bookingService";

export const handle = areaHandle({ hiddenInEnglish: true });

/** The area's own styles (tables as cards on phones, the order steps): loaded with its pages only. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: bookingCss }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { area } = await loadArea(request, context, "/bookingService");
  return json({ area });
}

export const shouldRevalidate = areaShouldRevalidate;
export default areaLayout(ROUTE_ID);
export const ErrorBoundary = areaErrorBoundary(ROUTE_ID);
