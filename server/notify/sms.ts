import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { outboxDir, type OutboxConfig } from "../mail/outbox";
import type { SmsMessage } from "./notifier";

/**
 * One SMS gateway. A real one (Aliyun, Tencent Cloud, Twilio…) implements this and is picked by SMS_PROVIDER.
 * `send` throws a DeliveryError (./delivery-error.ts) saying whether the failure is temporary (retried
 * with back-off) and the provider's reason (shown in the delivery log).
 */
export interface SmsProvider {
  readonly kind: string;
  send(message: SmsMessage): Promise<void>;
}

/** What an outbox SMS file holds (DATA_DIR/outbox/<stamp>-<random>.sms.json). */
export type OutboxSms = { to: string; text: string; createdAt: string };

// Generous enough for "+852 1234 5678"-style numbers; refuses anything that is clearly not a number.
const PHONE_NUMBER = /^\+?[0-9][0-9 -]{2,30}$/;

/**
 * Writes one SMS next to the outbox e-mails, atomically (temporary dot-name, then rename), so a
 * gateway process draining the folder only ever sees complete `*.sms.json` files.
 */
export async function writeSms(config: OutboxConfig, message: SmsMessage): Promise<string> {
  const to = message.to.trim();
  if (!PHONE_NUMBER.test(to)) throw new Error("writeSms: invalid phone number");
  const now = new Date();
  const random = crypto.randomBytes(8).toString("hex");
  const stamp = now.toISOString().replace(/[-:.]/g, "");
  const body: OutboxSms = { to, text: message.text, createdAt: now.toISOString() };

  const dir = outboxDir(config);
  await fs.mkdir(dir, { recursive: true });
  const name = `${stamp}-${random}.sms.json`;
  const finalPath = path.join(dir, name);
  const tempPath = path.join(dir, `.${name}.tmp`);
  try {
    await fs.writeFile(tempPath, `${JSON.stringify(body, null, 2)}\n`, { encoding: "utf8", flag: "wx", mode: 0o640 });
    await fs.rename(tempPath, finalPath);
  } catch (error) {
    await fs.rm(tempPath, { force: true });
    throw error;
  }
  return finalPath;
}

export function outboxSmsProvider(config: OutboxConfig): SmsProvider {
  return {
    kind: "outbox",
    async send(message) {
      await writeSms(config, message);
    },
  };
}
