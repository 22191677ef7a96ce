import type { SubmissionResult } from "@conform-to/react";
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { logisticsSettingsEndpoints as endpoints } from "~/contracts/logistics-settings/endpoints.server";
import { LOGISTICS_SETTINGS_PATHS } from "~/contracts/logistics-settings/values";
import { carrierSaveSchema, discountSaveSchema, liftingFeeSaveSchema, priceSaveSchema, typedFields } from "~/features/logistics-settings/schema.server";
import { handleAuthErrors } from "~/lib/api.server";
import { rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms.server";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";

/** Which form a reply belongs to: each form shows only its own errors and typed values. */
export type FormName = "carrier" | "price" | "discount" | "liftingFee";
export type Reply = { form: FormName; result: SubmissionResult<string[]> } | { form: "remove"; error: string };

const NO_STORE = { "Cache-Control": "private, no-store" };

/** Each form's fields as posted (the API takes what was typed: it parses the same schema). */
export const FORM_FIELDS = {
  carrier: ["carrierId", "code", "nameZh", "nameEn", "email", "phone", "active", "sort"],
  price: ["carrierId", "service", "perM3", "perTon", "minimum"],
  discount: ["carrierId", "code", "kind", "until", "minM3", "percent", "amount", "nameZh", "nameEn"],
  liftingFee: ["kind", "maxTons", "fee"],
} as const;

export const ALL_FIELDS = [...new Set(Object.values(FORM_FIELDS).flat())];

const SAVES = {
  saveCarrier: { form: "carrier", schema: carrierSaveSchema, endpoint: endpoints.saveCarrier },
  savePrice: { form: "price", schema: priceSaveSchema, endpoint: endpoints.savePrice },
  saveDiscount: { form: "discount", schema: discountSaveSchema, endpoint: endpoints.saveDiscount },
  saveLiftingFee: { form: "liftingFee", schema: liftingFeeSaveSchema, endpoint: endpoints.saveLiftingFee },
} as const;

const REMOVES = {
  removePrice: { endpoint: endpoints.removePrice, fields: ["carrierId", "service"] },
  removeDiscount: { endpoint: endpoints.removeDiscount, fields: ["carrierId", "code"] },
  removeLiftingFee: { endpoint: endpoints.removeLiftingFee, fields: ["kind", "maxTons"] },
} as const;

/**
 * /index/settings/carriers' posts: a carrier, a price, a discount, a lifting fee class (each its own
 * form), and the confirmed removals. A refusal comes back with its form as typed; nothing is saved.
 */
export async function carriersAction({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);
  const intent = String(formData.get("intent") ?? "");
  const done = (key: "saved" | "removed") =>
    redirectWithToast(LOGISTICS_SETTINGS_PATHS.carriers, context, { kind: "success", key: `logisticsSettings.${key}` });

  if (intent in REMOVES) {
    const remove = REMOVES[intent as keyof typeof REMOVES];
    // The three removals take their fields as text; the cast only joins their declarations.
    const result = await handleAuthErrors(
      await api.call(remove.endpoint as typeof endpoints.removePrice, typedFields(formData, remove.fields) as never),
      request,
      context,
    );
    if (!result.ok) return json<Reply>({ form: "remove", error: result.message }, { status: 400, headers: NO_STORE });
    return done("removed");
  }

  const save = SAVES[(intent in SAVES ? intent : "saveCarrier") as keyof typeof SAVES];
  const fields = FORM_FIELDS[save.form];
  const submission = parseWithZod(formData, { schema: save.schema });
  if (submission.status !== "success") return json<Reply>({ form: save.form, result: submission.reply() }, { status: 400, headers: NO_STORE });
  const typed = typedFields(formData, fields);
  const result = await handleAuthErrors(await api.call(save.endpoint as typeof endpoints.savePrice, typed as never), request, context);
  if (!result.ok) return json<Reply>({ form: save.form, result: replyToApiFailure(submission, result, fields) }, { status: 400, headers: NO_STORE });
  return done("saved");
}
