import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireShellUser } from "~/lib/permissions.server";
import { uploadEndpoints } from "~/contracts/uploads/endpoints.server";
import type { PageHandle } from "~/contracts/permission/page-handle";

export const handle = { personal: "everyone" } satisfies PageHandle;

/** POST /upload/complete {key, name, kinds}: the API checks the uploaded bytes and records the file. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const result = await api.call(uploadEndpoints.complete, { key: field("key"), name: field("name"), kinds: field("kinds") });
  const headers = { "Cache-Control": "no-store" };
  if (!result.ok) return json({ ok: false as const, code: result.code, message: result.message }, { status: result.code === 401 ? 401 : 400, headers });
  return json({ ok: true as const, data: result.data }, { headers });
}
