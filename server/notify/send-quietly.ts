import type { Logger } from "../logger";
import type { EmailMessage, Notifier } from "./notifier";

/**
 * Sends a notice of something already saved: a mail that fails is logged (what `log` says, with its
 * context) and does not undo the save (the page and its history hold it).
 */
export async function sendQuietly(
  deps: { notifier: Pick<Notifier, "sendEmail">; logger: Logger },
  message: EmailMessage,
  log: { message: string; context: Record<string, unknown> },
) {
  try {
    await deps.notifier.sendEmail(message);
  } catch (error) {
    deps.logger.error({ err: error, ...log.context }, log.message);
  }
}
