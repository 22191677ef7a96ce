import * as z from "zod";
import "../common/zod-messages";
import { idValue, optionalText, requiredList, requiredText, STORED_FILE_URL, withProp } from "../common/validation";
import { EXHIBIT_DESCRIPTION_MAX, EXHIBIT_IMAGES_MAX, EXHIBIT_NAME_EN_MAX, EXHIBIT_NAME_ZH_MAX } from "./values";
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
