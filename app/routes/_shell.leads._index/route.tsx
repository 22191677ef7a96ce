import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirectToFirstPage } from "~/lib/area.server";

/** /leads alone opens the area's first page the user may see: an exhibitor's list, the organizer's counts. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return redirectToFirstPage(request, context, "/leads");
}
