import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireShellUser } from "~/lib/permissions.server";
import { uploadEndpoints } from "~/contracts/uploads/endpoints.server";
import type { PageHandle } from "~/contracts/permission/page-handle";

export const handle = { personal: "everyone" } satisfies PageHandle;

/**
 * GET /upload/signature?folder&fileName[&kinds&maxBytes]: the signing settings for one upload
 * (docs/product.md § The exhibition API, oss/signature/getSignature), for the upload component. JSON, never cached.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const url = new URL(request.url);
  // An empty parameter is left out, as an absent one.
  const param = (name: string) => url.searchParams.get(name) || undefined;
  const query = { timesp: String(Date.now()), folder: param("folder"), fileName: param("fileName"), kinds: param("kinds"), maxBytes: param("maxBytes") };
  const result = await api.call(uploadEndpoints.signature, query);
  const headers = { "Cache-Control": "no-store" };
  if (!result.ok) return json({ ok: false as const, code: result.code, message: result.message }, { status: result.code === 401 ? 401 : 400, headers });
  return json({ ok: true as const, data: result.data }, { headers });
}
