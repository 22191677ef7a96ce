import type { LoaderFunctionArgs } from "@remix-run/node";
import { invoiceEndpoints } from "~/contracts/invoices/endpoints.server";
import { proxyDownload } from "~/lib/download.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/invoiceArea/billingApplication" } satisfies PageHandle;

/** GET /invoiceArea/billingApplication/pdf?id=: the issued e-invoice; the API answers only the owner's (or the organizer). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  const response = await user.api.download(invoiceEndpoints.pdf, { id });
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
