import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { z } from "zod";
import type { AnyEndpoint } from "~/contracts/api/endpoint";
import type { VehiclePageKind } from "~/contracts/vehicles/kinds";
import { rawFields } from "~/features/transport/forms.server";
import { readUploadForm, replyWithUploadErrors, type UploadFieldSpec } from "~/features/uploads/uploads.server";
import { handleAuthErrors } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms.server";
import type { PermissionInfo } from "~/contracts/permission/api-types";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";

/** What a vehicle page's action answers when it stays on the page (a refused form or delete). */
export type RegisterReply = { form?: "save" | "update"; result?: SubmissionResult<string[]>; error?: string };

/** A page of the exhibitor's own vehicles: a register form, a correction form (`update`) and a delete. */
export type VehicleRegister = {
  /** Its page (the address to go back to) and its texts (the toasts `vehicles.<texts>.saved`, `.updated`, `.deleted`). */
  kind: VehiclePageKind;
  endpoints: { save: AnyEndpoint; update: AnyEndpoint; remove: AnyEndpoint };
  schemas: { save: z.ZodType; update: z.ZodType };
  uploads: Record<string, UploadFieldSpec>;
  /** The fields each call sends, as typed (the API parses them with the same schema). */
  apiFields: { save: readonly string[]; update: readonly string[] };
};

const NO_STORE = { "Cache-Control": "no-store" };
const statusOf = (code: number) => (code === 409 || code === 404 ? code : 400);

/**
 * The one action of the vehicle pages (blue-plate cars, yellow-plate trucks): the form is read with its
 * uploads and kept for a session that ends mid-form; a refused form comes back with its errors and what
 * was typed; a success goes back to the page with a toast.
 */
export async function vehicleRegisterAction({ request, context }: ActionFunctionArgs, page: VehicleRegister) {
  const { api, language } = await requireShellUser(request, context);
  const { formData, uploadErrors } = await readUploadForm(request, context, api, language, page.uploads);
  rememberForm(request, formData);
  const toast = (done: "saved" | "updated" | "deleted") =>
    redirectWithToast(page.kind.pagePath, context, { kind: "success", key: `vehicles.${page.kind.texts}.${done}` });
  const send = (endpoint: AnyEndpoint, fields: readonly string[]) => api.call(endpoint, rawFields(formData, fields));
  if (formData.get("intent") === "delete") {
    const result = await handleAuthErrors(await send(page.endpoints.remove, ["id", "version"]), request, context);
    if (!result.ok) return json({ error: result.message } satisfies RegisterReply, { status: result.code === 404 ? 404 : 409, headers: NO_STORE });
    return toast("deleted");
  }
  const form = formData.get("intent") === "update" ? "update" : "save";
  const submission = parseWithZod(formData, { schema: page.schemas[form] });
  if (submission.status !== "success" || Object.keys(uploadErrors).length) {
    return json({ form, result: replyWithUploadErrors(submission, uploadErrors) } satisfies RegisterReply, { status: 400, headers: NO_STORE });
  }
  const fields = page.apiFields[form];
  const result = await handleAuthErrors(await send(page.endpoints[form], fields), request, context);
  if (!result.ok)
    return json({ form, result: replyToApiFailure(submission, result, fields) } satisfies RegisterReply, { status: statusOf(result.code), headers: NO_STORE });
  return toast(form === "update" ? "updated" : "saved");
}

/**
 * What a vehicle page's loader reads from its address and session beside its list: the vehicle
 * `?edit=` opens (only one open to change), the one `?delete=` asks about, and a form held for a
 * session that ended mid-form (its headers take the hold away).
 */
export async function registerPageState<Row extends { id: number; canEdit: boolean; canDelete: boolean }>(
  { request, context, info }: { request: Request; context: AppLoadContext; info: PermissionInfo },
  rows: Row[],
  formFields: readonly string[],
) {
  const params = new URL(request.url).searchParams;
  const find = (param: string, allowed: (row: Row) => boolean) => rows.find((row) => String(row.id) === params.get(param) && allowed(row)) ?? null;
  const held = await heldFormValues(request, context, formHolderOf(info), ["intent", ...formFields]);
  return { editing: find("edit", (row) => row.canEdit), deleting: find("delete", (row) => row.canDelete), held: held.values, headers: held.headers };
}
