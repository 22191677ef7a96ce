import { useForm, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/i18n/texts";
import type * as z from "zod";
import { messageParts } from "../contracts/common/message-parts";

/** Native constraints per field (required, maxLength, min, max, pattern...), as the loader sends them (forms.server.ts). */
export type FormConstraint = NonNullable<Parameters<typeof useForm>[0]["constraint"]>;

/**
 * What a form component takes from its page: the constraints the loader computed and the action's
 * last reply. The page passes them in (a component importing its route's loader type would be a cycle).
 */
export type FormReply = { constraint: FormConstraint; lastResult?: SubmissionResult<string[]> | null };

/** A form of a page that keeps what was typed across a sign-in (`held`) and shows a post under way (`pending`). */
export type PageFormProps = FormReply & { held: Record<string, unknown> | null; pending: boolean };

/**
 * Every portal form the same way: the browser posts it and the action checks it with the route's
 * zod schema; the action's reply (`lastResult`) restores what was typed and shows the server's
 * errors, with or without JavaScript. The browser does not run zod (it would put zod in every form
 * page's download), so it has no onValidate: Conform's intents (form.update, insert, remove) would
 * be posted to the action too. The fields keep the schema's native constraints (required,
 * maxlength, pattern...), computed on the server (`formConstraints`, forms.server.ts) and passed in
 * as `constraint`. `Schema` is a type only (`usePortalForm<typeof someSchema>`): it types the fields.
 */
export function usePortalForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(options: {
  id: string;
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, unknown>;
}) {
  return useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: options.constraint,
    // With no onValidate, a check on blur or input would post the form to the action; only a submit does.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
  });
}

/**
 * The form of a record being added or edited on an organizer's page: its id (`<name>-<id>`, or
 * `<name>-new`) and the record's values with what was typed before a sign-in over them.
 */
export function useEditForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  name: string,
  form: {
    editing: { id: number } | null | undefined;
    held: Record<string, unknown> | null | undefined;
    constraint: FormConstraint;
    lastResult?: SubmissionResult<string[]> | null;
  },
  defaults: Record<string, unknown>,
) {
  return usePortalForm<Schema>({
    id: `${name}-${form.editing?.id ?? "new"}`,
    constraint: form.constraint,
    lastResult: form.lastResult,
    defaultValue: { ...defaults, ...form.held },
  });
}

/** Schema messages are i18n keys; the API's are already translated (t() returns them unchanged). */
export function useErrorText() {
  const { t } = useTranslation();
  // "<key>|<label key>": the generic messages name the field (docs/product.md § Validation) ({prop}).
  const one = (e: string) => {
    const { key, propKey, max } = messageParts(e);
    return propKey ? t(key, { prop: t(propKey), ...(max ? { max } : {}) }) : t(e);
  };
  return (errors?: string[]) => errors?.map(one).join(" ");
}
