import * as z from "zod";
import "../common/zod-messages";

/**
 * The new and old passwords travel RSA-OAEP (SHA-256) encrypted; a 2048-bit key carries at most
 * 190 bytes, so that is the limit, counted the way the encryption counts: UTF-8 bytes (a Chinese
 * character takes 3).
 */
const PASSWORD_MAX_BYTES = 190;
const utf8Bytes = (value: string) => new TextEncoder().encode(value).length;
export const encryptablePassword = (requiredKey: string) =>
  z
    .string({ message: requiredKey })
    .min(1, requiredKey)
    .refine((value) => utf8Bytes(value) <= PASSWORD_MAX_BYTES, { message: "password.tooLong" });

/**
 * docs/product.md § Account pages, exactly: old required; new required and different from old;
 * confirmation required and equal to new. Messages are i18n keys.
 * The refinements are gated so a user sees the message that matters first.
 */
export const changePasswordSchema = z
  .object({
    password: encryptablePassword("password.oldRequired"),
    newPassword: encryptablePassword("password.newRequired"),
    newPassword1: encryptablePassword("password.confirmRequired"),
  })
  .superRefine((value, ctx) => {
    if (value.password && value.newPassword && value.password === value.newPassword) {
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: "password.sameAsOld" });
    }
    if (value.newPassword && value.newPassword1 && value.newPassword !== value.newPassword1) {
      ctx.addIssue({ code: "custom", path: ["newPassword1"], message: "password.mismatch" });
    }
  });

/** What /login/modifyPasswd checks after decrypting (the confirmation stays in the browser form). */
export const modifyPasswordRequestSchema = z
  .object({
    password: encryptablePassword("password.oldRequired"),
    newPassword: encryptablePassword("password.newRequired"),
  })
  .refine((v) => v.password !== v.newPassword, { path: ["newPassword"], message: "password.sameAsOld" });

/** What /login/modifyPasswd receives: both passwords RSA-encrypted (base64), decrypted by the API. */
export const encryptedPasswordsSchema = z.object({
  password: z.string({ message: "password.oldRequired" }).min(1, "password.oldRequired").max(2000),
  newPassword: z.string({ message: "password.newRequired" }).min(1, "password.newRequired").max(2000),
});
