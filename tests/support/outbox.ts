import fs from "node:fs";
import path from "node:path";
import { decodeHeaderWords } from "../../server/mail/outbox";
import type { OutboxSms } from "../../server/notify/sms";

export type OutboxMessage = { file: string; to: string; subject: string; text: string };

/**
 * What the portal "sent" on the default notifier: e-mails (*.eml, base64 text) and SMS
 * (*.sms.json) under DATA_DIR/outbox, oldest first.
 */
export function readOutbox(dataDir: string): OutboxMessage[] {
  const outbox = path.join(dataDir, "outbox");
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith(".sms.json") || name.endsWith(".eml"))
    .sort()
    .map((name) => {
      const raw = fs.readFileSync(path.join(outbox, name), "utf8");
      if (name.endsWith(".sms.json")) {
        const sms = JSON.parse(raw) as { to: string; text: string };
        return { file: name, to: sms.to, subject: "", text: sms.text };
      }
      const split = raw.indexOf("\r\n\r\n");
      const head = raw.slice(0, split).replace(/\r\n[ \t]/g, " ");
      return {
        file: name,
        to:
          head
            .match(/^To: (.*)$/m)?.[1]
            ?.trim()
            .toLowerCase() ?? "",
        subject: decodeHeaderWords(head.match(/^Subject: (.*)$/m)?.[1] ?? ""),
        text: Buffer.from(raw.slice(split + 4).replace(/\s+/g, ""), "base64").toString("utf8"),
      };
    });
}

/** The paths of the files under DATA_DIR/outbox whose names end in `suffix`, oldest first; none when nothing was sent. */
export function outboxFiles(dataDir: string, suffix = "") {
  const outbox = path.join(dataDir, "outbox");
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith(suffix))
    .sort()
    .map((name) => path.join(outbox, name));
}

/** The SMS the portal "sent" (DATA_DIR/outbox/*.sms.json), as written, oldest first. */
export function readOutboxSms(dataDir: string) {
  return outboxFiles(dataDir, ".sms.json").map((file) => JSON.parse(fs.readFileSync(file, "utf8")) as OutboxSms);
}
