import type { LoaderFunctionArgs } from "@remix-run/node";
import { accountEndpoints } from "~/contracts/accounts/endpoints.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { proxyDownload } from "~/lib/download.server";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/exhibitorInfo/exhibitorImport" } satisfies PageHandle;

/** GET /exhibitorInfo/exhibitorImport/template: the exhibitor import's .xlsx template (the API: roleId 1 only), passed through. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const response = await user.api.download(accountEndpoints.importTemplate);
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
