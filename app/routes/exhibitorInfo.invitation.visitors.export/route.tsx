import type { LoaderFunctionArgs } from "@remix-run/node";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { visitorEndpoints } from "~/contracts/promotion/visitors/endpoints.server";
import { proxyDownload } from "~/lib/download.server";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/exhibitorInfo/invitation/visitors" } satisfies PageHandle;

/** GET /exhibitorInfo/invitation/visitors/export?…: the organizer's visitor list as .xlsx with the page's filters. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const query = new URL(request.url).searchParams;
  const filters = {
    keyword: (query.get("keyword") ?? "").trim(),
    ...(query.get("inviter") === "none" ? { inviter: "none" } : {}),
    ...(["1", "0"].includes(query.get("consent") ?? "") ? { consent: query.get("consent")! } : {}),
  };
  return proxyDownload(await user.api.download(visitorEndpoints.exportVisitors, filters), request, context, { cacheControl: "private, no-store" });
}
