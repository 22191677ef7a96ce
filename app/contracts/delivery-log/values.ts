/**
 * The organizer's delivery log (issue 52, /index/messages): every e-mail and SMS the portal was asked
 * to send, with its state. What the page and the API share without zod.
 */
/** The reason of a message a crash stopped mid-send: failed, never resent on its own (decision 052). */
export const INTERRUPTED_REASON = "interrupted";
/** The reason of a queued message whose links wait for the exhibition's public address (decision 052 § Links held). */
export const HELD_FOR_ADDRESS_REASON = "waiting for the public address";

export const MESSAGE_CHANNELS = ["email", "sms"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/** queued: waiting for (another) try; sending: a worker has it now; sent; failed: given up, with the reason. */
export const MESSAGE_STATES = ["queued", "sending", "sent", "failed"] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** The kinds the page names in words; any other kind is shown as stored. */
export const NAMED_MESSAGE_KINDS = [
  "activation",
  "passwordReset",
  "passwordResetCode",
  "mobileVerification",
  "emailVerification",
  "visitorCode",
  "visitorConfirmation",
  "reminder",
  "scheduleMail",
  "extensionRequest",
  "badgeReturned",
  "invoiceIssued",
  "contractorCode",
  "transportReview",
  "transportMessage",
  "transportDeclaration",
  "liftingList",
  "taiwanFilingReview",
  "truckReview",
  "expressDelivered",
  "overseasAgentRequest",
  "email",
  "sms",
] as const;

/** A kind as the log stores it: camelCase, as the senders name them. */
export const MESSAGE_KIND = /^[A-Za-z][A-Za-z0-9]{0,39}$/;

export const DELIVERY_LOG_PAGE_SIZE = 20;

export type DeliveryLogRow = {
  id: number;
  channel: MessageChannel;
  kind: string;
  /** Masked as on every list of personal data (docs/product.md § Masked personal data). */
  recipient: string;
  status: MessageState;
  /** The provider's last answer when a try failed (kept while a retry waits). */
  reason: string | null;
  attempts: number;
  /** ISO instants. */
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
  /** When a queued retry is due. */
  nextAttemptAt: string | null;
  /** The row this one resends, and the row that resent this one. */
  resentFrom: number | null;
  resentAs: number | null;
};

export type DeliveryLogPage = {
  total: number;
  rows: DeliveryLogRow[];
  /** The kinds in this exhibition's log, for the kind filter. */
  kinds: string[];
  /** Where e-mail goes on this portal: a mail server, or only the server's outbox folder (no SMTP_URL). */
  emailChannel: "smtp" | "outbox";
};

export type MessageResent = { id: number };

/**
 * What an answer tells its asker about a message sent to it (issue 52: "an exhibitor sees the state of
 * what was sent to them"): queued (waiting for the job queue, a retry or the public address) or sent;
 * failed ones are refused at the field instead. The recipient masked as in the delivery log.
 */
export type MessageDelivery = { status: "queued" | "sent"; to: string };
