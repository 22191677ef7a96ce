import type { AppLoadContext } from "@remix-run/node";
import { json } from "@remix-run/node";
import type * as z from "zod";
import type { Language } from "~/contracts/i18n/config";
import { translateMessage } from "~/contracts/i18n/translate.server";
import type { Lead } from "~/contracts/leads/api-types";
import { type ApiResult, handleAuthErrors } from "~/lib/api.server";
import { apiFieldErrors } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms.server";
import type { LeadFormReply, LeadFormValues } from "./lead-form";

const noStore = { "Cache-Control": "private, no-store" };

/** A lead's values for its form: what was typed before a sign-in (held), else the lead's own, else empty. */
export function leadFormValues(lead: Lead | null, held: Record<string, string | string[]> | null): LeadFormValues {
  if (held) {
    const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
    const one = (v: string | string[] | undefined) => (Array.isArray(v) ? (v[0] ?? "") : (v ?? ""));
    return { rating: one(held.rating), notes: one(held.notes), tagIds: list(held.tagIds), followUp: one(held.followUp) === "on" };
  }
  return { rating: lead?.rating ?? "", notes: lead?.notes ?? "", tagIds: (lead?.tagIds ?? []).map(String), followUp: lead?.followUp ?? false };
}

/** What the lead form posts, as the API takes it. */
export type LeadFormFields = { rating: string; notes: string; tagIds: string[]; followUp: "on" | "" };

/**
 * The lead form's post, for capture by a pass (/lead/<code>) and the company's lead page: checked with
 * the contract's schema, then sent; a refusal comes back as translated messages with what was typed
 * (`keyField`'s error, the code or the lead, over the form). 401 signs in again with the form held
 * (the caller remembered it); a 403 is the page's message (which grant is missing), not /401.
 */
export async function postLeadForm(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
  options: { language: Language; schema: z.ZodType; keyField: string; send: (fields: LeadFormFields) => Promise<ApiResult<Lead>> },
) {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const values: LeadFormValues = {
    rating: text("rating"),
    notes: text("notes"),
    tagIds: formData.getAll("tagIds").filter((v): v is string => typeof v === "string"),
    followUp: text("followUp") === "on",
  };
  const { language, keyField } = options;
  const refuse = (fields: Record<string, string[]>, formError: string | null, status = 400) => {
    const fieldErrors = Object.fromEntries(Object.entries(fields).flatMap(([name, keys]) => (keys[0] ? [[name, translateMessage(language, keys[0])]] : [])));
    return { refused: json<LeadFormReply>({ values, fieldErrors, formError }, { status, headers: noStore }) } as const;
  };
  const submission = parseWithZod(formData, { schema: options.schema });
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    const fields = Object.fromEntries(Object.entries(errors).filter(([name, keys]) => name !== "" && name !== keyField && keys?.length)) as Record<
      string,
      string[]
    >;
    const formKey = errors[""]?.[0] ?? errors[keyField]?.[0] ?? null;
    return refuse(fields, formKey ? translateMessage(language, formKey) : null);
  }
  const answer = await options.send({ rating: values.rating, notes: values.notes, tagIds: values.tagIds, followUp: values.followUp ? "on" : "" });
  if (!answer.ok && answer.code === 401) await handleAuthErrors(answer, request, context);
  if (!answer.ok) {
    const { [keyField]: keyError, ...others } = apiFieldErrors(answer) ?? {};
    const formError = keyError?.[0] ? translateMessage(language, keyError[0]) : Object.keys(others).length ? null : answer.message;
    return refuse(others, formError, answer.code === 403 ? 403 : answer.code === 404 ? 404 : 400);
  }
  return { saved: answer.data } as const;
}
