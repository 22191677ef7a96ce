import { Router, type Request, type Response } from "express";
import { sendEmailCodeSchema, sendSmsCodeSchema } from "../../../app/contracts/exhibitor/schema";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { sendVerificationCode, type VerifyChannel } from "../../exhibitor/verification";
import type { ApiDeps } from "../context";
import { handle, parseInput, requestLanguage, sendOk } from "../envelope";
import { requireSession } from "../require-session";

/**
 * Verification codes for contact 1 (spec point 7: /smeb/exhibitor/info/sendSmsCode and sendEmailCode).
 * The code itself is checked when the contact is saved (contactVerificationErrors).
 */
export function exhibitorContactRoutes(deps: ApiDeps): Router {
  const router = Router();

  async function send(req: Request, res: Response, user: { id: number }, channel: VerifyChannel, target: string) {
    const language = requestLanguage(req);
    const result = await sendVerificationCode(deps, user, channel, target, language);
    // The message is shown as the confirmation toast; the data drives the resend countdown.
    sendOk(res, result, translate(language, "exhibitor.verify.sent", { target: target.trim() }));
  }

  router.post(
    "/smeb/exhibitor/info/sendSmsCode",
    handle(async (req, res) => {
      // Who asks comes first: without a session the answer is 401, whatever the input.
      const { user } = await requireSession(deps, req, res);
      const input = parseInput(sendSmsCodeSchema, req.body ?? {});
      await send(req, res, user, "sms", input.mobile);
    }),
  );

  router.post(
    "/smeb/exhibitor/info/sendEmailCode",
    handle(async (req, res) => {
      // Who asks comes first: without a session the answer is 401, whatever the input.
      const { user } = await requireSession(deps, req, res);
      const input = parseInput(sendEmailCodeSchema, req.body ?? {});
      await send(req, res, user, "email", input.email);
    }),
  );

  return router;
}
