import * as z from "zod";
import "../common/zod-messages";

/** The longest text one call translates. */
export const TRANSLATE_MAX_LENGTH = 5000;

const language = z.enum(["cn", "zh", "en"], { message: "errors.badRequest" });

/** POST /translate {content, from, to}: Chinese → English by default ("cn" and "zh" are both Chinese). */
export const machineTranslationSchema = z.object({
  content: z.string({ message: "errors.translateNeedsChinese" }).trim().optional().default(""),
  from: language.optional().default("cn"),
  to: language.optional().default("en"),
});

export type MachineTranslation = { content: string; from: "cn" | "zh" | "en"; to: "cn" | "zh" | "en" };
