import * as z from "zod";
import { API_ACTION, PAGE_HISTORY_MAX_ACTIONS } from "./page-history";
import "../common/zod-messages";
import { blank, idValue, isRealDate, optionalText, pageNumber, requiredText, withProp, INTERNATIONAL_PHONE, MAINLAND_MOBILE } from "../common/validation";
import { AREAS, type Area, type AreaLevel, MEMBER_AREAS } from "./areas";
import "./texts";

/**
 * The team forms (docs/decisions/069): inviting a member or a staff account, their grants, a staff
 * role composed by the organizer, and the history's filters. One schema per form, for the pages and
 * the API. A grant travels as one field per area, `grant.<area>` = none | read | edit: a native
 * select, so the form posts without JavaScript.
 */
const label = (name: string) => `team.fields.${name}`;

/** User names people sign in with: letters, digits and . _ - (an e-mail address works as one too). */
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9._@-]{2,49}$/;

const username = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z
    .string({ message: withProp("validation.required", label("username")) })
    .min(1, withProp("validation.required", label("username")))
    .max(50, withProp("validation.tooLong", label("username"), 50))
    .regex(USERNAME, "team.errors.usernameShape"),
);

const optionalEmail = z.preprocess(
  (v) => blank(typeof v === "string" ? v.trim() : v),
  z
    .string()
    .max(120, withProp("validation.tooLong", label("email"), 120))
    .pipe(z.email("validation.email"))
    .optional(),
);

const optionalMobile = z.preprocess(
  (v) => blank(typeof v === "string" ? v.replace(/[\s-]/g, "") : v),
  z
    .string()
    .max(20, withProp("validation.tooLong", label("mobile"), 20))
    .refine((v) => MAINLAND_MOBILE.test(v) || (v.startsWith("+") && INTERNATIONAL_PHONE.test(v)), withProp("validation.correct", label("mobile")))
    .optional(),
);

const LEVEL_CHOICES = ["none", "read", "edit"] as const;
const levelField = z.preprocess((v) => blank(v) ?? "none", z.enum(LEVEL_CHOICES, { message: "team.errors.unknownLevel" }));

/** `grant.<area>` fields for the given areas; any other `grant.*` field is a forged grant and refused. */
function grantsOf(areas: readonly Area[]) {
  return z
    .record(z.string(), z.unknown())
    .optional()
    .transform((fields, ctx) => {
      const grants: Partial<Record<Area, AreaLevel>> = {};
      for (const [area, value] of Object.entries(fields ?? {})) {
        if (!(areas as readonly string[]).includes(area)) {
          ctx.addIssue({ code: "custom", message: "team.errors.unknownArea", path: [area] });
          continue;
        }
        const level = levelField.safeParse(value);
        if (!level.success) {
          ctx.addIssue({ code: "custom", message: "team.errors.unknownLevel", path: [area] });
          continue;
        }
        if (level.data !== "none") grants[area as Area] = level.data;
      }
      return grants;
    });
}

/**
 * A form posts `grant.<area>` as flat fields (a JSON caller may send `grant: {…}`): gathered into
 * `grant` before the schema reads them, so a forged `grant.<anything>` is seen and refused.
 */
function withGrantFields<S extends z.ZodType>(schema: S): S {
  // Typed as the object it wraps: forms and callers pass the same fields either way.
  return z.preprocess((value) => {
    if (!value || typeof value !== "object" || Array.isArray(value)) return value;
    const fields = value as Record<string, unknown>;
    const grant: Record<string, unknown> = fields.grant && typeof fields.grant === "object" ? { ...(fields.grant as object) } : {};
    for (const [key, level] of Object.entries(fields)) if (key.startsWith("grant.")) grant[key.slice("grant.".length)] = level;
    return { ...fields, grant };
  }, schema) as unknown as S;
}

const contactRequired = (v: { email?: string; mobile?: string }) => Boolean(v.email || v.mobile);

/** The invitation's own fields: the page's form constraints come from these (the grants are selects). */
export const inviteFieldsSchema = z.object({
  username,
  displayName: requiredText(label("displayName"), 50),
  email: optionalEmail,
  mobile: optionalMobile,
});

