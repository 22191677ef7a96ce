import type { LoaderFunctionArgs } from "@remix-run/node";
import { transportEndpoints } from "~/contracts/transport/endpoints.server";
import { proxyDownload } from "~/lib/download.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/exhibitTL/carriage" } satisfies PageHandle;

/** GET /exhibitTL/carriage/template: the carrier's exhibits template (.xlsx) the import reads back. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const response = await user.api.download(transportEndpoints.exhibitTemplate);
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
