import type { LoaderFunctionArgs } from "@remix-run/node";
import { transportEndpoints } from "~/contracts/transport/endpoints.server";
import { proxyDownload } from "~/lib/download.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/exhibitTL/carriageOrder" } satisfies PageHandle;

/** GET /exhibitTL/carriageOrder/report: the carrier's orders as .xlsx (the organizer's: every carrier's). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const response = await user.api.download(transportEndpoints.ordersReport);
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
