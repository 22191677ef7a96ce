import * as z from "zod";
import "../../lib/zod-messages";
import type { UploadKind } from "../uploads/schema";

/**
 * Spec points 3 and 5: feedback is { type, imgUrl, content }; type is a 1-based index into
 * this list, content is required and at most 300 characters, the image is optional
 * (jpg, jpeg, png, up to 5 MB). Messages are i18n keys.
 */
export const FEEDBACK_TYPES = ["bug", "suggestion", "contentError", "experience", "other"] as const;
export type FeedbackTypeKey = (typeof FEEDBACK_TYPES)[number];

/** The i18n key of a type's label; `type` is the 1-based value that is sent. */
export function feedbackTypeLabelKey(type: number) {
  const key = FEEDBACK_TYPES[type - 1];
  return key ? `settings.feedbackTypes.${key}` : null;
}

export const FEEDBACK_CONTENT_MAX = 300;
export const FEEDBACK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Spec point 5: jpg, jpeg (the same kind) and png. */
export const FEEDBACK_IMAGE_KINDS: UploadKind[] = ["jpg", "png"];

/** Field name of the image part, in the web form and in the API's multipart body. */
export const FEEDBACK_FILE_FIELD = "file";

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

/** Stored files are referenced as /files/<id> (see server/uploads/files.ts). */
export const STORED_FILE_URL = /^\/files\/[A-Za-z0-9_-]{1,64}$/;

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

/** What POST /smeb/feedback/save validates: the same fields (API clients may also send the image as a `file` part). */
export const feedbackRequestSchema = feedbackFormSchema;

export type FeedbackRequest = z.output<typeof feedbackRequestSchema>;
