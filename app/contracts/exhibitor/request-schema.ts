import * as z from "zod";
import "../common/zod-messages";
import { MAX_ID } from "../common/validation";
import { PROFILE_STATUSES, PROFILE_STEPS } from "./values";

/**
 * The requests of /smeb/exhibitor/info/* that are not a form of their own (schema.ts has those): a
 * step's fields as posted, the review queue's paging and the ids the reads name. Used by the API
 * (server/api/routes/exhibitor.ts) through the declarations in endpoints.server.ts.
 */

const step = z.enum(PROFILE_STEPS, { message: "errors.badRequest" });

/**
 * A step's fields travel beside `step`, each a text or a list (a checkbox group, maybe named
 * "field[]"); the server reads exactly the step's fields (STEP_FIELDS) and keeps the rest out.
 * The contact codes are checked, never kept.
 */
const contactCodes = { contact1MobileCode: z.unknown().optional(), contact1EmailCode: z.unknown().optional() };

/** saveDraft: the step, its fields, and `validate` ("1") to check the step's full rules after saving. */
export const saveDraftSchema = z.looseObject({ step, validate: z.unknown().optional(), ...contactCodes });
/** update (submit for review): the step to save first, if any, and its fields. */
export const submitProfileSchema = z.looseObject({ step: z.preprocess((v) => (v === "" ? undefined : v), step.optional()), ...contactCodes });
/** updateExhibitorContact: the contacts step's fields (a body of another shape, a JSON list, has none: all empty). */
export const updateContactsSchema = z.preprocess((body) => (Array.isArray(body) ? {} : body), z.looseObject({ ...contactCodes }));

export const reviewListQuerySchema = z.object({
  status: z.preprocess((v) => v || undefined, z.enum(PROFILE_STATUSES, { message: "errors.badRequest" }).default("under_review")),
  page: z.preprocess(
    (v) => v || undefined,
    z.coerce.number({ message: "errors.badRequest" }).int("errors.badRequest").min(1, "errors.badRequest").max(10_000, "errors.badRequest").default(1),
  ),
  pageSize: z.preprocess(
    (v) => v || undefined,
    z.coerce.number({ message: "errors.badRequest" }).int("errors.badRequest").min(1, "errors.badRequest").max(100, "errors.badRequest").default(20),
  ),
});
export const userIdQuerySchema = z.object({
  userId: z.coerce.number({ message: "errors.badRequest" }).int("errors.badRequest").positive("errors.badRequest").max(MAX_ID, "errors.badRequest"),
});
export const uniqueIdQuerySchema = z.object({
  uniqueId: z.string({ message: "errors.badRequest" }).trim().min(1, "errors.badRequest").max(64, "errors.badRequest"),
});
