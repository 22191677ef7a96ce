import type { LoaderFunctionArgs } from "@remix-run/node";
import { epidemicEndpoints } from "~/contracts/epidemic/endpoints.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { proxyDownload } from "~/lib/download.server";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/exhibitorInfo/epidemicReview" } satisfies PageHandle;

/** GET /exhibitorInfo/epidemicReview/export?company=: the organizer's workbook of every matching declaration and person (the API is roleId 1 only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const company = new URL(request.url).searchParams.get("company") ?? "";
  return proxyDownload(await user.api.download(epidemicEndpoints.export, company ? { company } : {}), request, context, { cacheControl: "private, no-store" });
}
