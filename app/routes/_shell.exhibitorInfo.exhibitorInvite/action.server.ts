import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { accountEndpoints } from "~/contracts/accounts/endpoints.server";
import { translate } from "~/contracts/i18n/translate.server";
import { handleAuthErrors, requireOk } from "~/lib/api.server";
import { requireShellUser } from "~/lib/permissions.server";
import { redirectWithToast } from "~/lib/toast.server";
import { storageQuotaSchema } from "~/features/accounts/schema.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { parseWithZod } from "~/lib/forms.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** What the action answers when it does not redirect: the question before sending to all, or why nothing was sent. */
export type InviteReply = { kind: "confirmAll"; count: number } | { kind: "error"; message: string } | { kind: "quota"; result: SubmissionResult<string[]> };

/**
 * The two sends of the invitation page, plain posts: `intent=selected` with the ticked `userId`s;
 * `intent=all` first answers the question "send to N accounts?", whose confirmation posts
 * `intent=all&confirmed=1`. A send ends on the same list (its filter and page) with the counts, or,
 * when it was queued as a batch (a background job), with the batch's progress above the list.
 */
export async function inviteAction({ request, context }: ActionFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const url = new URL(request.url);
  const refused = (message: string) => json({ kind: "error", message } satisfies InviteReply, { status: 400, headers: NO_STORE });

  if (intent === "quota") {
    // An account's storage quota (issue 50): refused input comes back in the form, as typed.
    const submission = parseWithZod(form, { schema: storageQuotaSchema });
    const again = (result: SubmissionResult<string[]>) => json({ kind: "quota", result } satisfies InviteReply, { status: 400, headers: NO_STORE });
    if (submission.status !== "success") return again(submission.reply());
    const saved = await handleAuthErrors(
      await api.call(accountEndpoints.storageQuota, { username: submission.value.username, quotaMb: submission.value.quotaMb ?? "" }),
      request,
      context,
    );
    if (!saved.ok) return again(replyToApiFailure(submission, saved, ["username", "quotaMb"]));
    const { username, quotaMb, usedBytes } = saved.data;
    return redirectWithToast(`${url.pathname}${url.search}`, context, {
      kind: "success",
      key: "accounts.quota.saved",
      values: { username, quota: `${quotaMb} MB`, used: `${(usedBytes / 1024 / 1024).toFixed(1)} MB` },
    });
  }
  if (intent === "all" && form.get("confirmed") !== "1") {
    const list = await requireOk(await api.call(accountEndpoints.invitations, { filter: "pending", page: 1, pageSize: 10 }), request, context);
    if (!list.counts.pending) return refused(translate(language, "accounts.invite.nonePending"));
    return json({ kind: "confirmAll", count: list.counts.pending } satisfies InviteReply, { headers: NO_STORE });
  }
  if (intent !== "all" && intent !== "selected") return refused(translate(language, "errors.badRequest"));
  const input = intent === "all" ? { all: true } : { all: false, userId: form.getAll("userId").map(String) };
  const result = await handleAuthErrors(await api.call(accountEndpoints.sendInvitations, input), request, context);
  // A refusal, or messages that could not be delivered: said on the page, with the API's counts.
  if (!result.ok || result.data.failed.length) return refused(result.message);
  const { sent, skippedActivated, skippedNoContact, batch } = result.data;
  // Queued as a batch: the page shows its progress until it is done.
  if (batch && batch.state !== "done")
    return redirectWithToast(`${url.pathname}${url.search}`, context, { kind: "success", key: "accounts.invite.batch.queued", values: { total: batch.total } });
  const values = {
    sent: sent.length,
    skipped: skippedActivated.length + skippedNoContact.length,
    activated: skippedActivated.length,
    noContact: skippedNoContact.length,
  };
  return redirectWithToast(`${url.pathname}${url.search}`, context, { kind: "success", key: "accounts.invite.result", values });
}
