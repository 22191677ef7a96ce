import * as z from "zod";
import "../common/zod-messages";

const pointSchema = z.object({
  x: z.number({ error: "errors.badRequest" }),
  y: z.number({ error: "errors.badRequest" }),
});

/** POST /vcode/verify {captchaId, points}: the clicks on a click captcha (JSON). */
export const verifySchema = z.object({
  captchaId: z.string({ error: "login.captchaRequired" }).min(1, "login.captchaRequired").max(100, "errors.badRequest"),
  points: z.array(pointSchema, { error: "login.captchaRequired" }).min(1, "login.captchaRequired").max(20, "errors.badRequest"),
});
