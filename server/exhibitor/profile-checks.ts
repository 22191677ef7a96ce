import type { Language } from "../../app/contracts/i18n/config";
import { CHINA_COUNTRY_ID } from "../../app/contracts/exhibitor/address-schema";
import { LIST_FIELDS, PROFILE_STEPS, STEP_FIELDS, label, stepSchema, type ProfileDraft, type ProfileStep } from "../../app/contracts/exhibitor/schema";
import { withProp } from "../../app/contracts/common/validation";
import type { Database } from "../db/database";
import { contactVerificationErrors } from "./verification";

/**
 * A step's full rules as the server applies them: the shared zod schema (the same the forms run)
 * plus what only the database knows: whether the city has districts, whether chosen regions and
 * list ids exist in the caller's exhibition, and whether contact 1 is verified.
 */

export type FieldErrors = Record<string, string[]>;
export type CheckContext = { db: Database; userId: number; exhibitionId: number; language: Language };
/** Codes typed next to contact 1's mobile and e-mail; never stored in the draft. */
export type ContactCodes = { contact1MobileCode?: string; contact1EmailCode?: string };

const correct = (field: string) => withProp("validation.correct", label(field));
const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);
const list = (value: unknown) => (Array.isArray(value) ? value : value === undefined || value === "" ? [] : [value]).map(String);

/** "Plus the area when the field exists" (docs/product.md § Uploads): a city with level-3 children needs a district. */
async function districtsExist(db: Database, cityCode: unknown) {
  const code = text(cityCode);
  if (!code) return false;
  return Boolean(await db.selectFrom("regions").select("code").where("parent_code", "=", code).where("level", "=", 3).executeTakeFirst());
}

function add(errors: FieldErrors, field: string, message: string) {
  // One message per field is enough; the schema's own message wins.
  if (!errors[field]?.length) errors[field] = [message];
}

async function companyReferenceErrors(ctx: CheckContext, draft: ProfileDraft, errors: FieldErrors) {
  const countryId = Number(text(draft.countryId));
  if (Number.isInteger(countryId) && countryId > 0) {
    const country = await ctx.db.selectFrom("countries").select("id").where("id", "=", countryId).executeTakeFirst();
    if (!country) add(errors, "countryId", correct("countryId"));
  }
  // Each chosen region must exist and hang under the one chosen before it; outside China there are none.
  let parent: string | null = null;
  for (const [field, level] of [
    ["provinceCode", 1],
    ["cityCode", 2],
    ["districtCode", 3],
  ] as const) {
    const code = text(draft[field]);
    if (!code) break;
    if (countryId !== CHINA_COUNTRY_ID) {
      add(errors, field, correct(field));
      continue;
    }
    const region = await ctx.db.selectFrom("regions").select(["code", "parent_code"]).where("code", "=", code).where("level", "=", level).executeTakeFirst();
    if (!region || (parent !== null && region.parent_code !== parent)) add(errors, field, correct(field));
    parent = code;
  }
}

async function exhibitsReferenceErrors(ctx: CheckContext, draft: ProfileDraft, errors: FieldErrors) {
  for (const [field, table] of [
    ["exhibitClassIds", "exhibit_classes"],
    ["industryIds", "industries"],
  ] as const) {
    const ids = list(draft[field]).map(Number);
    if (!ids.length || ids.some((id) => !Number.isInteger(id) || id <= 0)) continue;
    const found = await ctx.db.selectFrom(table).select("id").where("exhibition_id", "=", ctx.exhibitionId).where("id", "in", ids).execute();
    // A repeated id is as wrong as an unknown one.
    if (found.length !== ids.length) add(errors, field, correct(field));
  }
  const themeId = Number(text(draft.themeId));
  if (!Number.isInteger(themeId) || themeId <= 0) return;
  const theme = await ctx.db
    .selectFrom("exhibition_themes")
    .select("id")
    .where("id", "=", themeId)
    .where("exhibition_id", "=", ctx.exhibitionId)
    .executeTakeFirst();
  if (!theme) return add(errors, "themeId", correct("themeId"));
  const pavilionId = Number(text(draft.pavilionId));
  if (!Number.isInteger(pavilionId) || pavilionId <= 0) return;
  const pavilion = await ctx.db
    .selectFrom("theme_halls")
    .select("hall_id")
    .where("theme_id", "=", themeId)
    .where("hall_id", "=", pavilionId)
    .executeTakeFirst();
  if (!pavilion) add(errors, "pavilionId", correct("pavilionId"));
}

/** Every error of one step (empty when the step is complete). */
export async function stepErrors(ctx: CheckContext, step: ProfileStep, draft: ProfileDraft, codes: ContactCodes = {}): Promise<FieldErrors> {
  const schemaContext = { language: ctx.language, districtsExist: step === "company" ? await districtsExist(ctx.db, draft.cityCode) : false };
  // Every field present ("" when absent): zod skips the refinements of an absent optional key,
  // which would let a missing theme or pavilion pass.
  const input: Record<string, unknown> = Object.fromEntries(STEP_FIELDS[step].map((field) => [field, draft[field] ?? (LIST_FIELDS.has(field) ? [] : "")]));
  const parsed = stepSchema(step, schemaContext).safeParse(step === "contacts" ? { ...input, ...codes } : input);
  const errors: FieldErrors = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) (errors[issue.path.join(".") || "_"] ??= []).push(issue.message);

  if (step === "company") await companyReferenceErrors(ctx, draft, errors);
  if (step === "exhibits") await exhibitsReferenceErrors(ctx, draft, errors);
  if (step === "contacts") {
    const verification = await contactVerificationErrors(ctx.db, ctx.userId, {
      contact1Mobile: text(draft.contact1Mobile) ?? "",
      contact1Email: text(draft.contact1Email) ?? "",
      contact1MobileCode: codes.contact1MobileCode,
      contact1EmailCode: codes.contact1EmailCode,
    });
    for (const [field, messages] of Object.entries(verification)) for (const message of messages) add(errors, field, message);
  }
  return errors;
}

/** All steps' errors and the first step that has any (null when the profile is complete). */
export async function profileErrors(ctx: CheckContext, draft: ProfileDraft, codes: ContactCodes = {}) {
  const fields: FieldErrors = {};
  let firstStep: ProfileStep | null = null;
  for (const step of PROFILE_STEPS) {
    const errors = await stepErrors(ctx, step, draft, codes);
    if (Object.keys(errors).length && !firstStep) firstStep = step;
    Object.assign(fields, errors);
  }
  return { firstStep, fields };
}
