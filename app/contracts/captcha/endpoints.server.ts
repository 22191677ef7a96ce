import { publicEndpoint } from "../api/endpoint";
import type { Captcha } from "../permission/api-types";
import { verifySchema } from "./schema";

export type CaptchaVerified = { verified: true };

/** The click captcha (picture and the character to click), its check, and the text captcha. */
export const captchaEndpoints = {
  click: publicEndpoint.get("/vcode/readUsingImageReaderBigcH").answers<Captcha>(),
  /** The same fresh click captcha, asked for with POST (as the spec's clients do). */
  clickByPost: publicEndpoint.post("/vcode/readUsingImageReaderBigcH").answers<Captcha>(),
  verify: publicEndpoint.postJson("/vcode/verify", verifySchema).answers<CaptchaVerified>(),
  text: publicEndpoint.get("/login/vCode").answers<Captcha>(),
};
