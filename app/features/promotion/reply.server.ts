import type { Submission } from "@conform-to/react";
import type { ApiFailure } from "~/lib/api.server";
import { apiFieldErrors, replyToApiFailure } from "~/lib/form-reply.server";

/**
 * An API refusal as the form's reply. The promotion API names one field per refusal, and its message
 * carries values the bare key lacks ('This template shows at most 3 exhibits'): that field gets the
 * translated message. Anything else goes the usual way (replyToApiFailure).
 */
export function replyToPromotionFailure(submission: Submission<unknown>, failure: ApiFailure, fieldNames: readonly string[]) {
  const fields = Object.keys(apiFieldErrors(failure) ?? {}).filter((name) => fieldNames.includes(name));
  if (fields.length === 1) return submission.reply({ fieldErrors: { [fields[0]!]: [failure.message] } });
  return replyToApiFailure(submission, failure, fieldNames);
}
