import * as z from "zod";
import "../common/zod-messages";

/** A click on the picture (300 px wide, server/captcha/click-captcha.ts), in the picture's pixels; far outside it is no click. */
const coordinate = z.number({ error: "errors.badRequest" }).min(-10_000, "errors.badRequest").max(10_000, "errors.badRequest");
const pointSchema = z.object({ x: coordinate, y: coordinate });

/** POST /vcode/verify {captchaId, points}: the clicks on a click captcha (JSON). */
export const verifySchema = z.object({
  captchaId: z.string({ error: "login.captchaRequired" }).min(1, "login.captchaRequired").max(100, "errors.badRequest"),
  points: z.array(pointSchema, { error: "login.captchaRequired" }).min(1, "login.captchaRequired").max(20, "errors.badRequest"),
});
