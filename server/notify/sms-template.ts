import { DeliveryError } from "./delivery-error";
import type { SmsMessage } from "./notifier";
import type { SmsTemplates } from "./sms-config";

/** The approved signature to send with, looked up at each send (the organizer may change it on the settings page). */
export type SignNameSource = () => Promise<string | undefined>;

/** What a real provider needs besides its credentials: the templates (SMS_TEMPLATES) and the signature. */
export type SmsTemplateOptions = { templates: SmsTemplates; signName: SignNameSource };

/**
 * The signature and template code of one message. Without either the provider would refuse it
 * anyway; saying why here gives the delivery log a reason the organizer can act on.
 */
export async function templateOf(options: SmsTemplateOptions, message: SmsMessage): Promise<{ signName: string; templateCode: string }> {
  const templateCode = options.templates[message.kind];
  if (!templateCode) throw new DeliveryError(`no SMS template for "${message.kind}" in SMS_TEMPLATES`, { temporary: false });
  const signName = (await options.signName())?.trim();
  if (!signName) throw new DeliveryError("no SMS signature: set it on the settings page (or SMS_SIGN_NAME)", { temporary: false });
  return { signName, templateCode };
}

/** A number as typed ("+852 1234-5678") without the spaces and dashes providers refuse. */
export const compactNumber = (to: string) => to.trim().replace(/[\s-]+/g, "");

/**
 * An error's message, or what was thrown, for a delivery log reason; without a URL's query string,
 * where Aliyun's SDK puts the number and the parameters (a verification code) of a failed request.
 */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/(https?:\/\/[^\s?]*)\?\S*/g, "$1");
