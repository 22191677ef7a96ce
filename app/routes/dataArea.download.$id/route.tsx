import type { LoaderFunctionArgs } from "@remix-run/node";
import { dataAreaEndpoints } from "~/contracts/data-area/endpoints.server";
import { DATA_AREA_PATH } from "~/contracts/data-area/values";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { proxyDownload } from "~/lib/download.server";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: DATA_AREA_PATH, pathParams: "public" } satisfies PageHandle;

/** GET /dataArea/download/<id>: a published file of the data area (the API counts the download). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const response = await user.api.download(dataAreaEndpoints.download, { id: params.id ?? "" });
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
