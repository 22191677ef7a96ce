import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { passwordEndpoints } from "~/contracts/auth/password-endpoints.server";
import { encryptNewPassword, replyWithoutPasswords, setPasswordFormSchema, signedInRedirect } from "~/features/auth/password-pages.server";
import { apiFor } from "~/lib/api.server";

/**
 * The set-password form (server-only, so the page ships neither zod nor Conform): the change-password
 * rules, then the API spends the link, ends the account's other sessions and signs in; home follows.
 * A link that stopped working meanwhile answers with its own message instead of the form.
 */
export async function setPasswordAction({ request, context, params }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: setPasswordFormSchema });
  if (submission.status !== "success") return json({ result: replyWithoutPasswords(submission, null, []), linkError: null }, { status: 400 });
  const token = params.token ?? "";
  const api = await apiFor(request, context);
  const link = await api.call(passwordEndpoints.passwordLink, { token });
  if (!link.ok) return json({ result: replyWithoutPasswords(submission, null, []), linkError: link.message }, { status: 400 });

  const encrypted = await encryptNewPassword(api, context, submission.value.newPassword);
  if ("error" in encrypted) {
    return json(
      { result: replyWithoutPasswords(submission, { data: { fields: { newPassword: [encrypted.error] } }, message: "" }, ["newPassword"]), linkError: null },
      { status: 400 },
    );
  }
  const result = await api.call(passwordEndpoints.setPassword, { token, newPassword: encrypted.encrypted });
  if (!result.ok) {
    const state = (result.data as { state?: string } | null)?.state;
    return json({ result: replyWithoutPasswords(submission, result, ["newPassword"]), linkError: state ? result.message : null }, { status: 400 });
  }
  return signedInRedirect(context, result.data.ticket, link.data.username);
}
