/**
 * What an organizer sets for its exhibition (issue 52), stored one row per setting
 * (server/exhibition-settings/store.ts) and edited on /index/settings and by the CLI. An empty
 * setting has no row and its element is not shown: no placeholder reaches a page, mail or PDF.
 * Each key belongs to one domain's settings page; add a key here, never a second store.
 */
export const EXHIBITION_SETTING_KEYS = [
  /** The portal's public address (https://…), from which every link in a mail, SMS, QR code or PDF is made. */
  "publicUrl",
  /** The sender's display name of every e-mail (the address stays MAIL_FROM). */
  "mailSenderName",
  /** The SMS signature the provider approved (【…】 in Chinese SMS), without brackets. */
  "smsSignName",
  /** The organizer's exhibitor-service desk: the address extension requests go to (none: requests are refused). */
  "exhibitorServiceEmail",
] as const;

export type ExhibitionSettingKey = (typeof EXHIBITION_SETTING_KEYS)[number];

export type ExhibitionSettings = Partial<Record<ExhibitionSettingKey, string>>;

export const isExhibitionSettingKey = (key: string): key is ExhibitionSettingKey => (EXHIBITION_SETTING_KEYS as readonly string[]).includes(key);
