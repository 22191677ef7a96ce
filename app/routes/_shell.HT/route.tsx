import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { areaErrorBoundary, areaHandle, areaLayout, areaShouldRevalidate } from "~/components/shell/area-layout";
import { loadArea } from "~/lib/area.server";

/** The /HT area, hotel and traffic (docs/product.md § Hotel and traffic): its sidebar beside each page; the guard runs for every page of it. */
const ROUTE_ID = "routes/_shell.HT";

export const handle = areaHandle();

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { area } = await loadArea(request, context, "/HT");
  return json({ area });
}

export const shouldRevalidate = areaShouldRevalidate;
export default areaLayout(ROUTE_ID);
export const ErrorBoundary = areaErrorBoundary(ROUTE_ID);
