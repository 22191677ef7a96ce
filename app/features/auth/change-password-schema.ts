import * as z from "zod";
import "../../lib/zod-messages";

/**
 * Spec point 5, exactly: old required; new required and different from old;
 * confirmation required and equal to new. Messages are i18n keys.
 * The refinements are gated so a user sees the message that matters first.
 */
export const changePasswordSchema = z
  .object({
    password: z.string({ message: "password.oldRequired" }).min(1, "password.oldRequired").max(200),
    newPassword: z.string({ message: "password.newRequired" }).min(1, "password.newRequired").max(200),
    newPassword1: z.string({ message: "password.confirmRequired" }).min(1, "password.confirmRequired").max(200),
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
    password: z.string({ message: "password.oldRequired" }).min(1, "password.oldRequired").max(200),
    newPassword: z.string({ message: "password.newRequired" }).min(1, "password.newRequired").max(200),
  })
  .refine((v) => v.password !== v.newPassword, { path: ["newPassword"], message: "password.sameAsOld" });
