import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireShellUser } from "~/lib/permissions.server";
import type { UploadSignature } from "~/contracts/uploads/schema";
import type { PageHandle } from "~/contracts/permission/page-handle";

export const handle = { personal: "everyone" } satisfies PageHandle;

/**
 * GET /upload/signature?folder&fileName[&kinds&maxBytes]: the signing settings for one upload
 * (spec point 7, oss/signature/getSignature), for the upload component. JSON, never cached.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const query: Record<string, string> = { timesp: String(Date.now()) };
  for (const name of ["folder", "fileName", "kinds", "maxBytes"]) {
    const value = url.searchParams.get(name);
    if (value) query[name] = value;
  }
  const result = await api.callPath<UploadSignature>("/oss/signature/getSignature", { query });
  const headers = { "Cache-Control": "no-store" };
  if (!result.ok) return json({ ok: false as const, code: result.code, message: result.message }, { status: result.code === 401 ? 401 : 400, headers });
  return json({ ok: true as const, data: result.data }, { headers });
}
