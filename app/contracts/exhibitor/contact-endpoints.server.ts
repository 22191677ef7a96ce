import type { MessageDelivery } from "../delivery-log/values";
import { endpoint } from "../api/endpoint";
import { sendEmailCodeSchema, sendSmsCodeSchema } from "./schema";

/** A verification code went out: when another may be asked for, and how long this one holds. */
/** `delivery`: whether the code's message left already or waits in the queue (the recipient masked). */
export type VerificationCodeSent = { resendAfterSeconds: number; expiresInSeconds: number; delivery: MessageDelivery };

/**
 * Verification codes for contact 1 (docs/product.md § The exhibition API); the code itself is checked when the contact is
 * saved. The success message names where the code went.
 */
export const exhibitorContactEndpoints = {
  sendSmsCode: endpoint.post("/smeb/exhibitor/info/sendSmsCode", sendSmsCodeSchema).answers<VerificationCodeSent>(),
  sendEmailCode: endpoint.post("/smeb/exhibitor/info/sendEmailCode", sendEmailCodeSchema).answers<VerificationCodeSent>(),
};
