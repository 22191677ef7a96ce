import type { LoaderFunctionArgs } from "@remix-run/node";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { trafficGuidesEndpoints } from "~/contracts/traffic-guides/endpoints.server";
import { PARKING_GUIDE_PATH } from "~/contracts/traffic-guides/values";
import { proxyDownload } from "~/lib/download.server";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: PARKING_GUIDE_PATH, pathParams: "public" } satisfies PageHandle;

/** GET /HT/parkingGuide/map/<id>: a shown car park's map picture, for the parking guide's readers. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const response = await user.api.download(trafficGuidesEndpoints.map, { id: params.id ?? "" });
  return proxyDownload(response, request, context, { cacheControl: "private, max-age=300" });
}
