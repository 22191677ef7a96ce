import * as z from "zod";
import "../common/zod-messages";
import { idValue } from "../common/validation";
import { SHOWCASE_EXHIBITS_MAX, SHOWCASE_EXHIBITS_MIN, SHOWCASE_IMAGE_SLOTS } from "./values";
import "./texts";

const COUNT = "showcase.errors.count";

/** Ticked boxes arrive as a repeated field, an API caller may send "3,1,2": both are the list in order. */
const idList = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : typeof v === "string" ? v.split(",") : [v]),
  z
    .array(idValue("showcase.fields.exhibits"), { message: COUNT })
    .min(SHOWCASE_EXHIBITS_MIN, COUNT)
    .max(SHOWCASE_EXHIBITS_MAX, COUNT)
    .refine((ids) => new Set(ids).size === ids.length, "showcase.errors.duplicate"),
);

/** The selection, first to last: 1 to 3 distinct exhibits (each the caller's, with an image: checked on the server). */
export const showcaseSaveSchema = z.object({ exhibitIds: idList });

const flag = z.preprocess((v) => v === true || v === "on" || v === "true" || v === "1", z.boolean());

/** The exhibitor's switch: the public page on or off. */
export const showcaseEnableSchema = z.object({ enabled: flag });

/** The QR code: as a PNG (a data URL) with the link it carries. */
export const showcaseQrSchema = z.object({
  width: z.coerce.number().int().min(128, "showcase.errors.qrWidth").max(1024, "showcase.errors.qrWidth").optional(),
});

/** The organizer's switch: an exhibitor's page hidden or shown. */
export const showcaseHideSchema = z.object({ id: idValue("showcase.fields.showcase"), hidden: flag });

/** Any text: a code of the wrong shape is simply one that does not exist (404, like an unknown one). */
const publicCode = z.preprocess((v) => (typeof v === "string" ? v.trim().slice(0, 64) : ""), z.string());

/** The public page of a code. */
export const showcasePublicSchema = z.object({ code: publicCode });

/** One picture of the public page. */
export const showcaseImageSchema = z.object({ code: publicCode, slot: z.enum(SHOWCASE_IMAGE_SLOTS, { message: "showcase.errors.notFound" }) });
