import * as z from "zod";
import "../../common/zod-messages";
import { idValue, withProp } from "../../common/validation";
import "../texts";

/**
 * The invitation and poster images (issue 38, decision 031): which one, PNG (750 × 1334) or a PDF of
 * it, and whether it comes as a download (`download=1`) or to show in a page.
 */
const F = (name: string) => `promotion.images.fields.${name}`;

const IMAGE_FORMATS = ["png", "pdf"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
const POSTER_KINDS = ["micro", "zh", "en"] as const;

const format = z.preprocess((v) => (v === undefined || v === "" ? "png" : v), z.enum(IMAGE_FORMATS, { message: withProp("validation.correct", F("format")) }));
const download = z.preprocess((v) => v === "1" || v === "true" || v === true, z.boolean());

export const invitationImageSchema = z.object({ id: idValue("promotion.fields.invitation"), format, download });

export const posterImageSchema = z.object({
  kind: z.enum(POSTER_KINDS, { message: withProp("validation.correct", F("kind")) }),
  format,
  download,
});
