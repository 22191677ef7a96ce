/**
 * How the portal reaches people: e-mail and SMS behind one interface. Implementations: SMTP
 * (nodemailer, when SMTP_URL is set) or the file outbox under DATA_DIR/outbox (the default);
 * SMS through a provider interface whose default is the same outbox.
 */
export type EmailMessage = { to: string; subject: string; text: string; replyTo?: string };
export type SmsMessage = { to: string; text: string };

export interface Notifier {
  sendEmail(message: EmailMessage): Promise<void>;
  sendSms(message: SmsMessage): Promise<void>;
}
