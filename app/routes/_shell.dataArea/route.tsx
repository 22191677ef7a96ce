import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { areaErrorBoundary, areaHandle, areaLayout, areaShouldRevalidate } from "~/components/shell/area-layout";
import { loadArea } from "~/lib/area.server";

/**
 * The /dataArea area (docs/product.md § Data area): the guard for its pages; its sidebar is hidden
 * (the spec's layout), so the pages take the whole width.
 */
const ROUTE_ID = "routes/_shell.dataArea";

export const handle = areaHandle();

export async function loader({ request, context }: LoaderFunctionArgs) {
  await loadArea(request, context, "/dataArea");
  return json({ area: null });
}

export const shouldRevalidate = areaShouldRevalidate;
export default areaLayout(ROUTE_ID);
export const ErrorBoundary = areaErrorBoundary(ROUTE_ID);