export const inviteMemberSchema = withGrantFields(
  inviteFieldsSchema.extend({ grant: grantsOf(MEMBER_AREAS) }).refine(contactRequired, { message: "team.errors.contactRequired", path: ["email"] }),
);
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

export const memberGrantsSchema = withGrantFields(z.object({ memberId: idValue(label("member")), grant: grantsOf(MEMBER_AREAS) }));
export const memberIdSchema = z.object({ memberId: idValue(label("member")) });

export const inviteStaffSchema = z
  .object({
    username,
    displayName: requiredText(label("displayName"), 50),
    email: optionalEmail,
    mobile: optionalMobile,
    roleId: idValue(label("role")),
  })
  .refine(contactRequired, { message: "team.errors.contactRequired", path: ["email"] });
export type InviteStaffInput = z.infer<typeof inviteStaffSchema>;

export const staffRoleChangeSchema = z.object({ userId: idValue(label("staff")), roleId: idValue(label("role")) });
export const staffIdSchema = z.object({ userId: idValue(label("staff")) });

export const staffRoleSchema = withGrantFields(
  z
    .object({
      roleId: z.preprocess(blank, idValue(label("role")).optional()),
      nameZh: requiredText(label("roleNameZh"), 40),
      nameEn: requiredText(label("roleNameEn"), 60),
      seesPersonalData: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
      grant: grantsOf(AREAS),
    })
    // The accounts and settings it edits are made of contacts: masked ones would be saved back masked.
    .refine((role) => role.seesPersonalData || role.grant.showSettings !== "edit", {
      message: "team.errors.settingsNeedPersonalData",
      path: ["seesPersonalData"],
    }),
);
export type StaffRoleInput = z.infer<typeof staffRoleSchema>;

export const HISTORY_KINDS = [
  "create",
  "update",
  "submit",
  "withdraw",
  "delete",
  "review",
  "import",
  "invite",
  "remind",
  "calendar",
  "settings",
  "grant",
  "signIn",
  "signInFailed",
  "other",
] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** A day as typed in a date field (yyyy-mm-dd), read as a day in UTC+8; a day not in the calendar (2026-13-45) is refused, not queried. */
const optionalDay = z.preprocess(
  blank,
  z
    .string()
    .refine(isRealDate, withProp("validation.correct", label("day")))
    .optional(),
);

export const historyQuerySchema = z.object({
  company: optionalText(label("company"), 100),
  person: optionalText(label("person"), 100),
  area: z.preprocess(blank, z.enum(AREAS, { message: "team.errors.unknownArea" }).optional()),
  kind: z.preprocess(blank, z.enum(HISTORY_KINDS, { message: withProp("validation.correct", label("kind")) }).optional()),
  from: optionalDay,
  to: optionalDay,
  pageNum: pageNumber(label("page")),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** The record types whose history a record's page shows (server/history names each one's area and owner). */
export const HISTORY_RECORD_TYPES = [
  "badge",
  "exhibitorProfile",
  "serviceOrder",
  "transportDeclaration",
  "invoice",
  "truck",
  "blueCar",
  "paymentVoucher",
  "taiwanFiling",
  "member",
  "staff",
] as const;
export type HistoryRecordType = (typeof HISTORY_RECORD_TYPES)[number];

/** The actions (API paths, comma-separated) whose changes a page lists (app/contracts/team/page-history.ts). */
export const pageHistorySchema = z.object({
  actions: z
    .string({ message: withProp("validation.required", label("page")) })
    .transform((value) => value.split(",").filter(Boolean))
    .pipe(
      z
        .array(z.string().regex(API_ACTION, withProp("validation.correct", label("page"))))
        .min(1, withProp("validation.required", label("page")))
        .max(PAGE_HISTORY_MAX_ACTIONS, withProp("validation.correct", label("page"))),
    ),
});

export const recordHistorySchema = z.object({
  type: z.enum(HISTORY_RECORD_TYPES, { message: withProp("validation.correct", label("record")) }),
  id: z.preprocess(
    (v) => (typeof v === "number" ? String(v) : v),
    z
      .string({ message: withProp("validation.required", label("record")) })
      .min(1, withProp("validation.required", label("record")))
      .max(64, withProp("validation.tooLong", label("record"), 64)),
  ),
});
