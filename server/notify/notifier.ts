/**
 * How the portal reaches people: e-mail and SMS behind one interface. Implementations: SMTP
 * (nodemailer, when SMTP_URL is set) or the file outbox under DATA_DIR/outbox (the default);
 * SMS through a provider interface whose default is the same outbox.
 *
 * Issue 52: each message names its kind (the delivery log's column, and for SMS the provider's
 * template: Chinese providers send only pre-approved templates, filled with `params`). `text` stays
 * the whole message as the outbox and the delivery log show it.
 */
export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** The From display name: set by the notifier's worker from the setting mailSenderName, never by a sender. */
  fromName?: string;
  kind?: MessageKind;
  /** Whose delivery log shows it, when the recipient's account does not say (server/notify/message-log.ts). */
  exhibitionId?: number;
  userId?: number;
};

/** Every kind of SMS the portal sends; each has one template code at the provider (SMS_TEMPLATES, docs/operations.md § SMS providers). */
export const SMS_KINDS = ["passwordResetCode", "activation", "mobileVerification", "visitorCode", "visitorConfirmation", "reminder"] as const;
export type SmsKind = (typeof SMS_KINDS)[number];

/**
 * The parameters each kind's template receives, in this order: Aliyun fills ${name} by name,
 * Tencent Cloud fills {1}, {2}… by position. They are the values the portal's own text is built from.
 */
export const SMS_TEMPLATE_PARAMS = {
  passwordResetCode: ["username", "code", "minutes"],
  activation: ["username", "link", "days"],
  mobileVerification: ["code", "minutes"],
  visitorCode: ["exhibition", "code", "minutes"],
  visitorConfirmation: ["exhibition", "number", "name", "link"],
  reminder: ["item", "deadline", "link"],
} as const satisfies Record<SmsKind, readonly string[]>;

type SmsParams<K extends SmsKind> = Record<(typeof SMS_TEMPLATE_PARAMS)[K][number], string>;

/** One SMS: the whole text (outbox, delivery log) and its kind with exactly the parameters its template takes. */
export type SmsMessage = { [K in SmsKind]: { to: string; text: string; kind: K; params: SmsParams<K> } }[SmsKind] & {
  /** Whose delivery log shows it and whose names sign it, when the number's account does not say. */
  exhibitionId?: number;
  userId?: number;
};

/** The kind of a message in the delivery log: an SMS kind, or what an e-mail is about (free text, camelCase). */
type MessageKind = SmsKind | (string & {});

/** A message in the delivery log: its row, and "sent" once a channel took it, else "queued" (job queue, retry, held links). */
export type MessageDispatched = { messageId: number; status: "queued" | "sent" };

export interface Notifier {
  /** Where e-mail really goes: a mail server, or only the file outbox (an answer says "sent" only for the first). */
  readonly emailTransport: "smtp" | "outbox";
  /** Logs and sends or queues it: its row and whether it left already; a failure at once (no job queue) throws a DeliveryError. */
  sendEmail(message: EmailMessage): Promise<MessageDispatched>;
  sendSms(message: SmsMessage): Promise<MessageDispatched>;
  /** Sends the exhibition's messages held for its public address (once it is set): how many there were. */
  releaseHeld(exhibitionId: number): Promise<number>;
  /** The organizer's resend of a failed message of the exhibition: its new row's id, null when it cannot be resent. */
  resendFailed(exhibitionId: number, messageId: number): Promise<number | null>;
}
