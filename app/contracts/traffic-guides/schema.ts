import * as z from "zod";
import "../common/zod-messages";
import { blank, idValue, optionalText, requiredDate, requiredFileUrl, requiredText, withProp, checkbox, sortOrder } from "../common/validation";
import {
  BUS_INTERVAL_MAX,
  CAR_PARK_CAPACITY_MAX,
  CAR_PARK_TEXT_MAX,
  GUIDE_ADDRESS_MAX,
  GUIDE_INTRO_MAX,
  GUIDE_NAME_MAX,
  GUIDE_NOTE_MAX,
  GUIDES,
  TIME_OF_DAY,
} from "./values";
import "./texts";

const sort = sortOrder("trafficGuides.fields.sort");

const optionalId = (prop: string) => z.preprocess(blank, idValue(prop).optional());

function timeOfDay(prop: string) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ message: withProp("validation.required", prop) })
      .min(1, withProp("validation.required", prop))
      .regex(TIME_OF_DAY, withProp("validation.correct", prop)),
  );
}

/** A whole number from 1 to `max`, with one message for anything else. */
function positiveWhole(message: string, max: number) {
  return z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ message }).regex(/^\d+$/, message).transform(Number).pipe(z.number().int(message).min(1, message).max(max, message)),
  );
}

export const guideIntroSaveSchema = z.object({
  guide: z.preprocess(blank, z.enum(GUIDES, { message: withProp("validation.correct", "trafficGuides.fields.guide") })),
  bodyZh: optionalText("trafficGuides.fields.introZh", GUIDE_INTRO_MAX),
  bodyEn: optionalText("trafficGuides.fields.introEn", GUIDE_INTRO_MAX),
});

export const busRouteSaveSchema = z.object({
  id: optionalId("trafficGuides.fields.route"),
  nameZh: requiredText("trafficGuides.fields.nameZh", GUIDE_NAME_MAX),
  nameEn: requiredText("trafficGuides.fields.nameEn", GUIDE_NAME_MAX),
  noteZh: optionalText("trafficGuides.fields.noteZh", GUIDE_NOTE_MAX),
  noteEn: optionalText("trafficGuides.fields.noteEn", GUIDE_NOTE_MAX),
  sort,
  hidden: checkbox,
});

export const busStopSaveSchema = z.object({
  id: optionalId("trafficGuides.fields.stop"),
  routeId: idValue("trafficGuides.fields.route"),
  nameZh: requiredText("trafficGuides.fields.nameZh", GUIDE_NAME_MAX),
  nameEn: requiredText("trafficGuides.fields.nameEn", GUIDE_NAME_MAX),
  addressZh: optionalText("trafficGuides.fields.addressZh", GUIDE_ADDRESS_MAX),
  addressEn: optionalText("trafficGuides.fields.addressEn", GUIDE_ADDRESS_MAX),
  sort,
});

/** One route's day: a departure every `intervalMinutes` from the first to the last (HH:MM). The day's range is the API's check. */
export const busTimetableSaveSchema = z
  .object({
    id: optionalId("trafficGuides.fields.timetable"),
    routeId: idValue("trafficGuides.fields.route"),
    serviceDay: requiredDate("trafficGuides.fields.serviceDay"),
    firstDeparture: timeOfDay("trafficGuides.fields.firstDeparture"),
    lastDeparture: timeOfDay("trafficGuides.fields.lastDeparture"),
    intervalMinutes: positiveWhole("trafficGuides.errors.interval", BUS_INTERVAL_MAX),
  })
  .superRefine((value, issues) => {
    if (value.lastDeparture < value.firstDeparture)
      issues.addIssue({ code: "custom", path: ["lastDeparture"], message: "trafficGuides.errors.lastBeforeFirst" });
  });

export const carParkSaveSchema = z.object({
  id: optionalId("trafficGuides.fields.carPark"),
  nameZh: requiredText("trafficGuides.fields.nameZh", GUIDE_NAME_MAX),
  nameEn: requiredText("trafficGuides.fields.nameEn", GUIDE_NAME_MAX),
  addressZh: optionalText("trafficGuides.fields.addressZh", GUIDE_ADDRESS_MAX),
  addressEn: optionalText("trafficGuides.fields.addressEn", GUIDE_ADDRESS_MAX),
  hoursZh: optionalText("trafficGuides.fields.hoursZh", CAR_PARK_TEXT_MAX),
  hoursEn: optionalText("trafficGuides.fields.hoursEn", CAR_PARK_TEXT_MAX),
  pricesZh: optionalText("trafficGuides.fields.pricesZh", CAR_PARK_TEXT_MAX),
  pricesEn: optionalText("trafficGuides.fields.pricesEn", CAR_PARK_TEXT_MAX),
  capacity: positiveWhole("trafficGuides.errors.capacity", CAR_PARK_CAPACITY_MAX),
  /** A new map picture (on an edit, only to replace the current one). */
  mapUrl: z.preprocess((v) => (Array.isArray(v) ? v[0] : blank(v)), requiredFileUrl("trafficGuides.fields.map").optional()),
  sort,
  hidden: checkbox,
});

export const guideIdSchema = z.object({ id: idValue("trafficGuides.fields.item") });
