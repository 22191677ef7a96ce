import type { Submission } from "@conform-to/react";
import type { ApiFailure } from "./api.server";

/**
 * An API refusal as the form's reply: errors the API names per field (i18n keys, translated when
 * rendered) go next to those of this form's fields; anything else is one message over the form.
 * What the user typed comes back with it.
 */
export function replyToApiFailure(submission: Submission<unknown>, failure: ApiFailure, fieldNames: readonly string[]) {
  const fields = (failure.data as { fields?: Record<string, string[]> } | null)?.fields ?? {};
  const fieldErrors = Object.fromEntries(Object.entries(fields).filter(([name]) => fieldNames.includes(name)));
  return Object.keys(fieldErrors).length ? submission.reply({ fieldErrors }) : submission.reply({ formErrors: [failure.message] });
}
