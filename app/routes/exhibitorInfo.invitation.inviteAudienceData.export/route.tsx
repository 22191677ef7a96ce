import type { LoaderFunctionArgs } from "@remix-run/node";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { visitorEndpoints } from "~/contracts/promotion/visitors/endpoints.server";
import { proxyDownload } from "~/lib/download.server";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/exhibitorInfo/invitation/inviteAudienceData" } satisfies PageHandle;

/** GET /exhibitorInfo/invitation/inviteAudienceData/export?keyword=…: the caller's own visitors as .xlsx, masked as on the page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const keyword = (new URL(request.url).searchParams.get("keyword") ?? "").trim();
  return proxyDownload(await user.api.download(visitorEndpoints.exportAudience, { keyword }), request, context, { cacheControl: "private, no-store" });
}
