import type { ObjectStore } from "../uploads/object-store";
import type { Request } from "express";
import type { Config } from "../config";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import type { RsaKeys } from "../auth/secrets";
import type { Translator } from "../machine-translation/provider";
import type { Notifier } from "../notify/notifier";

/** What every API route module receives. Nothing here holds per-user state. */
export type ApiDeps = {
  db: Database;
  config: Config;
  logger: Logger;
  rsa: RsaKeys;
  translator: Translator;
  store: ObjectStore;
  /** E-mail and SMS (verification codes, notices). */
  notifier: Notifier;
  /** The cookie secrets (first signs, all verify), loaded once at boot; badge codes are signed from them too. */
  sessionSecrets: string[];
};

/** What a domain's notices take: the notifier, the log for failures, and the configuration their links come from. */
export type Mailer = Pick<ApiDeps, "notifier" | "logger" | "config">;

/** The ticket travels as a `ticket` header (server-to-server) or a `ticket` cookie (browsers). */
export function readTicket(req: Request): string | undefined {
  const header = req.get("ticket") ?? req.get("authorization")?.replace(/^Bearer\s+/i, "");
  if (header) return header;
  const cookieHeader = req.get("cookie");
  const match = cookieHeader?.match(/(?:^|;\s*)ticket=([^;]+)/);
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/** The caller's address; behind our own web app this is the browser's, via X-Forwarded-For. */
export function clientIp(req: Request) {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}

/** The visitor's browser: behind our own web app the page passes the browser's own in X-Client-User-Agent. */
export const userAgentOf = (req: Request) => req.get("x-client-user-agent") ?? req.get("user-agent") ?? null;
