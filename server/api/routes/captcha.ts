import { Router } from "express";
import { z } from "zod";
import { createClickCaptcha, createTextCaptcha, verifyClickCaptcha } from "../../captcha";
import type { ApiDeps } from "../context";
import { clientIp } from "../context";
import { ApiCode, ApiError, handle, parseInput } from "../envelope";

const pointSchema = z.object({
  x: z.number({ error: "errors.badRequest" }),
  y: z.number({ error: "errors.badRequest" }),
});

const verifySchema = z.object({
  captchaId: z
    .string({ error: "login.captchaRequired" })
    .min(1, "login.captchaRequired")
    .max(100, "errors.badRequest"),
  points: z
    .array(pointSchema, { error: "login.captchaRequired" })
    .min(1, "login.captchaRequired")
    .max(20, "errors.badRequest"),
});

/** Click captcha (picture + target character), its verification, and the text captcha. */
export function captchaRoutes(deps: ApiDeps): Router {
  const router = Router();

  const newClickCaptcha = handle((req) => createClickCaptcha(deps.db, clientIp(req)));
  router.get("/vcode/readUsingImageReaderBigcH", newClickCaptcha);
  router.post("/vcode/readUsingImageReaderBigcH", newClickCaptcha);

  router.post(
    "/vcode/verify",
    handle(async (req) => {
      const input = parseInput(verifySchema, req.body);
      const verdict = await verifyClickCaptcha(deps.db, input.captchaId, input.points);
      if (verdict === "wrong") throw new ApiError(ApiCode.badRequest, "login.captchaWrong");
      if (verdict === "expired") throw new ApiError(ApiCode.badRequest, "login.captchaExpired");
      return { verified: true };
    }),
  );

  router.get(
    "/login/vCode",
    handle((req) => createTextCaptcha(deps.db, clientIp(req))),
  );

  return router;
}
