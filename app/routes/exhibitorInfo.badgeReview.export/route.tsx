import type { LoaderFunctionArgs } from "@remix-run/node";
import { badgeEndpoints } from "~/contracts/badges/endpoints.server";
import { proxyDownload } from "~/lib/download.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/exhibitorInfo/badgeReview" } satisfies PageHandle;

const FILTERS = ["exhibitor", "status", "kind", "keyword"] as const;

/**
 * GET /exhibitorInfo/badgeReview/export?<the list's filters>: the organizer's .xlsx of every badge
 * the filters match, as a resource route with the review page's permission. The API (roleId 1 only)
 * checks the filters and builds the file; it passes through untouched.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const params = new URL(request.url).searchParams;
  const query = Object.fromEntries(FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
  const response = await user.api.download(badgeEndpoints.exportReviews, query);
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
