import * as z from "zod";
import "../common/zod-messages";
import { withProp } from "../common/validation";
import { UPLOAD_FOLDERS, UPLOAD_KINDS } from "./values";
import "./texts";

/** The folders' rules, zod-free for the browser (values.ts); the server's code imports them from here too. */
export * from "./values";

const kindList = z
  .string()
  .max(100, withProp("validation.tooLong", "uploads.kindsLabel", 100))
  .optional()
  .transform((value) => (value ? value.split(",").map((k) => k.trim().toLowerCase()) : undefined))
  .pipe(z.array(z.enum(UPLOAD_KINDS)).optional());

/** GET oss/signature/getSignature: timesp (spec), plus which folder, the file's name and the use's rules. */
export const signatureRequestSchema = z.object({
  timesp: z.coerce.number().int().positive().max(9_999_999_999_999),
  folder: z.enum(UPLOAD_FOLDERS, { message: "uploads.folderInvalid" }),
  fileName: z
    .string()
    .trim()
    .min(1, "uploads.nameRequired")
    .max(200, withProp("validation.tooLong", "uploads.nameLabel", 200)),
  kinds: kindList,
  maxBytes: z.coerce.number().int().positive().optional(),
});

/** POST oss/complete: the uploaded key and the name the user gave the file. */
export const completeRequestSchema = z.object({
  key: z
    .string()
    .trim()
    .min(1)
    .max(200, withProp("validation.tooLong", "uploads.keyLabel", 200)),
  name: z
    .string()
    .trim()
    .min(1, "uploads.nameRequired")
    .max(200, withProp("validation.tooLong", "uploads.nameLabel", 200)),
  kinds: kindList,
});
