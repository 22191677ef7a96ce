import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { messageParts } from "./message-parts";

const UNCHECKED = z.object({}).passthrough();

/**
 * Every portal form the same way: the route's zod schema checks in the browser (on blur, then as
 * the user types) and again in the action; the action's reply (`lastResult`) restores what was typed
 * and shows the server's errors, with or without JavaScript.
 */
export function usePortalForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(options: {
  id: string;
  schema: Schema;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, unknown>;
  shouldValidate?: "onBlur" | "onSubmit" | "onInput";
}) {
  const { schema } = options;
  return useForm<z.input<Schema> & Record<string, unknown>, z.output<Schema>>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: options.shouldValidate ?? "onBlur",
    shouldRevalidate: "onInput",
    // A button marked formNoValidate (save draft, reload choices...) skips the rules, as the
    // browser does without JavaScript; Conform itself would validate every submit.
    onValidate: ({ formData, submitter }) =>
      parseWithZod(formData, { schema: (submitter instanceof HTMLButtonElement && submitter.formNoValidate ? UNCHECKED : schema) as Schema }),
  });
}

/** Schema messages are i18n keys; the API's are already translated (t() returns them unchanged). */
export function useErrorText() {
  const { t } = useTranslation();
  // "<key>|<label key>": spec point 5's generic messages name the field ({prop}).
  const one = (e: string) => {
    const { key, propKey, max } = messageParts(e);
    return propKey ? t(key, { prop: t(propKey), ...(max ? { max } : {}) }) : t(e);
  };
  return (errors?: string[]) => errors?.map(one).join(" ");
}
