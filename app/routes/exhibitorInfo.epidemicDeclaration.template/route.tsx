import type { LoaderFunctionArgs } from "@remix-run/node";
import { epidemicEndpoints } from "~/contracts/epidemic/endpoints.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { proxyDownload } from "~/lib/download.server";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/exhibitorInfo/epidemicDeclaration" } satisfies PageHandle;

/** GET /exhibitorInfo/epidemicDeclaration/template: the staff import template in the caller's language, passed through. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  return proxyDownload(await user.api.download(epidemicEndpoints.template), request, context, { cacheControl: "private, no-store" });
}
