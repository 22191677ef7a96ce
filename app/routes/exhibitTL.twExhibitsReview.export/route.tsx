import type { LoaderFunctionArgs } from "@remix-run/node";
import { taiwanFilingEndpoints } from "~/contracts/vehicles/endpoints.server";
import { proxyDownload } from "~/lib/download.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/exhibitTL/twExhibitsReview" } satisfies PageHandle;

/** GET /exhibitTL/twExhibitsReview/export: the submitted and accepted filings' lines as .xlsx, in the customs form's column order. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const response = await user.api.download(taiwanFilingEndpoints.exportReviews);
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
