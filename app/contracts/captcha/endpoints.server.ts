import { endpoint } from "../api/endpoint";
import type { Captcha } from "../permission/api-types";
import { verifySchema } from "./schema";

export type CaptchaVerified = { verified: true };

/** The click captcha (picture and the character to click), its check, and the text captcha. */
export const captchaEndpoints = {
  click: endpoint.get("/vcode/readUsingImageReaderBigcH").answers<Captcha>(),
  /** The same fresh click captcha, asked for with POST (as the spec's clients do). */
  clickByPost: endpoint.post("/vcode/readUsingImageReaderBigcH").answers<Captcha>(),
  verify: endpoint.postJson("/vcode/verify", verifySchema).answers<CaptchaVerified>(),
  text: endpoint.get("/login/vCode").answers<Captcha>(),
};
