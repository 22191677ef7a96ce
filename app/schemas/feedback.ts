import { z } from "zod";

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
export const FEEDBACK_IMAGE_EXTENSIONS = ["jpg", "jpeg", "png"] as const;
export const FEEDBACK_IMAGE_ACCEPT = FEEDBACK_IMAGE_EXTENSIONS.map((e) => `.${e}`).join(",");

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

const imageExtension = new RegExp(`\\.(${FEEDBACK_IMAGE_EXTENSIONS.join("|")})$`, "i");

/** The web form: type, content and an optional image file. */
export const feedbackFormSchema = z.object({
  type: typeField,
  content: contentField,
  [FEEDBACK_FILE_FIELD]: z
    .file()
    .max(FEEDBACK_IMAGE_MAX_BYTES, "settings.feedbackImageTooLarge")
    .refine((file) => imageExtension.test(file.name), "settings.feedbackImageType")
    .optional(),
});

/** Stored files are referenced as /files/<id> (see server/storage/local-files.ts). */
export const STORED_FILE_URL = /^\/files\/[A-Za-z0-9_-]{1,64}$/;

/** What POST /smeb/feedback/save validates (the image arrives as a `file` part or an earlier upload's imgUrl). */
export const feedbackRequestSchema = z.object({
  type: typeField,
  content: contentField,
  imgUrl: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.string().regex(STORED_FILE_URL, "settings.feedbackImageInvalid").optional()),
});

export type FeedbackRequest = z.output<typeof feedbackRequestSchema>;
