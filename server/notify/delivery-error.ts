/**
 * How a channel (SMTP, the outbox, an SMS provider) says a message did not go: a temporary failure
 * (the provider is down, throttles, times out) is retried with back-off; a permanent one (a refused
 * template, an invalid number, a rejected address) ends the message as failed at once. The reason is
 * what the organizer reads in the delivery log, so it is short and says what the provider answered.
 */
export class DeliveryError extends Error {
  readonly temporary: boolean;
  readonly reason: string;

  constructor(reason: string, options: { temporary: boolean; cause?: unknown }) {
    super(reason, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "DeliveryError";
    this.temporary = options.temporary;
    this.reason = reason;
  }
}

// Network failures that say nothing about the message itself: the next try may well go through.
const TEMPORARY_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ESOCKET",
  "ECONNECTION",
  "EDNS",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "ENOSPC",
]);

const MAX_REASON = 500;

/**
 * What any thrown value means for delivery. A DeliveryError (or any error carrying `temporary`)
 * decides for itself; otherwise: a network error code, a timeout, an HTTP 5xx or 429 and an SMTP 4xx
 * reply are temporary; an SMTP 5xx reply and anything else are permanent.
 */
export function deliveryFailure(error: unknown): { temporary: boolean; reason: string } {
  const fields = (typeof error === "object" && error !== null ? error : {}) as {
    temporary?: unknown;
    reason?: unknown;
    code?: unknown;
    name?: unknown;
    responseCode?: unknown;
    statusCode?: unknown;
    status?: unknown;
    message?: unknown;
  };
  const message = typeof fields.reason === "string" && fields.reason ? fields.reason : typeof fields.message === "string" ? fields.message : String(error);
  const reason = message.replace(/\s+/g, " ").trim().slice(0, MAX_REASON) || "unknown error";
  if (typeof fields.temporary === "boolean") return { temporary: fields.temporary, reason };
  if (typeof fields.code === "string" && TEMPORARY_CODES.has(fields.code)) return { temporary: true, reason };
  if (fields.name === "TimeoutError" || fields.name === "AbortError") return { temporary: true, reason };
  if (typeof fields.responseCode === "number") return { temporary: fields.responseCode >= 400 && fields.responseCode < 500, reason };
  const status = typeof fields.statusCode === "number" ? fields.statusCode : typeof fields.status === "number" ? fields.status : null;
  if (status !== null) return { temporary: status >= 500 || status === 429, reason };
  return { temporary: false, reason };
}
