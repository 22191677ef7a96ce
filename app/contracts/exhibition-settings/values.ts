/**
 * What an organizer sets for its exhibition (issue 52), stored one row per setting
 * (server/exhibition-settings/store.ts) and edited on /index/settings and by the CLI. An empty
 * setting has no row and its element is not shown: no placeholder reaches a page, mail or PDF.
 * Each key belongs to one domain's settings page; add a key here, never a second store.
 */
const EXHIBITION_SETTING_KEYS = [
  /** The portal's public address (https://…), from which every link in a mail, SMS, QR code or PDF is made. */
  "publicUrl",
  /** The sender's display name of every e-mail (the address stays MAIL_FROM). */
  "mailSenderName",
  /** The SMS signature the provider approved (【…】 in Chinese SMS), without brackets. */
  "smsSignName",
  /** The site's filing number (ICP 备案号) in the footer. */
  "filingNumber",
  /** The user guide the floating button opens (Chinese pages). */
  "userGuideUrl",
  /** 'Contact us': a WeCom contact link drawn as a QR code… */
  "contactWayUrl",
  /** …or the id of an uploaded QR image (folder contact-code); one of the two. */
  "contactQrFileId",
  /** The two tip lines under the contact code, in each language. */
  "contactTip1Zh",
  "contactTip1En",
  "contactTip2Zh",
  "contactTip2En",
  /** The external special-booth drawing submission site (home menu and the special booth's CI process page). */
  "drawingSiteUrl",
  /** The exhibitor-service address that receives the exhibitors' extension requests. */
  "exhibitorServiceEmail",
] as const;

export type ExhibitionSettingKey = (typeof EXHIBITION_SETTING_KEYS)[number];

export type ExhibitionSettings = Partial<Record<ExhibitionSettingKey, string>>;

export const isExhibitionSettingKey = (key: string): key is ExhibitionSettingKey => (EXHIBITION_SETTING_KEYS as readonly string[]).includes(key);

/** Where the organizer edits them (menu 8, roleId 1). */
export const EXHIBITION_SETTINGS_PATH = "/index/settings";

export const SETTING_URL_MAX = 500;
export const SETTING_TEXT_MAX = 100;
export const SETTING_TIP_MAX = 120;
export const EXHIBITION_NAME_MAX = 100;
export const SMS_SIGN_MAX = 20;

/** The uploaded contact code: a picture, at most 1 MB (it is sent inline with the contact dialog). */
export const CONTACT_QR_UPLOAD = {
  folder: "contact-code" as const,
  kinds: ["png", "jpg"] as ("png" | "jpg")[],
  maxBytes: 1024 * 1024,
  maxCount: 1,
};

/**
 * What every page's frame shows from the settings (the footer's filing number, the floating
 * buttons, the drawing site link): empty ones are null and their element is not shown.
 */
export type SiteSettings = {
  filingNumber: string | null;
  userGuideUrl: string | null;
  hasContactCode: boolean;
  drawingSiteUrl: string | null;
  /** The exhibition is the demo (docs/decisions/054): the header and the sign-in page carry the demo mark. */
  demo: boolean;
};

export const NO_SITE_SETTINGS: SiteSettings = { filingNumber: null, userGuideUrl: null, hasContactCode: false, drawingSiteUrl: null, demo: false };

/** The settings a real show still lacks, each with the field to fill on /index/settings. */
const CHECKED_SETTINGS = ["publicUrl", "filingNumber", "contactCode", "userGuideUrl", "exhibitorServiceEmail", "mailSenderName", "smsSignName"] as const;
export type MissingSetting = (typeof CHECKED_SETTINGS)[number];

/** The field of a missing setting on the settings page (its id, so a link can jump to it). */
export const settingFieldLink = (setting: MissingSetting) => `${EXHIBITION_SETTINGS_PATH}#setting-${setting === "contactCode" ? "contactWayUrl" : setting}`;
