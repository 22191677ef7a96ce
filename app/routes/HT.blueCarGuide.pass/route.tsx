import type { LoaderFunctionArgs } from "@remix-run/node";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { blueCarEndpoints } from "~/contracts/vehicles/endpoints.server";
import { proxyDownload } from "~/lib/download.server";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/HT/blueCarGuide" } satisfies PageHandle;

/** GET /HT/blueCarGuide/pass?id=: the pass PDF of an approved car of the caller's (the API answers 404 otherwise). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const id = new URL(request.url).searchParams.get("id") ?? "";
  if (!/^[1-9][0-9]{0,8}$/.test(id)) throw new Response("Not found", { status: 404 });
  const response = await user.api.download(blueCarEndpoints.pass, { id });
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
