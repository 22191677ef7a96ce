import * as z from "zod";
import "../../lib/zod-messages";

/**
 * Buttons of the important schedule page (/index/schedule, menu id 2; spec point 6).
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
 * An extension request for one schedule item: POST /smeb/worksheet/extension {itemId, reason}.
 * The web form and the API validate with this schema; messages are i18n keys. That the item
 * belongs to the caller's exhibition is checked by the API.
 */
export const extensionRequestSchema = z.object({
  itemId: z.coerce
    .number({ message: "home.actions.itemRequired" })
    .int("home.actions.itemRequired")
    .positive("home.actions.itemRequired")
    .max(2_147_483_647, "home.actions.itemInvalid"),
  reason: z
    .string({ message: "home.actions.reasonRequired" })
    // Browsers submit textarea line breaks as CRLF; count them as one character.
    .overwrite((value) => value.replace(/\r\n?/g, "\n").trim())
    .min(1, "home.actions.reasonRequired")
    .max(EXTENSION_REASON_MAX, "home.actions.reasonTooLong"),
});

export type ExtensionRequest = z.output<typeof extensionRequestSchema>;

/** Data of a successful confirm (e-mail me the schedule) or extension request. */
export type ScheduleMailResult = { sentTo: string };
