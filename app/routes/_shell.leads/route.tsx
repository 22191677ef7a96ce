import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { areaErrorBoundary, areaHandle, areaLayout, areaShouldRevalidate } from "~/components/shell/area-layout";
import { loadArea } from "~/lib/area.server";

/**
 * The /leads area (issue 56, docs/decisions/070): an exhibitor's leads at the show (the list, the scan
 * page, the tags) and the organizer's counts; its sidebar beside each page, the guard for every page of it.
 */
const ROUTE_ID = "routes/_shell.leads";

export const handle = areaHandle();

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { area } = await loadArea(request, context, "/leads");
  return json({ area });
}

export const shouldRevalidate = areaShouldRevalidate;
export default areaLayout(ROUTE_ID);
export const ErrorBoundary = areaErrorBoundary(ROUTE_ID);
