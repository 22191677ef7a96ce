import type { Config } from "../config";
import type { Database } from "../db/database";
import { activeJobQueue } from "../jobs/queue";
import { createLogger, type Logger } from "../logger";
import { type ChannelConfig, createDeliveryChannels, type DeliveryChannels } from "./channels";
import { deliverMessage } from "./delivery";
import { DeliveryError } from "./delivery-error";
import { heldMessages } from "./held-links";
import { MESSAGE_SEND_QUEUE } from "./jobs";
import { messageFrame, signEmail, signSms } from "./message-frame";
import { type NewMessage, originOf, recordMessage, resendFailed } from "./message-log";
import type { Notifier } from "./notifier";

export type { Notifier } from "./notifier";

export type NotifierDeps = { config: ChannelConfig & Pick<Config, "PUBLIC_URL">; db: Database; logger?: Logger; channels?: DeliveryChannels };

/**
 * The one way the portal sends e-mail and SMS (issue 52, decision 052): each message is logged in the
 * delivery log (0040-messages) as queued, then handed to the job queue when this process runs one
 * (its worker sends it, retrying temporary failures), else sent at once through the same log, a
 * failure then thrown to the caller as a DeliveryError. Channels: SMTP when SMTP_URL is set, else
 * the file outbox; SMS through SMS_PROVIDER (./channels.ts).
 */
export function createNotifier(deps: NotifierDeps): Notifier {
  const channels = deps.channels ?? createDeliveryChannels(deps.config, deps.db);
  const logger = deps.logger ?? createLogger("silent");

  /** Logs the message signed with its exhibition and organizer (./message-frame.ts), then sends or queues it. */
  async function dispatch(message: NewMessage) {
    const origin = await originOf(deps.db, message);
    const frame = await messageFrame(deps.db, origin.exhibitionId);
    const text = message.channel === "email" ? signEmail(message.text, frame) : signSms(message.text, frame);
    const messageId = await recordMessage(deps.db, { ...message, text }, origin);
    return { messageId, status: await dispatchLogged(messageId) };
  }

  async function dispatchLogged(id: number): Promise<"queued" | "sent"> {
    const queue = activeJobQueue();
    if (queue?.handles(MESSAGE_SEND_QUEUE)) {
      try {
        await queue.send(MESSAGE_SEND_QUEUE, { messageId: id });
      } catch (error) {
        // Logged as queued: the sweep (./jobs.ts) queues it again within minutes.
        logger.warn({ err: error, messageId: id }, "message logged but not queued; the sweep will queue it");
      }
      return "queued";
    }
    const outcome = await deliverMessage({ db: deps.db, channels, logger, config: deps.config }, id, { retryBaseSeconds: null });
    if (outcome.status === "failed") throw new DeliveryError(outcome.reason, { temporary: outcome.temporary });
    return outcome.status === "sent" ? "sent" : "queued";
  }

  return {
    emailTransport: channels.emailTransport,
    sendEmail: (message) =>
      dispatch({
        channel: "email",
        kind: message.kind ?? "email",
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        replyTo: message.replyTo,
        exhibitionId: message.exhibitionId,
        userId: message.userId,
      }),
    sendSms: (message) =>
      dispatch({
        channel: "sms",
        kind: message.kind ?? "sms",
        recipient: message.to,
        text: message.text,
        params: message.params,
        exhibitionId: message.exhibitionId,
        userId: message.userId,
      }),
    async releaseHeld(exhibitionId) {
      // Each goes as it would have: through the queue, or at once; one refused is in its row, the rest still go.
      const ids = await heldMessages(deps.db, exhibitionId);
      for (const id of ids) await dispatchLogged(id).catch((error) => logger.warn({ err: error, messageId: id }, "held message failed"));
      return ids.length;
    },
    async resendFailed(exhibitionId, messageId) {
      const id = await resendFailed(deps.db, exhibitionId, messageId);
      if (id === null) return null;
      // Sent at once without a queue: a failure is in the new row, which the organizer sees.
      await dispatchLogged(id).catch((error) => logger.warn({ err: error, messageId: id }, "resent message failed"));
      return id;
    },
  };
}
