import * as z from "zod";
import "../common/zod-messages";
import { idValue, optionalText, requiredList, requiredText, STORED_FILE_URL, withProp } from "../common/validation";
import {
  EXHIBIT_DESCRIPTION_MAX,
  EXHIBIT_IMAGES_MAX,
  EXHIBIT_NAME_EN_MAX,
  EXHIBIT_NAME_ZH_MAX,
  INVITATION_COMPANY_MAX,
  INVITATION_EXHIBITS_MAX,
  INVITATION_NAME_MAX,
} from "./values";
import "./texts";

const F = (name: string) => `promotion.fields.${name}`;

const imageUrl = z
  .string()
  .trim()
  .regex(STORED_FILE_URL, withProp("validation.correct", F("images")));

/** An exhibit as the exhibitor enters it: names and descriptions in both languages, a class, 1 to 6 images in order. */
export const exhibitSchema = z.object({
  nameZh: requiredText(F("nameZh"), EXHIBIT_NAME_ZH_MAX),
  nameEn: optionalText(F("nameEn"), EXHIBIT_NAME_EN_MAX),
  descriptionZh: optionalText(F("descriptionZh"), EXHIBIT_DESCRIPTION_MAX),
  descriptionEn: optionalText(F("descriptionEn"), EXHIBIT_DESCRIPTION_MAX),
  classId: z.preprocess((v) => (v === "" || v === null ? undefined : v), idValue(F("class")).optional()),
  imageUrls: requiredList(F("images"), imageUrl, 1, EXHIBIT_IMAGES_MAX),
});
export type ExhibitInput = z.output<typeof exhibitSchema>;

/** A change: the exhibit and the version the exhibitor saw. */
export const exhibitUpdateSchema = exhibitSchema.extend({ id: idValue(F("exhibit")), version: idValue(F("exhibit")) });

export const exhibitIdSchema = z.object({ id: idValue(F("exhibit")) });

/** The new order: every one of the exhibitor's exhibits, once, first to last (comma-separated ids). */
export const exhibitOrderSchema = z.object({
  ids: z.preprocess(
    (v) => (typeof v === "string" ? v.split(",").filter(Boolean) : v),
    z
      .array(idValue(F("exhibit")), { message: withProp("validation.required", F("order")) })
      .min(1, withProp("validation.required", F("order")))
      .max(500),
  ),
});

/**
 * An invitation: its name, the company as it should read, a template, and the exhibits it shows (at
 * least one; at most what the template holds, which the server checks against the template).
 */
export const invitationSchema = z.object({
  name: requiredText(F("invitationName"), INVITATION_NAME_MAX),
  companyName: requiredText(F("companyName"), INVITATION_COMPANY_MAX),
  templateId: idValue(F("template")),
  exhibitIds: requiredList(F("exhibits"), idValue(F("exhibits")), 1, INVITATION_EXHIBITS_MAX),
});
export type InvitationInput = z.output<typeof invitationSchema>;

export const invitationUpdateSchema = invitationSchema.extend({ id: idValue(F("invitation")), version: idValue(F("invitation")) });

export const invitationIdSchema = z.object({ id: idValue(F("invitation")) });
