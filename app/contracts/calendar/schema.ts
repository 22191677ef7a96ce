import * as z from "zod";
import "../common/zod-messages";
import { fromExhibitionDateTimeInput } from "../common/exhibition-time";
import { blank, idValue, optionalText, requiredDate, withProp } from "../common/validation";
import { CLOSED_MESSAGE_MAX } from "./values";
import "./texts";

/** A `datetime-local` value in exhibition time (UTC+8): YYYY-MM-DDTHH:mm. */
const isExhibitionDateTime = (v: string) => fromExhibitionDateTimeInput(v) !== null;

function requiredDateTime(prop: string) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ message: withProp("validation.required", prop) })
      .min(1, withProp("validation.required", prop))
      .refine(isExhibitionDateTime, withProp("validation.correct", prop)),
  );
}

function optionalDateTime(prop: string) {
  return z.preprocess(
    (v) => blank(typeof v === "string" ? v.trim() : v),
    z.string().refine(isExhibitionDateTime, withProp("validation.correct", prop)).optional(),
  );
}

/** The exhibition's days (YYYY-MM-DD); their order and the checklist's deadlines are the server's check (server/calendar/calendar.ts). */
export const calendarDatesSchema = z.object({
  opensOn: requiredDate("calendar.dates.opensOn"),
  endsOn: requiredDate("calendar.dates.endsOn"),
  buildUpFrom: requiredDate("calendar.dates.buildUpFrom"),
  buildUpTo: requiredDate("calendar.dates.buildUpTo"),
  dismantleFrom: requiredDate("calendar.dates.dismantleFrom"),
  dismantleTo: requiredDate("calendar.dates.dismantleTo"),
  advanceUntil: requiredDate("calendar.dates.advanceUntil"),
});

/** Every checklist item's deadline at once (a JSON body: one entry per item). */
export const calendarDeadlinesSchema = z.object({
  items: z
    .array(z.object({ id: idValue("calendar.deadlines.item"), deadline: requiredDateTime("calendar.deadlines.deadline") }), {
      message: withProp("validation.required", "calendar.deadlines.deadline"),
    })
    .min(1, withProp("validation.required", "calendar.deadlines.deadline"))
    .max(200, withProp("validation.tooMany", "calendar.deadlines.deadline")),
});

/** One button's window: its start, and its end as a fixed time or a calendar date it closes with. */
export const calendarButtonSchema = z.object({
  buttonId: idValue("calendar.buttons.button"),
  effectStart: optionalDateTime("calendar.buttons.start"),
  /** "" is a fixed time (effectEnd); else a calendar end the server knows. */
  closesWith: z.preprocess(
    blank,
    z
      .string()
      .max(60, withProp("validation.tooLong", "calendar.buttons.closesWith", 60))
      .optional(),
  ),
  effectEnd: optionalDateTime("calendar.buttons.end"),
  closedMessage: optionalText("calendar.buttons.closedMessage", CLOSED_MESSAGE_MAX),
  closedMessageEn: optionalText("calendar.buttons.closedMessageEn", CLOSED_MESSAGE_MAX),
  /** The row as the table showed it (buttonWindowShown): a row posted unchanged is left as it is now. */
  shown: z
    .string()
    .max(2000, withProp("validation.tooLong", "calendar.buttons.button", 2000))
    .optional(),
});

/** Every button's window at once (the calendar page's one form; a JSON body: one entry per button). */
export const calendarButtonsSchema = z.object({
  buttons: z
    .array(calendarButtonSchema, { message: withProp("validation.required", "calendar.buttons.button") })
    .min(1, withProp("validation.required", "calendar.buttons.button"))
    .max(200, withProp("validation.tooMany", "calendar.buttons.button")),
});
