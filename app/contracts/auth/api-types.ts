/** Shapes of the sign-in API's answers (/login/*), shared by our API implementation and the web app. */
import type { SiteSettings } from "../exhibition-settings/values";
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
  /**
   * What the frame of every page shows from the organizer's settings (footer, floating buttons, the
   * drawing site): asked with the session on every page, so a saved change shows on the next one.
   * Optional: an organizer's backend may not send it (then none of those elements shows).
   */
  site?: SiteSettings;
  idleExpiresAt: string;
  absoluteExpiresAt: string;
};

/** The key passwords are encrypted with (RSA-OAEP, SHA-256), PEM. */
export type PublicKey = { publicKey: string; algorithm: "RSA-OAEP-256" };
