/** Shapes of the sign-in API's answers (/login/*), shared by our API implementation and the web app. */
import type { SkinId } from "../settings/skin-values";

/** A fresh session: the ticket the web app keeps in its cookie, and how long it lives. */
export type LoginTicket = { ticket: string; idleTimeoutSeconds: number; absoluteTimeoutSeconds: number };

/** Whether the next sign-in attempt must pass a captcha, or is refused for now. */
export type CaptchaRequirement = { captchaRequired: boolean; locked: boolean };

/** The live session behind a ticket (asking also slides the idle window). */
export type AuthTicket = {
  ticket: string;
  userId: number;
  boothId: number | null;
  /** Changes whenever what the permission info shows changes; clients may cache that info under it. */
  stateVersion: string;
  /** The background the account chose (skin1-3); null when none, and for an entrusted contractor. */
  skin: SkinId | null;
  idleExpiresAt: string;
  absoluteExpiresAt: string;
};

/** The key passwords are encrypted with (RSA-OAEP, SHA-256), PEM. */
export type PublicKey = { publicKey: string; algorithm: "RSA-OAEP-256" };
