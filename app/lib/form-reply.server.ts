import type { Submission } from "@conform-to/react";
import type { ApiFailure } from "./api.server";

/** The fields an API refusal names (`data.fields`: i18n keys by field, server/api/envelope.ts fieldError), if any. */
export function apiFieldErrors(failure: Pick<ApiFailure, "data">): Record<string, string[]> | undefined {
  return (failure.data as { fields?: Record<string, string[]> } | null)?.fields;
}

/** A refusal as a list of messages: the keys at its fields, else the API's message. */
export function apiErrorKeys(failure: Pick<ApiFailure, "data" | "message">): string[] {
  const fields = apiFieldErrors(failure);
  return fields ? Object.values(fields).flat() : [failure.message];
}

/**
 * An API refusal as the form's reply: errors the API names per field (i18n keys, translated when
 * rendered) go next to those of this form's fields; anything else is one message over the form.
 * What the user typed comes back with it, but for `hideFields` (passwords, one-time codes).
 */
export function replyToApiFailure(
  submission: Submission<unknown>,
  failure: Pick<ApiFailure, "data" | "message">,
  fieldNames: readonly string[],
  hideFields?: string[],
) {
  const fields = apiFieldErrors(failure) ?? {};
  const fieldErrors = Object.fromEntries(Object.entries(fields).filter(([name]) => fieldNames.includes(name)));
  return Object.keys(fieldErrors).length ? submission.reply({ fieldErrors, hideFields }) : submission.reply({ formErrors: [failure.message], hideFields });
}
