import * as z from "zod";
import "../common/zod-messages";
import { withProp } from "../common/validation";

/** Sign-in form; the API validates its request with the same fields. Messages are i18n keys. */
export const loginSchema = z.object({
  username: z
    .string({ message: "login.usernameRequired" })
    .trim()
    .min(1, "login.usernameRequired")
    .max(100, withProp("validation.tooLong", "login.username", 100)),
  password: z
    .string({ message: "login.passwordRequired" })
    .min(1, "login.passwordRequired")
    .max(200, withProp("validation.tooLong", "login.password", 200)),
  redirectTo: z.string().optional(),
  captchaId: z
    .string()
    .max(100, withProp("validation.tooLong", "login.captchaTitle", 100))
    .optional(),
  /** Text captcha answer (the no-picture alternative). */
  vCode: z
    .string()
    .trim()
    .max(20, withProp("validation.tooLong", "login.textCodeLabel", 20))
    .optional(),
});

/** The API's own request: what the web app (or another client) posts to /login/login. */
export const loginRequestSchema = loginSchema.omit({ redirectTo: true });
