import type { LoaderFunctionArgs } from "@remix-run/node";
import { homeEndpoints } from "~/contracts/home/endpoints.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { proxyDownload } from "~/lib/download.server";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/index", pathParams: "public" } satisfies PageHandle;

/** GET /index/checklist/:itemId/export: the organizer's not-done list of one item as .xlsx (the API refuses everyone else). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const response = await user.api.download(homeEndpoints.exportNotDone, { itemId: Number(params.itemId) || 0 });
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
