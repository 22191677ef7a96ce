import { Router } from "express";
import { captchaEndpoints, type CaptchaVerified } from "../../../app/contracts/captcha/endpoints.server";
import { createClickCaptcha, createTextCaptcha, verifyClickCaptcha } from "../../captcha";
import type { ApiDeps } from "../context";
import { clientIp } from "../context";
import { ApiCode, ApiError } from "../envelope";
import { mount } from "../mount";

/** Click captcha (picture + target character), its verification, and the text captcha. */
export function captchaRoutes(deps: ApiDeps): Router {
  const router = Router();

  mount(router, captchaEndpoints.click, ({ req }) => createClickCaptcha(deps.db, clientIp(req)));
  mount(router, captchaEndpoints.clickByPost, ({ req }) => createClickCaptcha(deps.db, clientIp(req)));

  mount(router, captchaEndpoints.verify, async (call): Promise<CaptchaVerified> => {
    const input = call.input;
    const verdict = await verifyClickCaptcha(deps.db, input.captchaId, input.points);
    if (verdict === "wrong") throw new ApiError(ApiCode.badRequest, "login.captchaWrong");
    if (verdict === "expired") throw new ApiError(ApiCode.badRequest, "login.captchaExpired");
    return { verified: true };
  });

  mount(router, captchaEndpoints.text, ({ req }) => createTextCaptcha(deps.db, clientIp(req)));

  return router;
}
