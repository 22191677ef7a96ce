import type { LoaderFunctionArgs } from "@remix-run/node";
import { bookingFormsEndpoints } from "~/contracts/booking-forms/endpoints.server";
import { proxyDownload } from "~/lib/download.server";
import { requireShellUser } from "~/lib/permissions.server";
import type { PageHandle } from "~/contracts/permission/page-handle";

export const handle = { permissionOf: "/bookingService/electricboxImg" } satisfies PageHandle;

/**
 * GET /bookingService/electricboxImg/template: the location map template (a PDF of the caller's
 * booth on a 1 m grid) as a resource route, outside the shell layout. The guard checks the map
 * page's path; the PDF comes from the API and passes through untouched.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const boothId = new URL(request.url).searchParams.get("boothId") ?? undefined;
  const response = await user.api.download(bookingFormsEndpoints.mapTemplate, { boothId: boothId || undefined });
  return proxyDownload(response, request, context, { cacheControl: "no-store" });
}
