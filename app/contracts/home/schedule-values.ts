/**
 * Buttons of the important schedule page (/index/schedule, menu id 2; docs/product.md § Button permissions).
 * The url of each is what button_auths grants; the web page and the API check the same one.
 */
export const SCHEDULE_MENU_ID = 2;
export const SCHEDULE_BUTTONS = {
  export: "schedule:export",
  confirm: "schedule:confirm",
  extension: "schedule:apply",
} as const;

export type ScheduleIntent = keyof typeof SCHEDULE_BUTTONS;

export function isScheduleIntent(value: unknown): value is ScheduleIntent {
  return value === "export" || value === "confirm" || value === "extension";
}

export const EXTENSION_REASON_MAX = 500;

/**
 * Data of a successful confirm (e-mail me the schedule) or extension request: the mail is queued;
 * `channel` says whether for a mail server ("smtp") or only the server's file outbox (no SMTP_URL).
 */
export type ScheduleMailResult = { sentTo: string; channel: "smtp" | "outbox" };
