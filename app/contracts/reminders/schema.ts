import * as z from "zod";
import "../common/zod-messages";
import { idValue, listPaging } from "../common/validation";
import { REMINDER_LIMITS } from "./values";
import "./texts";

const ITEM = "reminders.item";

/**
 * The reminder settings as the form sends them: the days before a deadline as "7, 2" (or one field
 * per value), and the overdue reminder as a checkbox. Each day 1..60, at most five, no repeats.
 */
const daysList = z.preprocess(
  (v) => {
    const parts = (Array.isArray(v) ? v : [v]).flatMap((part) => (typeof part === "string" ? part.split(/[\s,，、]+/) : part === undefined ? [] : [part]));
    return parts.filter((part) => part !== "");
  },
  z
    .array(
      z.coerce
        .number({ message: "reminders.settings.dayRange" })
        .int("reminders.settings.dayRange")
        .min(REMINDER_LIMITS.minDays, "reminders.settings.dayRange")
        .max(REMINDER_LIMITS.maxDays, "reminders.settings.dayRange"),
      { message: "reminders.settings.dayRange" },
    )
    .max(REMINDER_LIMITS.maxValues, "reminders.settings.tooMany")
    .refine((days) => new Set(days).size === days.length, "reminders.settings.repeated"),
);

export const reminderSettingsSchema = z.object({
  daysBefore: daysList,
  overdue: z.preprocess((v) => v === true || v === "1" || v === "on" || v === "true", z.boolean()),
});

export const reminderItemSchema = z.object({ itemId: idValue(ITEM) });
export const reminderLogSchema = z.object({ itemId: idValue(ITEM), ...listPaging });
