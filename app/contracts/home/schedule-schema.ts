import * as z from "zod";
import "../common/zod-messages";
import { EXTENSION_REASON_MAX } from "./schedule-values";
import "./texts";

/** The buttons and the reason's limit, zod-free for the browser (schedule-values.ts); the server's code imports them from here too. */
export * from "./schedule-values";

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
