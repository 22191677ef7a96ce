import * as z from "zod";
import "../common/zod-messages";
import { blank, idValue, listPaging, optionalText, requiredFileUrl, requiredText, withProp, checkbox, sortOrder } from "../common/validation";
import { DATA_CLASS_NAME_MAX, DATA_FILE_DESCRIPTION_MAX, DATA_FILE_LANGUAGES, DATA_FILE_NAME_MAX, DATA_KEYWORD_MAX } from "./values";
import "./texts";

const sort = sortOrder("dataArea.fields.sort");

/** Class ids: repeated fields or "1,2,3"; none is every class the caller sees. */
const CLASS_IDS = withProp("validation.correct", "dataArea.fields.class");
const classIds = z.preprocess(
  (v) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : typeof v === "string" || typeof v === "number" ? String(v).split(",") : v),
  z.array(idValue("dataArea.fields.class"), { message: CLASS_IDS }).max(50, CLASS_IDS),
);

/** Files of some classes (the spec's "files by class ids"), searched by name or description, a page at a time. */
export const dataFilesSchema = z.object({
  classIds,
  keyword: optionalText("dataArea.fields.keyword", DATA_KEYWORD_MAX),
  /** Only the logo and banner class's files (/index/bannerDownload). */
  banner: checkbox,
  ...listPaging,
});

export const dataFileIdSchema = z.object({ id: idValue("dataArea.fields.file") });
export const dataClassIdSchema = z.object({ id: idValue("dataArea.fields.class") });

/** The organizer's class: new without an id. */
export const dataClassSaveSchema = z.object({
  id: z.preprocess(blank, idValue("dataArea.fields.class").optional()),
  nameZh: requiredText("dataArea.fields.nameZh", DATA_CLASS_NAME_MAX),
  nameEn: requiredText("dataArea.fields.nameEn", DATA_CLASS_NAME_MAX),
  sort,
  hidden: checkbox,
  banner: checkbox,
});

/** The organizer's file: new without an id (the file required), or an edit (a new file replaces the old one). */
export const dataFileSaveSchema = z
  .object({
    id: z.preprocess(blank, idValue("dataArea.fields.file").optional()),
    classId: idValue("dataArea.fields.class"),
    nameZh: requiredText("dataArea.fields.nameZh", DATA_FILE_NAME_MAX),
    nameEn: optionalText("dataArea.fields.nameEn", DATA_FILE_NAME_MAX),
    descriptionZh: optionalText("dataArea.fields.descriptionZh", DATA_FILE_DESCRIPTION_MAX),
    descriptionEn: optionalText("dataArea.fields.descriptionEn", DATA_FILE_DESCRIPTION_MAX),
    language: z.preprocess(blank, z.enum(DATA_FILE_LANGUAGES, { message: withProp("validation.correct", "dataArea.fields.language") }).default("all")),
    fileUrl: z.preprocess((v) => (Array.isArray(v) ? v[0] : blank(v)), requiredFileUrl("dataArea.fields.file").optional()),
    sort,
    hidden: checkbox,
  })
  .superRefine((value, issues) => {
    if (!value.id && !value.fileUrl) issues.addIssue({ code: "custom", path: ["fileUrl"], message: withProp("validation.required", "dataArea.fields.file") });
  });
