import type { Config } from "../config";
import { DEFAULT_MAIL_FROM, writeMail } from "../mail/outbox";
import type { EmailMessage, SmsMessage } from "./notifier";
import { outboxSmsProvider, type SmsProvider } from "./sms";
import { createSmtpSender } from "./smtp";

export type ChannelConfig = Pick<Config, "dataDir" | "SMTP_URL" | "MAIL_FROM" | "SMS_PROVIDER">;

/**
 * The real channels a message leaves by: e-mail through SMTP when SMTP_URL is set, else the file
 * outbox; SMS through SMS_PROVIDER. Only the delivery worker (./delivery.ts) calls them, once per
 * claimed row of the delivery log; each throws on failure (a DeliveryError says whether it is temporary).
 */
export type DeliveryChannels = {
  readonly emailTransport: "smtp" | "outbox";
  readonly smsProvider: string;
  sendEmail(message: EmailMessage): Promise<void>;
  sendSms(message: SmsMessage): Promise<void>;
};

function createSmsProvider(config: ChannelConfig): SmsProvider {
  switch (config.SMS_PROVIDER) {
    case "outbox":
      return outboxSmsProvider(config);
  }
}

export function createDeliveryChannels(config: ChannelConfig): DeliveryChannels {
  const sms = createSmsProvider(config);
  const sendSms = (message: SmsMessage) => sms.send(message);
  if (config.SMTP_URL) {
    const smtp = createSmtpSender({ url: config.SMTP_URL, from: config.MAIL_FROM || DEFAULT_MAIL_FROM });
    return { emailTransport: "smtp", smsProvider: sms.kind, sendEmail: (message) => smtp.send(message), sendSms };
  }
  return {
    emailTransport: "outbox",
    smsProvider: sms.kind,
    async sendEmail(message) {
      await writeMail(config, message);
    },
    sendSms,
  };
}
