import * as z from "zod";
import "../../common/zod-messages";
import { blank, idValue, requiredChoice, requiredText, STORED_FILE_URL, withProp } from "../../common/validation";
import { INVITATION_EXHIBITS_MAX, INVITATION_LANGUAGES, TEMPLATE_NAME_MAX } from "../values";
import "../texts";

const F = (name: string) => `promotion.templates.fields.${name}`;

/**
 * An invitation template as the organizer sets it: names in both languages, the language(s) the
 * invitation is written in, how many exhibits it shows, an optional background picture (an upload
 * to the `poster` folder), the order among templates and whether exhibitors may choose it.
 */
export const templateSchema = z.object({
  nameZh: requiredText(F("nameZh"), TEMPLATE_NAME_MAX),
  nameEn: requiredText(F("nameEn"), TEMPLATE_NAME_MAX),
  language: requiredChoice(F("language"), INVITATION_LANGUAGES),
  exhibitSlots: z.preprocess(
    blank,
    z.coerce
      .number({ message: withProp("validation.required", F("exhibitSlots")) })
      .int(withProp("validation.correct", F("exhibitSlots")))
      .min(1, withProp("validation.correct", F("exhibitSlots")))
      .max(INVITATION_EXHIBITS_MAX, withProp("validation.correct", F("exhibitSlots"))),
  ),
  backgroundUrl: z.preprocess(
    (v) => (Array.isArray(v) ? v[0] : blank(v)),
    z
      .string()
      .regex(STORED_FILE_URL, withProp("validation.correct", F("background")))
      .optional(),
  ),
  sort: z.preprocess(blank, z.coerce.number().int().min(0).max(999).default(0)),
  /** A checkbox: "on" when ticked, absent when not. */
  active: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
});
export type TemplateInput = z.output<typeof templateSchema>;

export const templateUpdateSchema = templateSchema.extend({ id: idValue(F("template")) });
