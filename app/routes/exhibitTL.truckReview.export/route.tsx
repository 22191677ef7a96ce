import type { LoaderFunctionArgs } from "@remix-run/node";
import { truckEndpoints } from "~/contracts/vehicles/endpoints.server";
import { proxyDownload } from "~/lib/download.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/exhibitTL/truckReview" } satisfies PageHandle;

/** GET /exhibitTL/truckReview/export?day=: the approved trucks of the day as .xlsx, for the traffic police (organizer only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const response = await user.api.download(truckEndpoints.exportReviews, { day: new URL(request.url).searchParams.get("day") ?? "" });
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
