import { Router, type Request } from "express";
import { exhibitorContactEndpoints, type VerificationCodeSent } from "../../../app/contracts/exhibitor/contact-endpoints.server";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { sendVerificationCode, type VerifyChannel } from "../../exhibitor/verification";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { mount, withMessage } from "../mount";
import { requireSession } from "../require-session";

/**
 * Verification codes for contact 1 (docs/product.md § The exhibition API: /smeb/exhibitor/info/sendSmsCode and sendEmailCode).
 * The code itself is checked when the contact is saved (contactVerificationErrors).
 */
export function exhibitorContactRoutes(deps: ApiDeps): Router {
  const router = Router();

  async function send(req: Request, user: { id: number }, channel: VerifyChannel, target: string) {
    const language = requestLanguage(req);
    const result: VerificationCodeSent = await sendVerificationCode(deps, user, channel, target, language);
    // The message is shown as the confirmation toast; the data drives the resend countdown.
    return withMessage(result, translate(language, "exhibitor.verify.sent", { target: target.trim() }));
  }

  mount(router, exhibitorContactEndpoints.sendSmsCode, async (call) => {
    // Who asks comes first: without a session the answer is 401, whatever the input.
    const { user } = await requireSession(deps, call.req, call.res);
    return send(call.req, user, "sms", call.input.mobile);
  });

  mount(router, exhibitorContactEndpoints.sendEmailCode, async (call) => {
    // Who asks comes first: without a session the answer is 401, whatever the input.
    const { user } = await requireSession(deps, call.req, call.res);
    return send(call.req, user, "email", call.input.email);
  });

  return router;
}
