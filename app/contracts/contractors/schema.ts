import * as z from "zod";
import "../common/zod-messages";
import { blank, idValue, requiredEmail, requiredText, withProp } from "../common/validation";
import "./texts";

/**
 * Entrusted contractors (spec: /bookingService/ECReservation). The exhibitor names a contractor;
 * the contractor signs in with the exhibitor number and a one-time code sent by e-mail, and
 * books services for that exhibitor only. One schema per form, shared by the pages and the API.
 */

const label = (name: string) => `contractors.fields.${name}`;

/** Readable one-time codes: no 0/O or 1/I, so a code typed from an e-mail on a phone goes through. */
export const ACCESS_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
export const ACCESS_CODE_LENGTH = 8;
/** A code not used within this time must be sent again by the exhibitor. */
export const ACCESS_CODE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Wrong codes after which the code is void (the exhibitor sends a new one). */
export const ACCESS_CODE_MAX_FAILURES = 5;
/** A new code for the same contractor at most this often (one e-mail per minute). */
export const ACCESS_CODE_RESEND_MS = 60 * 1000;
/** Contractors one exhibitor may have entrusted at the same time. */
export const MAX_ACTIVE_ACCESSES = 10;

const ACCESS_STATUSES = ["active", "revoked"] as const;
export type AccessStatus = (typeof ACCESS_STATUSES)[number];

const optionalId = (prop: string) => z.preprocess(blank, idValue(prop).optional());

export const entrustSchema = z.object({
  companyName: requiredText(label("companyName"), 100),
  contactName: requiredText(label("contactName"), 50),
  email: requiredEmail(label("email")),
  boothId: optionalId(label("booth")),
});
export type EntrustInput = z.infer<typeof entrustSchema>;

export const accessIdSchema = z.object({ accessId: idValue(label("access")) });

/** Spaces, dashes and lower case as typed from an e-mail are forgiven. */
const normalizeCode = (v: unknown) => (typeof v === "string" ? v.replace(/[\s-]+/g, "").toUpperCase() : v);

export const contractorSignInSchema = z.object({
  exhibitorNo: requiredText(label("exhibitorNo"), 100),
  code: z.preprocess(
    normalizeCode,
    z
      .string({ message: withProp("validation.required", label("code")) })
      .min(1, withProp("validation.required", label("code")))
      .regex(new RegExp(`^[${ACCESS_CODE_ALPHABET}]{${ACCESS_CODE_LENGTH}}$`), withProp("validation.correct", label("code"))),
  ),
});
