import type { Config } from "../config";
import type { Database } from "../db/database";
import { DEFAULT_MAIL_FROM, writeMail } from "../mail/outbox";
import type { EmailMessage, SmsMessage } from "./notifier";
import { outboxSmsProvider, type SmsProvider } from "./sms";
import { aliyunSmsProvider } from "./sms-aliyun";
import { smsSignName } from "./sms-sign-name";
import { tencentSmsProvider } from "./sms-tencent";
import { createSmtpSender } from "./smtp";

export type ChannelConfig = Pick<
  Config,
  | "dataDir"
  | "SMTP_URL"
  | "MAIL_FROM"
  | "SMS_PROVIDER"
  | "SMS_TEMPLATES"
  | "SMS_SIGN_NAME"
  | "SMS_ENDPOINT"
  | "SMS_TIMEOUT_MS"
  | "ALIYUN_ACCESS_KEY_ID"
  | "ALIYUN_ACCESS_KEY_SECRET"
  | "ALIYUN_SMS_REGION"
  | "TENCENT_SECRET_ID"
  | "TENCENT_SECRET_KEY"
  | "TENCENT_SMS_SDK_APP_ID"
  | "TENCENT_SMS_REGION"
>;

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

/** The SMS gateway of SMS_PROVIDER; config.ts has checked a real one's credentials and templates at boot. */
export function createSmsProvider(config: ChannelConfig, db?: Database): SmsProvider {
  const common = {
    templates: config.SMS_TEMPLATES,
    // A real provider signs with the organizer's smsSignName setting, else SMS_SIGN_NAME (decision 053).
    signName: smsSignName(config.SMS_SIGN_NAME, db),
    endpoint: config.SMS_ENDPOINT,
    timeoutMs: config.SMS_TIMEOUT_MS,
  };
  switch (config.SMS_PROVIDER) {
    case "outbox":
      return outboxSmsProvider(config);
    case "aliyun":
      return aliyunSmsProvider({
        ...common,
        accessKeyId: config.ALIYUN_ACCESS_KEY_ID ?? "",
        accessKeySecret: config.ALIYUN_ACCESS_KEY_SECRET ?? "",
        region: config.ALIYUN_SMS_REGION,
      });
    case "tencent":
      return tencentSmsProvider({
        ...common,
        secretId: config.TENCENT_SECRET_ID ?? "",
        secretKey: config.TENCENT_SECRET_KEY ?? "",
        sdkAppId: config.TENCENT_SMS_SDK_APP_ID ?? "",
        region: config.TENCENT_SMS_REGION,
      });
  }
}

export function createDeliveryChannels(config: ChannelConfig, db?: Database): DeliveryChannels {
  const sms = createSmsProvider(config, db);
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
