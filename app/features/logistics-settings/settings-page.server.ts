import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { z } from "zod";
import { translate } from "~/contracts/i18n/translate.server";
import { type ApiClient, type ApiResult, handleAuthErrors, requireOk } from "~/lib/api.server";
import { heldFormValues, rememberForm } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { formConstraints, parseWithZod } from "~/lib/forms.server";
import { formHolderOf, requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { typedFields } from "./schema.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * One logistics settings page of one plain form (issue 52): what it reads and saves, its fields, and
 * the schema that checks them before the API does.
 */
export type SettingsPage<Stored, Fields extends readonly string[]> = {
  titleKey: string;
  fields: Fields;
  schema: z.ZodType;
  read: (api: ApiClient) => Promise<ApiResult<Stored>>;
  save: (api: ApiClient, values: Record<Fields[number], string>) => Promise<ApiResult<unknown>>;
  path: string;
};

/** The stored settings, what a sign-in kept of the form, and the form's constraints. */
export async function settingsLoader<Stored, Fields extends readonly string[]>({ request, context }: LoaderFunctionArgs, page: SettingsPage<Stored, Fields>) {
  const { api, language, info } = await requireShellUser(request, context);
  const stored = await requireOk(await page.read(api), request, context);
  const held = await heldFormValues(request, context, formHolderOf(info), [...page.fields]);
  return json(
    { title: translate(language, page.titleKey), stored, held: held.values, constraint: formConstraints({ settings: page.schema }).settings },
    { headers: held.headers },
  );
}

/** Save and come back with a toast; a refusal (here or by the API) keeps what was typed and saves nothing. */
export async function settingsAction<Stored, Fields extends readonly string[]>({ request, context }: ActionFunctionArgs, page: SettingsPage<Stored, Fields>) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  rememberForm(request, formData);
  const submission = parseWithZod(formData, { schema: page.schema });
  if (submission.status !== "success") return json({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400, headers: NO_STORE });
  const saved = await handleAuthErrors(await page.save(api, typedFields(formData, page.fields)), request, context);
  if (!saved.ok) return json({ result: replyToApiFailure(submission, saved, page.fields) as SubmissionResult<string[]> }, { status: 400, headers: NO_STORE });
  return redirectWithToast(page.path, context, { kind: "success", key: "logisticsSettings.saved" });
}
