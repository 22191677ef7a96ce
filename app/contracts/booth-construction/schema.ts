import * as z from "zod";
import "../common/zod-messages";
import {
  blank,
  idValue,
  isRealDate,
  listPaging,
  mobileForLanguage,
  optionalList,
  optionalFileUrl,
  optionalText,
  optionalVersion,
  requiredChoice,
  requiredDate,
  requiredFileUrl,
  requiredList,
  requiredText,
  withProp,
} from "../common/validation";
import { yuanAmount } from "../common/money";
import { EQUIPMENT_CODES } from "./equipment";
import {
  BUILD_INTENTS,
  CARPET_COLOURS,
  CARPET_SLOTS,
  COMMENT_MAX,
  COMMITMENT_SCANS_MAX,
  DECISIONS,
  DRAWING_KINDS,
  EXTRA_BOARDS_MAX,
  FASCIA_MODES,
  FASCIA_NAME_EN_MAX,
  FASCIA_NAME_ZH_MAX,
  INSURED_MAX_CENTS,
  OTHER_REQUIREMENTS_MAX,
  REVIEW_STATUSES,
  REVIEW_SUBJECTS,
  WALLS,
} from "./values";
import "./texts";

/**
 * Booth construction (spec /boothConstruction; API /smeb/boothBuild/*): one schema per form, for the
 * page's action and the API alike. Rules that need the exhibition's data (build-up days, the
 * insurance minimum, the deadline, the booth's type) are the server's. Messages are i18n keys.
 */
const F = (name: string) => `boothConstruction.fields.${name}`;

/** The lists and limits, zod-free for the browser (values.ts); the server's code imports them from here too. */
export * from "./values";

const optionalBooth = z.preprocess(blank, idValue(F("booth")).optional());
const version = optionalVersion(F("record"));
const optionalDate = (prop: string) =>
  z.preprocess((v) => (typeof v === "string" ? blank(v.trim()) : v), z.string().refine(isRealDate, withProp("validation.correct", prop)).optional());
const optionalChoice = <const T extends readonly [string, ...string[]]>(prop: string, values: T) =>
  z.preprocess(blank, z.enum(values, { message: withProp("validation.correct", prop) }).optional());

/**
 * The standard booth build (standardConstruction). A draft may be incomplete; a submission needs
 * the fascia (the standard board's Chinese name, or the custom artwork).
 */
export const standardBuildSchema = z
  .object({
    boothId: optionalBooth,
    version,
    intent: requiredChoice(F("intent"), BUILD_INTENTS),
    fasciaMode: requiredChoice(F("fasciaMode"), FASCIA_MODES),
    fasciaNameZh: optionalText(F("fasciaNameZh"), FASCIA_NAME_ZH_MAX),
    fasciaNameEn: optionalText(F("fasciaNameEn"), FASCIA_NAME_EN_MAX),
    fasciaFileUrl: optionalFileUrl(F("fasciaFile")),
    unneededEquipment: optionalList(
      F("unneededEquipment"),
      z.enum(EQUIPMENT_CODES, { message: withProp("validation.correct", F("unneededEquipment")) }),
      EQUIPMENT_CODES.length,
    ),
    wallsRemoved: optionalList(F("wallsRemoved"), z.enum(WALLS, { message: withProp("validation.correct", F("wallsRemoved")) }), WALLS.length),
    extraBoards: z.preprocess(
      (v) => (v === undefined || (typeof v === "string" && v.trim() === "") ? 0 : v),
      z.coerce
        .number({ message: withProp("validation.correct", F("extraBoards")) })
        .int(withProp("validation.correct", F("extraBoards")))
        .min(0, withProp("validation.correct", F("extraBoards")))
        .max(EXTRA_BOARDS_MAX, withProp("validation.correct", F("extraBoards"))),
    ),
    positioningDate: optionalDate(F("positioningDate")),
    carpetColour: requiredChoice(F("carpetColour"), CARPET_COLOURS),
    carpetLayingDay: optionalDate(F("carpetLayingDay")),
    carpetLayingSlot: optionalChoice(F("carpetLayingSlot"), CARPET_SLOTS),
    otherRequirements: optionalText(F("otherRequirements"), OTHER_REQUIREMENTS_MAX),
  })
  .superRefine((value, ctx) => {
    if (value.intent !== "submit") return;
    // An overseas exhibitor's fascia may carry its English name only (decision 056).
    if (value.fasciaMode === "standard" && !value.fasciaNameZh && !value.fasciaNameEn)
      ctx.addIssue({ code: "custom", path: ["fasciaNameZh"], message: "boothConstruction.errors.fasciaNameMissing" });
    if (value.fasciaMode === "custom" && !value.fasciaFileUrl)
      ctx.addIssue({ code: "custom", path: ["fasciaFileUrl"], message: withProp("validation.required", F("fasciaFile")) });
    if (Boolean(value.carpetLayingDay) !== Boolean(value.carpetLayingSlot)) {
      ctx.addIssue({
        code: "custom",
        path: [value.carpetLayingDay ? "carpetLayingSlot" : "carpetLayingDay"],
        message: withProp("validation.required", F(value.carpetLayingDay ? "carpetLayingSlot" : "carpetLayingDay")),
      });
    }
  });
