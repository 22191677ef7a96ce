import type { Config } from "../config";
import { DEFAULT_MAIL_FROM, writeMail } from "../mail/outbox";
import type { Notifier } from "./notifier";
import { outboxSmsProvider, type SmsProvider } from "./sms";
import { createSmtpSender } from "./smtp";

export type { Notifier } from "./notifier";

type NotifierConfig = Pick<Config, "dataDir" | "SMTP_URL" | "MAIL_FROM" | "SMS_PROVIDER">;

function createSmsProvider(config: NotifierConfig): SmsProvider {
  switch (config.SMS_PROVIDER) {
    case "outbox":
      return outboxSmsProvider(config);
  }
}

/** E-mail through SMTP when SMTP_URL is set, else the file outbox; SMS through SMS_PROVIDER. */
export function createNotifier(config: NotifierConfig): Notifier & { readonly emailTransport: "smtp" | "outbox" } {
  const sms = createSmsProvider(config);
  const sendSms: Notifier["sendSms"] = (message) => sms.send(message);
  if (config.SMTP_URL) {
    const smtp = createSmtpSender({ url: config.SMTP_URL, from: config.MAIL_FROM || DEFAULT_MAIL_FROM });
    return { emailTransport: "smtp", sendEmail: (message) => smtp.send(message), sendSms };
  }
  return {
    emailTransport: "outbox",
    async sendEmail(message) {
      await writeMail(config, message);
    },
    sendSms,
  };
}
