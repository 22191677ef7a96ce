import type { LoaderFunctionArgs } from "@remix-run/node";
import { boothConstructionEndpoints } from "~/contracts/booth-construction/endpoints.server";
import { proxyDownload } from "~/lib/download.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/boothConstruction/constructionReview" } satisfies PageHandle;

/**
 * GET /boothConstruction/constructionReview/export: every standard booth's fascia texts, unneeded
 * equipment and partitions as .xlsx, for the builder of the standard booths. The API (roleId 1
 * only) builds it; it passes through untouched.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const response = await user.api.download(boothConstructionEndpoints.exportBuilds);
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
