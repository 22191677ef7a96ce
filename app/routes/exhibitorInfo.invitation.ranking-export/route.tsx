import type { LoaderFunctionArgs } from "@remix-run/node";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { visitorEndpoints } from "~/contracts/promotion/visitors/endpoints.server";
import { proxyDownload } from "~/lib/download.server";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/exhibitorInfo/invitation/exhibitorRanking" } satisfies PageHandle;

/**
 * GET /exhibitorInfo/invitation/ranking-export?kind=invite|browse&period=…: the organizer's
 * spreadsheet of a whole ranking (the API refuses anyone but roleId 1), passed through untouched.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const query = new URL(request.url).searchParams;
  const response = await user.api.download(visitorEndpoints.exportRanking, { kind: query.get("kind") ?? "", period: query.get("period") ?? "" });
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
