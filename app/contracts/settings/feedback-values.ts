import type { UploadKind } from "../uploads/values";
import "./texts";

/**
 * docs/product.md § Areas / Account pages: feedback is { type, imgUrl, content }; type is a 1-based index into
 * this list, content is required and at most 300 characters, the image is optional
 * (jpg, jpeg, png, up to 5 MB). Without zod, for the page; feedback-schema.ts builds on it.
 */
export const FEEDBACK_TYPES = ["bug", "suggestion", "contentError", "experience", "other"] as const;

export const FEEDBACK_CONTENT_MAX = 300;
export const FEEDBACK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** docs/product.md § Account pages: jpg, jpeg (the same kind) and png. */
export const FEEDBACK_IMAGE_KINDS: UploadKind[] = ["jpg", "png"];

/** Field name of the image part, in the web form and in the API's multipart body. */
export const FEEDBACK_FILE_FIELD = "file";
