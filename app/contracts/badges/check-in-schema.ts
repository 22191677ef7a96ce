import * as z from "zod";
import "../common/zod-messages";
import { blank, idValue, requiredText, withProp } from "../common/validation";
import { PRINT_LAYOUTS, PRINT_MAX_BADGES } from "./check-in-types";
import "./texts";

/**
 * The forms of printing badges (which ones, which layout) and of on-site check-in (the scanned or
 * typed code), used by the pages and the API alike. Messages are i18n keys.
 */

/** The QR's text or the code typed from under it; the signature itself is checked on the server. */
export const checkInSchema = z.object({
  // A visitor's pass carries its full URL (/lead/<code>): room for a long host.
  code: requiredText("badges.checkIn.code", 400),
});

/** `ids` as a list or "1,2,3" (none: all the caller's printable badges); `layout` one badge per page or four on A4. */
export const badgePrintQuerySchema = z.object({
  ids: z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : v === undefined || v === null
          ? []
          : Array.isArray(v)
            ? v
            : [v],
    z.array(idValue("badges.fields.record")).max(PRINT_MAX_BADGES, withProp("validation.tooMany", "badges.fields.record")),
  ),
  layout: z.preprocess(blank, z.enum(PRINT_LAYOUTS, { message: withProp("validation.correct", "badges.print.layout") }).default("single")),
});

/** The badge whose QR the exhibitor page shows. */
export const badgeQrQuerySchema = z.object({ id: idValue("badges.fields.record") });
