import * as z from "zod";
import "../common/zod-messages";
import { STORED_FILE_URL } from "../common/validation";
import { FEEDBACK_CONTENT_MAX, FEEDBACK_TYPES } from "./feedback-values";
import "./texts";

/**
 * The feedback form (docs/product.md § Areas / Account pages); messages are i18n keys. Its types, limits and image rules
 * are zod-free for the browser (feedback-values.ts); the server's code imports them from here too.
 */
export * from "./feedback-values";

const typeField = z.coerce
  .number({ message: "settings.feedbackTypeRequired" })
  .int("settings.feedbackTypeRequired")
  .min(1, "settings.feedbackTypeRequired")
  .max(FEEDBACK_TYPES.length, "settings.feedbackTypeRequired");

const contentField = z
  .string({ message: "settings.feedbackContentRequired" })
  // Browsers submit textarea line breaks as CRLF; count them as one character, as the counter does.
  .overwrite((value) => value.replace(/\r\n?/g, "\n").trim())
  .min(1, "settings.feedbackContentRequired")
  .max(FEEDBACK_CONTENT_MAX, "settings.feedbackContentTooLong");

const imageUrl = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .pipe(z.string().regex(STORED_FILE_URL, "settings.feedbackImageInvalid").optional());

/** The web form: type, content and the stored image's URL (the upload component fills it, with or without JS). */
export const feedbackFormSchema = z.object({
  type: typeField,
  content: contentField,
  imgUrl: imageUrl,
});
