import type { MissingSetting } from "./values";

/** The general settings page's fields as stored (empty: ""), the contact picture as its /files/ URL. */
export type ExhibitionSettingsView = {
  nameZh: string;
  nameEn: string;
  publicUrl: string;
  filingNumber: string;
  userGuideUrl: string;
  contactWayUrl: string;
  contactQrUrl: string;
  contactTip1Zh: string;
  contactTip1En: string;
  contactTip2Zh: string;
  contactTip2En: string;
  drawingSiteUrl: string;
  exhibitorServiceEmail: string;
  mailSenderName: string;
  smsSignName: string;
  /** What a real show still lacks (the organizer's home lists the same). */
  missing: MissingSetting[];
  /** Whether an SMS provider other than the outbox sends this server's SMS (the signature is needed then). */
  smsProviderConfigured: boolean;
};
