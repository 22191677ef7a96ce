import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { BillingBaseInfo } from "~/contracts/invoices/api-types";
import { invoiceEndpoints } from "~/contracts/invoices/endpoints.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/invoiceArea/billingApplication" } satisfies PageHandle;

/**
 * GET /invoiceArea/billingApplication/baseInfo?title=: the caller's own earlier billing details whose
 * title matches what is typed (the form's suggestions with JavaScript). Nothing is found for a blank title.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const title = (new URL(request.url).searchParams.get("title") ?? "").trim().slice(0, 100);
  if (!title) return json({ found: [] as BillingBaseInfo[] });
  const result = await api.call(invoiceEndpoints.baseInfoByName, { title });
  return json({ found: result.ok ? result.data : [] }, { headers: { "Cache-Control": "private, no-store" } });
}
