import type { LoaderFunctionArgs } from "@remix-run/node";
import { proxyDownload } from "~/lib/download.server";
import { orderNoOf } from "~/features/orders/orders.server";
import { ordersEndpoints } from "~/contracts/orders/endpoints.server";
import { requireShellUser } from "~/lib/permissions.server";
import type { PageHandle } from "~/contracts/permission/page-handle";

export const handle = { permissionOf: "/bookingService/myOrder", pathParams: "public" } satisfies PageHandle;

/**
 * GET /bookingService/myOrder/<orderNo>/contract: the order's contract PDF as a resource route,
 * outside the shell layout, with My orders' permission. The API answers only for the caller's own
 * order; its attachment passes through untouched.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const orderNo = orderNoOf(params);
  const response = await user.api.download(ordersEndpoints.downloadContract, { orderNo });
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
