import type { Config } from "../config";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import type { DeliveryChannels } from "./channels";
import { deliveryFailure } from "./delivery-error";
import { readExhibitionSetting } from "../exhibition-settings/store";
import { holdsLinks, resolveHeldLinks } from "./held-links";
import { claimMessage, holdForAddress, markFailed, markSent, returnToQueue, storeResolvedText } from "./message-log";
import type { SmsMessage } from "./notifier";

export type DeliveryDeps = {
  db: Database;
  channels: DeliveryChannels;
  logger: Logger;
  /** PUBLIC_URL, for the links a message holds until the public address is known (./held-links.ts). */
  config?: Pick<Config, "PUBLIC_URL">;
};

/** How many tries a message gets before a temporary failure counts as final. */
const MAX_ATTEMPTS = 6;

export type DeliveryOutcome =
  | { status: "sent" }
  | { status: "retry"; delaySeconds: number; reason: string }
  | { status: "failed"; reason: string; temporary: boolean }
  /** Its links wait for the exhibition's public address: queued, not sent, not counted as a try. */
  | { status: "held" }
  /** Another worker has the row, or it is done: nothing was sent. */
  | { status: "skipped" };

/**
 * One try of one logged message: claim it (nobody else sends it meanwhile, and nobody ever again once
 * it leaves 'queued'), hand it to its channel, record the result. A temporary failure goes back to
 * the queue while tries remain, `retryBaseSeconds` doubling (null, without a job queue: failed at once).
 */
export async function deliverMessage(deps: DeliveryDeps, id: number, options: { retryBaseSeconds: number | null }): Promise<DeliveryOutcome> {
  const message = await claimMessage(deps.db, id);
  if (!message) return { status: "skipped" };
  if (holdsLinks(message.text, message.params)) {
    const resolved = await resolveHeldLinks(deps.db, deps.config ?? { PUBLIC_URL: undefined }, message);
    if (!resolved) {
      await holdForAddress(deps.db, id);
      deps.logger.info({ messageId: id, kind: message.kind }, "message held until the public address is set");
      return { status: "held" };
    }
    await storeResolvedText(deps.db, id, resolved.text, resolved.params);
    Object.assign(message, resolved);
  }
  try {
    if (message.channel === "email") {
      await deps.channels.sendEmail({
        to: message.recipient,
        subject: message.subject ?? "",
        text: message.text,
        replyTo: message.replyTo ?? undefined,
        fromName: message.exhibitionId ? await readExhibitionSetting(deps.db, message.exhibitionId, "mailSenderName") : undefined,
        kind: message.kind,
      });
    } else {
      // Logged from a typed SmsMessage (notifier.ts): its kind and params were checked when it was asked for.
      await deps.channels.sendSms({ to: message.recipient, text: message.text, kind: message.kind, params: message.params ?? {} } as SmsMessage);
    }
  } catch (error) {
    const failure = deliveryFailure(error);
    const log = {
      messageId: id,
      channel: message.channel,
      kind: message.kind,
      attempts: message.attempts,
      temporary: failure.temporary,
      reason: failure.reason,
    };
    if (failure.temporary && options.retryBaseSeconds !== null && message.attempts < MAX_ATTEMPTS) {
      const delaySeconds = retryDelaySeconds(message.attempts, options.retryBaseSeconds);
      await returnToQueue(deps.db, id, failure.reason, new Date(Date.now() + delaySeconds * 1000));
      deps.logger.warn({ ...log, delaySeconds }, "message not sent; it will be tried again");
      return { status: "retry", delaySeconds, reason: failure.reason };
    }
    await markFailed(deps.db, id, failure.reason);
    deps.logger.warn(log, "message failed");
    return { status: "failed", reason: failure.reason, temporary: failure.temporary };
  }
  await markSent(deps.db, id);
  deps.logger.info({ messageId: id, channel: message.channel, kind: message.kind, attempts: message.attempts }, "message sent");
  return { status: "sent" };
}

/** Seconds before try `attempts + 1`: doubling from `baseSeconds`, at most an hour. */
function retryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(3600, baseSeconds * 2 ** Math.max(0, attempts - 1));
}
