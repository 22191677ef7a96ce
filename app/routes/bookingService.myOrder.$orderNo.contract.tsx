import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleAuthErrors, requireOk, type ApiEnvelope } from "~/lib/api.server";
import { MY_ORDERS_PAGE, orderNoOf } from "~/lib/orders.server";
import { requireShellUser } from "~/lib/permissions.server";

/**
 * GET /bookingService/myOrder/<orderNo>/contract: the order's contract PDF as a resource route,
 * outside the shell layout, with My orders' permission. The API answers only for the caller's own
 * order; its attachment passes through untouched (as index.schedule.export.tsx does).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context, MY_ORDERS_PAGE);
  const orderNo = orderNoOf(params);
  const response = await user.api.download("/smeb/service/order/downloadContract", { orderNo });
  // Not a file but an API envelope: 401 → /login, 403 → /401, anything else an error page.
  if ((response.headers.get("content-type") ?? "").includes("application/json")) {
    const envelope = (await response.json()) as ApiEnvelope<unknown>;
    const result =
      envelope.code === 200
        ? ({ ok: true, code: 200, message: envelope.message, data: envelope.data } as const)
        : ({ ok: false, code: envelope.code, message: envelope.message, data: envelope.data } as const);
    await requireOk(await handleAuthErrors(result, request, context), request, context);
    throw new Response(envelope.message, { status: 502 });
  }
  if (!response.ok) throw new Response("Not found", { status: response.status === 404 ? 404 : 502 });
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  for (const name of ["content-type", "content-disposition", "last-modified", "etag"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: 200, headers });
}
