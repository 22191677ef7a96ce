import type { LoaderFunctionArgs } from "@remix-run/node";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { promotionImageEndpoints } from "~/contracts/promotion/images/endpoints.server";
import { proxyDownload } from "~/lib/download.server";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/index/poster", pathParams: "public" } satisfies PageHandle;

/**
 * GET /index/poster-image/:kind?format=png|pdf&download=1 (kind micro, zh or en): the signed-in
 * exhibitor's own poster for the home poster pages (/index/poster, posterCn, posterEn), shown in
 * place or as a download. The API makes it for the caller's booth; it passes through untouched.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const url = new URL(request.url);
  const response = await user.api.download(promotionImageEndpoints.poster, {
    kind: params.kind,
    format: url.searchParams.get("format") ?? "png",
    download: url.searchParams.get("download") ?? undefined,
  });
  return proxyDownload(response, request, context, { cacheControl: "private, no-cache" });
}
