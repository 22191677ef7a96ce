import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { passwordEndpoints } from "~/contracts/auth/password-endpoints.server";
import { fetchCaptcha } from "~/features/captcha/captcha.server";
import {
  encryptNewPassword,
  forgotPasswordSchema,
  replyWithoutPasswords,
  resetByCodeFormSchema,
  signedInRedirect,
} from "~/features/auth/password-pages.server";
import { apiFor } from "~/lib/api.server";

/** A user name (not an e-mail or a phone number) is given back in the code form, so it need not be typed twice. */
const looksLikeUsername = (value: string) => !value.includes("@") && !/^[+\d\s-]{7,}$/.test(value.trim());

/**
 * The forgot-password page's two forms (server-only: no zod or Conform in the page). `intent=request`
 * asks the API for a reset and shows its one answer, the same whatever was typed, with the code form
 * below; `intent=code` sets the password with the SMS code and signs in.
 */
export async function forgotPasswordAction({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const api = await apiFor(request, context);

  if (formData.get("intent") === "code") {
    const submission = parseWithZod(formData, { schema: resetByCodeFormSchema });
    const fail = (reply: ReturnType<typeof replyWithoutPasswords>, status = 400) =>
      json({ intent: "code" as const, result: reply, sent: null, captcha: null, username: "" }, { status });
    if (submission.status !== "success") return fail(replyWithoutPasswords(submission, null, []));
    const encrypted = await encryptNewPassword(api, context, submission.value.newPassword);
    if ("error" in encrypted)
      return fail(replyWithoutPasswords(submission, { data: { fields: { newPassword: [encrypted.error] } }, message: "" }, ["newPassword"]));
    const { username, code } = submission.value;
    const result = await api.call(passwordEndpoints.resetByCode, { username, code, newPassword: encrypted.encrypted });
    if (!result.ok) return fail(replyWithoutPasswords(submission, result, ["code", "newPassword"]), result.code === 429 ? 429 : 400);
    return signedInRedirect(context, result.data.ticket, username);
  }

  const submission = parseWithZod(formData, { schema: forgotPasswordSchema });
  const hadCaptcha = formData.has("captchaId");
  const fail = async (message: string | null, captchaRequired: boolean, status = 400) =>
    json(
      {
        intent: "request" as const,
        result: submission.reply({ formErrors: message ? [message] : undefined }),
        sent: null,
        captcha: captchaRequired ? await fetchCaptcha(api, "text") : null,
        username: "",
      },
      { status },
    );
  if (submission.status !== "success") return fail(null, hadCaptcha);
  const { identifier, captchaId, vCode } = submission.value;
  const result = await api.call(passwordEndpoints.forgotPassword, { identifier, captchaId: vCode ? captchaId : undefined, vCode: vCode || undefined });
  if (!result.ok) {
    const data = (result.data ?? {}) as { captchaRequired?: boolean };
    return fail(result.message, Boolean(data.captchaRequired), result.code === 429 ? 429 : 400);
  }
  return json({
    intent: "request" as const,
    result: submission.reply({ resetForm: true }),
    sent: { linkMinutes: result.data.linkMinutes, codeMinutes: result.data.codeMinutes },
    captcha: null,
    username: looksLikeUsername(identifier) ? identifier.trim() : "",
  });
}
