import type { Submission } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type { ApiClient, ApiFailure } from "~/lib/api.server";
import { clearNotice, setTicket } from "~/lib/cookies.server";
import { accountCookie } from "~/lib/form-hold.server";
import { replyToApiFailure } from "~/lib/form-reply.server";
import { apiPublicKey, rsaEncrypt } from "./rsa.server";

/**
 * What the set-password and forgot-password pages share (issue 39, docs/decisions/033): the new
 * password encrypted for the API, a refusal as the form's reply, and the sign-in that follows.
 */
export { resetByCodeFormSchema, setPasswordFormSchema, forgotPasswordSchema } from "~/contracts/auth/password-schema";

const PASSWORD_FIELDS = ["newPassword", "newPassword1"];

/** The new password RSA-encrypted with the API's key; a field error when it cannot be. */
export async function encryptNewPassword(api: ApiClient, context: AppLoadContext, password: string): Promise<{ encrypted: string } | { error: string }> {
  const publicKey = await apiPublicKey(api, context.apiBaseUrl);
  if (!publicKey) return { error: "errors.requestFailed" };
  try {
    return { encrypted: rsaEncrypt(publicKey, password) };
  } catch {
    return { error: "password.tooLong" };
  }
}

/** The API's refusal at this form's fields (i18n keys) or over the form; typed passwords never come back. */
export function replyWithoutPasswords(submission: Submission<unknown>, failure: Pick<ApiFailure, "data" | "message"> | null, fieldNames: readonly string[]) {
  return failure ? replyToApiFailure(submission, failure, fieldNames, PASSWORD_FIELDS) : submission.reply({ hideFields: PASSWORD_FIELDS });
}

/** Signed in with the API's fresh ticket: home, as after the sign-in form. */
export async function signedInRedirect(context: AppLoadContext, ticket: string, username: string) {
  const headers = new Headers();
  headers.append("Set-Cookie", await setTicket(context, ticket));
  headers.append("Set-Cookie", await accountCookie(context).serialize(username.trim().toLowerCase()));
  headers.append("Set-Cookie", clearNotice(context));
  return redirect("/", { headers });
}
