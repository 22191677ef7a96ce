import * as z from "zod";
import "../common/zod-messages";
import { optionalText, requiredText, withProp } from "../common/validation";
import { CONTENT_BODY_MAX, CONTENT_PAGE_SLUGS, CONTENT_TITLE_MAX } from "./content-values";
import "./texts";

/** One content page as the organizer saves it: titles and texts in both languages (the plain format: "## " headings, "- " lists). */
export const contentSaveSchema = z.object({
  slug: z.enum(CONTENT_PAGE_SLUGS, { message: withProp("validation.correct", "home.contentEdit.page") }),
  titleZh: requiredText("home.contentEdit.titleZh", CONTENT_TITLE_MAX),
  titleEn: requiredText("home.contentEdit.titleEn", CONTENT_TITLE_MAX),
  bodyZh: requiredText("home.contentEdit.bodyZh", CONTENT_BODY_MAX),
  bodyEn: optionalText("home.contentEdit.bodyEn", CONTENT_BODY_MAX),
});