export type StandardBuildInput = z.output<typeof standardBuildSchema>;

export const boothQuerySchema = z.object({ boothId: optionalBooth });

/** Public liability insurance (insurancePurchase, raw space). */
export const insuranceSchema = z
  .object({
    boothId: optionalBooth,
    version,
    insurer: requiredText(F("insurer"), 100),
    policyNo: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      z
        .string({ message: withProp("validation.required", F("policyNo")) })
        .min(1, withProp("validation.required", F("policyNo")))
        .max(40, withProp("validation.tooLong", F("policyNo"), 40))
        .regex(/^[A-Za-z0-9][A-Za-z0-9-]*$/, withProp("validation.correct", F("policyNo"))),
    ),
    insuredAmount: yuanAmount(F("insuredAmount"), INSURED_MAX_CENTS),
    validFrom: requiredDate(F("validFrom")),
    validTo: requiredDate(F("validTo")),
    policyUrl: requiredFileUrl(F("policyFile")),
  })
  .superRefine((value, ctx) => {
    if (value.validTo < value.validFrom) ctx.addIssue({ code: "custom", path: ["validTo"], message: "boothConstruction.errors.validToBeforeFrom" });
  });
export type InsuranceInput = z.output<typeof insuranceSchema>;

/** The entry safety commitment's details (entrySafetyCommitment, both booth types). */
export function commitmentSchema(language: "zh" | "en") {
  return z.object({
    boothId: optionalBooth,
    version,
    responsiblePerson: requiredText(F("responsiblePerson"), 50),
    builderCompany: requiredText(F("builderCompany"), 100),
    mobile: mobileForLanguage(F("mobile"), language),
    // docs/product.md § Service orders: 'please tick that you have read the rules'.
    readRules: z.preprocess((v) => v === "on" || v === "true" || v === true, z.literal(true, { message: "validation.tickRules" })),
  });
}
export const commitmentSchemaZh = commitmentSchema("zh");
/** @public tests/support/schemas.ts finds every exported schema of the contracts. */
export const commitmentSchemaEn = commitmentSchema("en");
export type CommitmentInput = z.output<ReturnType<typeof commitmentSchema>>;

/** The signed and stamped commitment: scans (images or PDFs), combined into one PDF. */
export const commitmentScansSchema = z.object({
  boothId: optionalBooth,
  version,
  scanUrls: requiredList(
    F("signedScans"),
    z.string().regex(/^\/files\/[A-Za-z0-9_-]{1,64}$/, withProp("validation.correct", F("signedScans"))),
    1,
    COMMITMENT_SCANS_MAX,
  ),
});
export type CommitmentScansInput = z.output<typeof commitmentScansSchema>;

/** One new version of a special booth's drawing (specialBoothCIProcess, raw space). */
export const drawingUploadSchema = z.object({
  boothId: optionalBooth,
  kind: requiredChoice(F("drawingKind"), DRAWING_KINDS),
  fileUrl: requiredFileUrl(F("drawingFile")),
  note: optionalText(F("drawingNote"), 200),
});
export type DrawingUploadInput = z.output<typeof drawingUploadSchema>;

/** The organizer's review queue: filters and paging (the export ignores the paging). */
export const reviewQuerySchema = z.object({
  subject: optionalChoice(F("subject"), REVIEW_SUBJECTS),
  status: optionalChoice(F("status"), REVIEW_STATUSES),
  keyword: optionalText(F("keyword"), 50),
  ...listPaging,
});
export type ReviewQuery = z.output<typeof reviewQuerySchema>;

/** Approve, or return with a comment; `version` is the one the organizer saw (drawings have none). */
export const decisionSchema = z
  .object({
    subject: requiredChoice(F("subject"), REVIEW_SUBJECTS),
    id: idValue(F("record")),
    decision: requiredChoice(F("decision"), DECISIONS),
    comment: optionalText(F("comment"), COMMENT_MAX),
    version,
  })
  .superRefine((value, ctx) => {
    if (value.decision === "return" && !value.comment)
      ctx.addIssue({ code: "custom", path: ["comment"], message: withProp("validation.required", F("comment")) });
  });
export type DecisionInput = z.output<typeof decisionSchema>;

export const historyQuerySchema = z.object({ subject: requiredChoice(F("subject"), REVIEW_SUBJECTS), id: idValue(F("record")) });
