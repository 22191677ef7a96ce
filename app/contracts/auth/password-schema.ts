import * as z from "zod";
import "../common/zod-messages";
import { withProp } from "../common/validation";
import { encryptablePassword } from "./change-password-schema";

/**
 * The invitation and forgot-password forms and API calls (issue 39, docs/decisions/033). The new
 * password follows the change-password rules (required, at most 190 UTF-8 bytes, typed twice the
 * same); it travels to the API RSA-encrypted like /login/modifyPasswd's. Messages are i18n keys.
 */

const identifier = z
  .string({ message: "passwordLinks.forgot.identifierRequired" })
  .trim()
  .min(1, "passwordLinks.forgot.identifierRequired")
  .max(200, withProp("validation.tooLong", "passwordLinks.forgot.identifier", 200));
const captcha = {
  captchaId: z.string().max(100, "login.captchaWrong").optional(),
  vCode: z
    .string()
    .trim()
    .max(20, withProp("validation.tooLong", "login.captchaTitle", 20))
    .optional(),
};
const username = z
  .string({ message: "passwordLinks.code.usernameRequired" })
  .trim()
  .min(1, "passwordLinks.code.usernameRequired")
  .max(100, withProp("validation.tooLong", "passwordLinks.code.username", 100));
const code = z
  .string({ message: "passwordLinks.code.codeRequired" })
  .trim()
  .min(1, "passwordLinks.code.codeRequired")
  .max(20, withProp("validation.tooLong", "passwordLinks.code.code", 20));
/** An RSA-encrypted password (base64), decrypted and checked with `newPasswordSchema` by the API. */
const encrypted = z.string({ message: "password.newRequired" }).min(1, "password.newRequired").max(2000);

/** POST /login/forgotPassword and the /forgotPassword form. */
export const forgotPasswordSchema = z.object({ identifier, ...captcha });

/** GET /login/passwordLink: a token of any other shape is simply not valid. */
export const passwordLinkSchema = z.object({ token: z.string().max(200).catch("") });

/** POST /login/setPassword: the link's token and the new password, encrypted. */
export const setPasswordRequestSchema = z.object({ token: z.string().max(200).catch(""), newPassword: encrypted });

/** POST /login/resetByCode: the user name, the SMS code and the new password, encrypted. */
export const resetByCodeRequestSchema = z.object({ username, code, newPassword: encrypted });

/** What the API checks once the new password is decrypted. */
export const newPasswordSchema = z.object({ newPassword: encryptablePassword("password.newRequired") });

const typedTwice = <T extends { newPassword: string; newPassword1: string }>(value: T, ctx: z.RefinementCtx) => {
  if (value.newPassword && value.newPassword1 && value.newPassword !== value.newPassword1) {
    ctx.addIssue({ code: "custom", path: ["newPassword1"], message: "password.mismatch" });
  }
};

/** The /setPassword/<token> form. */
export const setPasswordFormSchema = z
  .object({ newPassword: encryptablePassword("password.newRequired"), newPassword1: encryptablePassword("password.confirmRequired") })
  .superRefine(typedTwice);

/** The /forgotPassword code form. */
export const resetByCodeFormSchema = z
  .object({ username, code, newPassword: encryptablePassword("password.newRequired"), newPassword1: encryptablePassword("password.confirmRequired") })
  .superRefine(typedTwice);
