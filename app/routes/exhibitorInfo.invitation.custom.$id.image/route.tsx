import type { LoaderFunctionArgs } from "@remix-run/node";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { promotionImageEndpoints } from "~/contracts/promotion/images/endpoints.server";
import { proxyDownload } from "~/lib/download.server";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/exhibitorInfo/invitation/custom", pathParams: "public" } satisfies PageHandle;

/**
 * GET /exhibitorInfo/invitation/custom/:id/image?format=png|pdf&download=1: the caller's invitation
 * as a 750 × 1334 PNG (or a PDF page of it), shown in place or, with download=1, as a download. The
 * API renders it (only the caller's own invitation) and it passes through untouched.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const url = new URL(request.url);
  const response = await user.api.download(promotionImageEndpoints.invitationImage, {
    id: params.id,
    format: url.searchParams.get("format") ?? "png",
    download: url.searchParams.get("download") ?? undefined,
  });
  return proxyDownload(response, request, context, { cacheControl: "private, no-cache" });
}
