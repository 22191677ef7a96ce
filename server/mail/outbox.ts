import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * The mail outbox: every message the portal sends is written as one RFC 5322 file
 * (DATA_DIR/outbox/<timestamp>-<random>.eml). A real SMTP sender can drain the folder later;
 * it should pick up `*.eml` only (files being written have a temporary dot-name and are renamed
 * into place atomically once complete).
 */

export const DEFAULT_MAIL_FROM = "noreply@portal.local";
const OUTBOX_DIR_NAME = "outbox";

/** The part of the server config the outbox needs; MAIL_FROM is optional (default noreply@portal.local). */
export type OutboxConfig = { dataDir: string; MAIL_FROM?: string | null };

export type OutgoingMail = {
  /** One plain address (no display name), e.g. someone@expo.example.cn. */
  to: string;
  subject: string;
  text: string;
  /** Optional Reply-To address. */
  replyTo?: string;
  /** The sender's display name before MAIL_FROM ("Name <address>"), encoded as a header word. */
  fromName?: string;
};

/** Deliberately simple: one address, no spaces, no header-breaking characters. */
const ADDRESS = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+\.[^\s@<>()",;:\\[\]]+$/;

function checkAddress(value: string, field: string) {
  const address = value.trim();
  if (!ADDRESS.test(address) || /[\r\n]/.test(address)) throw new Error(`writeMail: invalid ${field} address`);
  return address;
}

export function outboxDir(config: OutboxConfig) {
  return path.join(config.dataDir, OUTBOX_DIR_NAME);
}

/**
 * RFC 2047 B-encoding of a header value, split into encoded-words of at most 75 characters
 * (39 UTF-8 bytes each, never cutting a character) joined by folding whitespace.
 */
export function encodeHeaderWord(value: string): string {
  const words: string[] = [];
  let chunk = "";
  let chunkBytes = 0;
  for (const char of value.replace(/[\r\n]+/g, " ")) {
    const bytes = Buffer.byteLength(char, "utf8");
    if (chunkBytes + bytes > 39 && chunk) {
      words.push(chunk);
      chunk = "";
      chunkBytes = 0;
    }
    chunk += char;
    chunkBytes += bytes;
  }
  if (chunk || !words.length) words.push(chunk);
  return words.map((word) => `=?UTF-8?B?${Buffer.from(word, "utf8").toString("base64")}?=`).join("\r\n ");
}

/** Inverse of encodeHeaderWord for B- and Q-encoded UTF-8 words (used by tests and a future sender). */
export function decodeHeaderWords(value: string): string {
  const unfolded = value.replace(/\r?\n[ \t]/g, " ");
  // Whitespace between two adjacent encoded-words is not part of the text (RFC 2047 §6.2).
  return unfolded.replace(/(\?=)\s+(?==\?)/g, "$1").replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
    encoding.toUpperCase() === "B"
      ? Buffer.from(text, "base64").toString("utf8")
      : Buffer.from(
          text.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

/** RFC 5322 date-time, e.g. "Tue, 15 Nov 2026 08:12:31 +0000". */
function mailDate(date: Date) {
  return date.toUTCString().replace(/GMT$/, "+0000");
}

/** Base64 body in lines of 76 characters (RFC 2045). */
function base64Body(text: string) {
  const normalized = text.replace(/\r\n?/g, "\n").replace(/\n/g, "\r\n");
  const encoded = Buffer.from(normalized, "utf8").toString("base64");
  return encoded.match(/.{1,76}/g)?.join("\r\n") ?? "";
}

/** The complete message (CRLF line endings). */
function buildMessage(mail: OutgoingMail, options: { from: string; date: Date; messageId: string }): string {
  const headers = [
    `From: ${mail.fromName?.trim() ? `${encodeHeaderWord(mail.fromName.trim())} <${options.from}>` : options.from}`,
    `To: ${checkAddress(mail.to, "To")}`,
    ...(mail.replyTo ? [`Reply-To: ${checkAddress(mail.replyTo, "Reply-To")}`] : []),
    `Subject: ${encodeHeaderWord(mail.subject)}`,
    `Date: ${mailDate(options.date)}`,
    `Message-ID: ${options.messageId}`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: base64",
  ];
  return `${headers.join("\r\n")}\r\n\r\n${base64Body(mail.text)}\r\n`;
}

/**
 * Writes one message to DATA_DIR/outbox atomically (temporary name, then rename) and returns
 * the path of the .eml file.
 */
export async function writeMail(config: OutboxConfig, mail: OutgoingMail): Promise<string> {
  const from = checkAddress(config.MAIL_FROM || DEFAULT_MAIL_FROM, "From");
  const now = new Date();
  const random = crypto.randomBytes(8).toString("hex");
  const stamp = now.toISOString().replace(/[-:.]/g, "");
  const domain = from.slice(from.lastIndexOf("@") + 1);
  const message = buildMessage(mail, { from, date: now, messageId: `<${stamp}.${random}@${domain}>` });

  const dir = outboxDir(config);
  await fs.mkdir(dir, { recursive: true });
  const name = `${stamp}-${random}.eml`;
  const finalPath = path.join(dir, name);
  const tempPath = path.join(dir, `.${name}.tmp`);
  try {
    await fs.writeFile(tempPath, message, { encoding: "utf8", flag: "wx", mode: 0o640 });
    await fs.rename(tempPath, finalPath);
  } catch (error) {
    await fs.rm(tempPath, { force: true });
    throw error;
  }
  return finalPath;
}
