import type { LoaderFunctionArgs } from "@remix-run/node";
import { invoiceEndpoints } from "~/contracts/invoices/endpoints.server";
import { proxyDownload } from "~/lib/download.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/invoiceArea/financeDesk" } satisfies PageHandle;

/**
 * GET /invoiceArea/financeDesk/export: the invoice applications as .xlsx for the finance system.
 * The API (roleId 1 only) builds it; it passes through untouched.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const response = await user.api.download(invoiceEndpoints.exportReviews, {});
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
