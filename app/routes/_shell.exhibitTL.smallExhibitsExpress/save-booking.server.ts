import type { SubmissionResult } from "@conform-to/react";
import { type AppLoadContext, json } from "@remix-run/node";
import type { z } from "zod";
import { rawFields } from "~/features/transport/forms.server";
import { type ApiResult, handleAuthErrors } from "~/lib/api.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms.server";
import { redirectWithToast } from "~/lib/toast.server";

/** A booking page's action reply (express, lifting): the refused form, or a refused delete or send. */
export type BookingReply = { result?: SubmissionResult<string[]>; error?: string };

export const NO_STORE = { "Cache-Control": "no-store" };

/**
 * A booking form's post: checked with `schema`, then its `fields` as typed to the API's `save`; back
 * to `path` with the `saved` toast, or the form again with what was refused.
 */
export async function saveBooking(
  formData: FormData,
  { request, context }: { request: Request; context: AppLoadContext },
  setup: { schema: z.ZodType; fields: readonly string[]; save: (fields: Record<string, string>) => Promise<ApiResult<unknown>>; path: string; saved: string },
) {
  const submission = parseWithZod(formData, { schema: setup.schema });
  if (submission.status !== "success") return json({ result: submission.reply() } satisfies BookingReply, { status: 400, headers: NO_STORE });
  const result = await handleAuthErrors(await setup.save(rawFields(formData, setup.fields)), request, context);
  if (!result.ok) return json({ result: replyToApiFailure(submission, result, setup.fields) } satisfies BookingReply, { status: 400, headers: NO_STORE });
  return redirectWithToast(setup.path, context, { kind: "success", key: setup.saved });
}
