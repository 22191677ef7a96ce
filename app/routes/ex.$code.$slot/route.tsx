import type { LoaderFunctionArgs } from "@remix-run/node";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { showcaseEndpoints } from "~/contracts/showcase/endpoints.server";
import { apiFor } from "~/lib/api.server";

export const handle = { public: true, inAppBrowser: true, pathParams: "public" } satisfies PageHandle;

/**
 * GET /ex/<code>/<logo|1|2|3>: a picture of the public showcase page (the approved logo, or the
 * exhibit at a position). Public: only a page that is on and not hidden answers; anything else 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const api = await apiFor(request, context);
  const response = await api.download(showcaseEndpoints.publicImage, { code: params.code ?? "", slot: params.slot ?? "" });
  const type = response.headers.get("content-type") ?? "";
  if (!response.ok || !/^image\/(png|jpeg)$/.test(type)) throw new Response("Not Found", { status: 404 });
  const headers = new Headers({ "Content-Type": type, "Cache-Control": response.headers.get("cache-control") ?? "public, max-age=300" });
  return new Response(response.body, { status: 200, headers });
}
