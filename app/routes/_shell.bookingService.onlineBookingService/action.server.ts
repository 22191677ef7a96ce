import { parseWithZod } from "@conform-to/zod/v4";
import type { AppLoadContext } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import type { z } from "zod";
import { addFormSchema, commitFormSchema, updateFormSchema, type FormReply } from "~/features/orders/forms";
import { ordersEndpoints } from "~/contracts/orders/endpoints.server";
import { handleAuthErrors, type ApiClient, type ApiResult } from "../../lib/api.server";
import { rememberForm } from "../../lib/form-hold.server";
import { apiErrorKeys, replyToApiFailure } from "../../lib/form-reply.server";
import { BOOKING_PAGE, noStore, orderPath } from "../../features/orders/orders.server";
import type { ShellUser } from "../../lib/permissions.server";
import { parseFormWithUploads, replyWithUploadErrors } from "../../features/uploads/uploads.server";

/** The installation drawing goes with the facility drawings (images or PDF). */
const COMMIT_UPLOADS = { installationDrawingUrl: { folder: "eletricbox-img" as const } };

export const BOOKING_NOTICES = { added: "orders.notices.added", updated: "orders.notices.updated", removed: "orders.notices.removed" } as const;

const reply = (body: FormReply) => json(body, { status: 400, headers: noStore });

/** A refusal of a one-field form (add, quantity): the message, and the value as typed. */
function fieldFailure(form: string, formData: FormData, errors: string[]) {
  return reply({ form, errors, values: { quantity: String(formData.get("quantity") ?? "") } });
}
const errorsOf = (error: Record<string, string[] | null> | null | undefined) => Object.values(error ?? {}).flatMap((e) => e ?? []);

/**
 * Every form of the online booking page posts here (plain forms; JavaScript optional), named by
 * `intent`: add (one form per service), update (a cart line's quantity), delete (after the
 * confirmation step), commit (the cart becomes an order). Success redirects, so a reload never
 * posts again; a refusal answers the form as typed with the message next to it.
 */
export async function handleBookingAction(request: Request, context: AppLoadContext, user: ShellUser) {
  const { api, language } = user;
  const multipart = /^multipart\/form-data\b/i.test(request.headers.get("content-type") ?? "");
  const { formData, uploadErrors } = multipart
    ? await parseFormWithUploads(request, context, api, language, COMMIT_UPLOADS)
    : { formData: await request.formData(), uploadErrors: {} as Record<string, string[]> };
  rememberForm(request, formData);
  const intent = String(formData.get("intent") ?? "");
  const call: Call = async (pending) => handleAuthErrors(await pending, request, context);

  if (intent === "add") {
    const form = `add-${String(formData.get("serviceId") ?? "")}`;
    const submission = parseWithZod(formData, { schema: addFormSchema });
    if (submission.status !== "success") return fieldFailure(form, formData, errorsOf(submission.error));
    const result = await call(api.call(ordersEndpoints.cartAdd, submission.value));
    return result.ok ? redirect(`${BOOKING_PAGE}?notice=added`) : fieldFailure(form, formData, apiErrorKeys(result));
  }
  if (intent === "update" || intent === "delete") {
    const itemId = String(formData.get("itemId") ?? "");
    const form = `line-${itemId}`;
    // Deleting is a quantity of 0 to the schema, so both go through the same check.
    const submission = parseWithZod(intent === "delete" ? withQuantity(formData, "0") : formData, { schema: updateFormSchema });
    if (submission.status !== "success") return fieldFailure(form, formData, errorsOf(submission.error));
    const result =
      intent === "delete"
        ? await call(api.call(ordersEndpoints.cartRemove, { itemId: submission.value.itemId }))
        : await call(api.call(ordersEndpoints.cartUpdate, submission.value));
    return result.ok ? redirect(`${BOOKING_PAGE}?notice=${intent === "delete" ? "removed" : "updated"}`) : fieldFailure(form, formData, apiErrorKeys(result));
  }
  if (intent === "commit") return commit(formData, uploadErrors, call, api);
  return reply({ form: "page", errors: ["errors.badRequest"] });
}

function withQuantity(formData: FormData, quantity: string) {
  const copy = new FormData();
  for (const [name, value] of formData) if (name !== "quantity") copy.append(name, value);
  copy.set("quantity", quantity);
  return copy;
}

/** An API call with the session's 401/403 handling. */
type Call = <T>(pending: Promise<ApiResult<T>>) => Promise<ApiResult<T>>;

/**
 * The order: the hidden idempotency key was made by the loader when the form was shown, so a
 * second press, a resubmitted page or a retry after a lost answer all name the same order.
 */
async function commit(formData: FormData, uploadErrors: Record<string, string[]>, call: Call, api: ApiClient) {
  const submission = parseWithZod(formData, { schema: commitFormSchema });
  if (submission.status !== "success" || Object.keys(uploadErrors).length) {
    return reply({ form: "commit", result: replyWithUploadErrors(submission, uploadErrors) });
  }
  const value: z.output<typeof commitFormSchema> = submission.value;
  const result = await call(api.call(ordersEndpoints.commit, value));
  if (!result.ok) return reply({ form: "commit", result: replyToApiFailure(submission, result, Object.keys(commitFormSchema.shape)) });
  return redirect(`${orderPath(result.data.orderNo)}?notice=committed`);
}
