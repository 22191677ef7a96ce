import * as z from "zod";
import "../common/zod-messages";
import { blank, checkbox, idValue, listPaging, optionalList, optionalText, requiredText, withProp } from "../common/validation";
import { DEVICE_SCAN_ID, LEAD_NOTES_MAX, LEAD_RATINGS, LEAD_SCAN_BATCH_MAX, LEAD_TAG_NAME_MAX, leadCodeOf, SCANNED_TEXT_MAX } from "./values";
import "./texts";

const F = (name: string) => `leads.fields.${name}`;

/** A scanned or typed pass: its URL or code, read down to the code (leadCodeOf); the server checks the signature. */
const scannedCode = z.preprocess(
  (v) => (typeof v === "string" ? leadCodeOf(v.slice(0, SCANNED_TEXT_MAX + 1)) : v),
  z
    .string({ message: withProp("validation.required", F("code")) })
    .min(1, withProp("validation.required", F("code")))
    .max(SCANNED_TEXT_MAX, "leads.errors.forged"),
);

/** A visitor pass page's code (the link in the visitor's SMS and e-mail). */
const passPageCode = z.preprocess((v) => (typeof v === "string" ? v.replace(/\s+/g, "") : v), z.string().min(1).max(SCANNED_TEXT_MAX));

const rating = z.preprocess(blank, z.enum(LEAD_RATINGS, { message: withProp("validation.correct", F("rating")) }).optional());

/** What a lead records: rating, notes, the company's tags, follow-up wanted. */
const leadFields = {
  rating,
  notes: optionalText(F("notes"), LEAD_NOTES_MAX),
  tagIds: optionalList(F("tags"), idValue(F("tags")), 100),
  followUp: checkbox,
};

/** GET /smeb/leads/capture: the visitor behind a scanned pass, and the company's lead on them if any. */
export const leadCaptureQuerySchema = z.object({ code: scannedCode });
/** POST /smeb/leads/capture: saves the company's lead on the visitor (made on the first save, the same one afterwards). */
export const leadCaptureSchema = z.object({ code: scannedCode, ...leadFields });

/** POST /smeb/leads/update and /delete: a lead by its id (the company's own). */
export const leadUpdateSchema = z.object({ id: idValue(F("lead")), ...leadFields });
export const leadIdSchema = z.object({ id: idValue(F("lead")) });

/** One scan from a device's queue: the id the device made, the text read, when it was read there. */
const queuedScan = z.object({
  id: z.string().regex(DEVICE_SCAN_ID, "leads.errors.scanId"),
  code: z.string().max(SCANNED_TEXT_MAX),
  scannedAt: z.string().max(40).optional(),
});

/** POST /smeb/leads/scans (JSON): a device's queue, or a part of it. */
export const leadScansSchema = z.object({
  scans: z
    .array(queuedScan)
    .min(1, withProp("validation.required", F("scans")))
    .max(LEAD_SCAN_BATCH_MAX, withProp("leads.errors.batchTooLarge", F("scans"), LEAD_SCAN_BATCH_MAX)),
});

const day = z.preprocess(
  blank,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, withProp("validation.correct", F("day")))
    .optional(),
);

/** The company's leads: by rating, tag, member and day. */
const leadFilters = {
  rating,
  tagId: z.preprocess(blank, idValue(F("tags")).optional()),
  member: z.preprocess(blank, idValue(F("member")).optional()),
  day,
};
export const leadListSchema = z.object({ ...leadFilters, ...listPaging });
export const leadExportSchema = z.object(leadFilters);

/** The company's tags. */
export const leadTagSaveSchema = z.object({ name: requiredText(F("tagName"), LEAD_TAG_NAME_MAX) });

/** The visitor's pass (public: the code in the link is the visitor's key). */
export const visitorPassQuerySchema = z.object({ code: passPageCode });
export const visitorPassConsentSchema = z.object({ code: passPageCode, leadConsent: checkbox });
/** What a pass's lead code is, for someone who is no exhibitor (public, nothing personal). */
export const leadCodeQuerySchema = z.object({ code: scannedCode });

/** The organizer's visitor actions: resend the pass, erase the personal data. */
export const visitorIdSchema = z.object({ id: idValue(F("visitor")) });
