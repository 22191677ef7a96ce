import * as z from "zod";
import "../common/zod-messages";
import {
  blank,
  idValue,
  INTERNATIONAL_PHONE,
  isRealDate,
  listPaging,
  MAINLAND_MOBILE,
  optionalText,
  requiredChoice,
  requiredDate,
  requiredText,
  withProp,
  checkbox,
} from "../common/validation";
import {
  BLOCK_QUOTA_MAX,
  COMMENT_MAX,
  DEFAULT_ROOMS_PER_EXHIBITOR,
  GUEST_NAME_MAX,
  HOTEL_ADDRESS_MAX,
  HOTEL_NAME_MAX,
  HOTEL_NOTE_MAX,
  MEETING_CAPACITY_MAX,
  MEETING_LOCATION_MAX,
  MEETING_ROOM_NAME_MAX,
  MEETING_SLOTS,
  MEETING_TOPIC_MAX,
  RESERVATION_DECISIONS,
  RESERVATION_STATUSES,
  ROOM_TYPE_MAX,
  ROOMS_PER_REQUEST_MAX,
  guestKey,
} from "./values";
import "./texts";

const P = "reservations.fields";

/** A whole number from a form field, between min and max: '{prop} is not correct' otherwise. */
function wholeNumber(prop: string, min: number, max: number) {
  const message = withProp("validation.correct", prop);
  return z.preprocess(blank, z.coerce.number({ message }).int(message).min(min, message).max(max, message));
}

const sort = z.preprocess(blank, wholeNumber(`${P}.sort`, 0, 9999).default(0));

/** Guest names, one a line (a textarea) or repeated fields; blank lines dropped. */
const guestNames = z.preprocess(
  (v) =>
    (Array.isArray(v) ? v : typeof v === "string" ? v.split(/\r\n?|\n/) : [])
      .filter((x): x is string => typeof x === "string")
      .map((x) => x.trim())
      .filter(Boolean),
  z
    .array(z.string().max(GUEST_NAME_MAX, withProp("validation.tooLong", `${P}.guestNames`, GUEST_NAME_MAX)))
    .min(1, withProp("validation.required", `${P}.guestNames`))
    .max(ROOMS_PER_REQUEST_MAX * 4, withProp("validation.tooMany", `${P}.guestNames`)),
);

const contactMobile = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  z
    .string({ message: withProp("validation.required", `${P}.contactMobile`) })
    .min(1, withProp("validation.required", `${P}.contactMobile`))
    .refine((v) => MAINLAND_MOBILE.test(v) || INTERNATIONAL_PHONE.test(v), withProp("validation.correct", `${P}.contactMobile`)),
);

/** The exhibitor's rooms: a block, the stay, rooms, a guest name per room at least. */
export const roomRequestSchema = z
  .object({
    blockId: idValue(`${P}.roomType`),
    checkIn: requiredDate(`${P}.checkIn`),
    checkOut: requiredDate(`${P}.checkOut`),
    rooms: wholeNumber(`${P}.rooms`, 1, ROOMS_PER_REQUEST_MAX),
    guestNames,
    contactMobile,
  })
  .superRefine((value, issues) => {
    if (value.checkOut <= value.checkIn) issues.addIssue({ code: "custom", path: ["checkOut"], message: "reservations.errors.checkOutBeforeCheckIn" });
    if (value.guestNames.length < value.rooms) issues.addIssue({ code: "custom", path: ["guestNames"], message: "reservations.errors.guestPerRoom" });
    else if (new Set(value.guestNames.map(guestKey)).size < value.guestNames.length)
      issues.addIssue({ code: "custom", path: ["guestNames"], message: "reservations.errors.guestTwice" });
  });

/** The exhibitor's meeting room booking: a room, a show day, a slot, how many people, a topic. */
export const meetingBookingSchema = z.object({
  roomId: idValue(`${P}.meetingRoom`),
  day: requiredDate(`${P}.day`),
  slot: requiredChoice(`${P}.slot`, MEETING_SLOTS),
  people: wholeNumber(`${P}.people`, 1, MEETING_CAPACITY_MAX),
  topic: optionalText(`${P}.topic`, MEETING_TOPIC_MAX),
});

export const reservationIdSchema = z.object({ id: idValue(`${P}.reservation`) });

/** The organizer's lists: by state (none: all), 50 a page. */
export const deskListSchema = z.object({
  status: z.preprocess(blank, z.enum(RESERVATION_STATUSES, { message: withProp("validation.correct", `${P}.status`) }).optional()),
  ...listPaging,
});

/** The organizer's answer to a request or booking: declining needs a comment (the exhibitor reads it). */
export const decisionSchema = z
  .object({
    id: idValue(`${P}.reservation`),
    decision: requiredChoice(`${P}.decision`, RESERVATION_DECISIONS),
    comment: optionalText(`${P}.comment`, COMMENT_MAX),
  })
  .superRefine((value, issues) => {
    if (value.decision === "decline" && !value.comment)
      issues.addIssue({ code: "custom", path: ["comment"], message: "reservations.errors.declineNeedsComment" });
  });

/** A partner hotel, new without an id. */
export const hotelSaveSchema = z.object({
  id: z.preprocess(blank, idValue(`${P}.hotel`).optional()),
  nameZh: requiredText(`${P}.nameZh`, HOTEL_NAME_MAX),
  nameEn: requiredText(`${P}.nameEn`, HOTEL_NAME_MAX),
  addressZh: optionalText(`${P}.addressZh`, HOTEL_ADDRESS_MAX),
  addressEn: optionalText(`${P}.addressEn`, HOTEL_ADDRESS_MAX),
  noteZh: optionalText(`${P}.noteZh`, HOTEL_NOTE_MAX),
  noteEn: optionalText(`${P}.noteEn`, HOTEL_NOTE_MAX),
  cancelUntil: requiredDate(`${P}.cancelUntil`),
  sort,
  hidden: checkbox,
});

/** A price in yuan with at most two decimals (kept as typed; the server turns it into fen). */
const PRICE = /^\d{1,6}(\.\d{1,2})?$/;

/** A room block of a hotel: a room type, its price a night, rooms a night, the nights it covers. */
export const blockSaveSchema = z
  .object({
    id: z.preprocess(blank, idValue(`${P}.roomType`).optional()),
    hotelId: idValue(`${P}.hotel`),
    roomTypeZh: requiredText(`${P}.roomTypeZh`, ROOM_TYPE_MAX),
    roomTypeEn: requiredText(`${P}.roomTypeEn`, ROOM_TYPE_MAX),
    price: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      z
        .string({ message: withProp("validation.required", `${P}.price`) })
        .min(1, withProp("validation.required", `${P}.price`))
        .regex(PRICE, withProp("validation.correct", `${P}.price`)),
    ),
    roomsPerNight: wholeNumber(`${P}.roomsPerNight`, 0, BLOCK_QUOTA_MAX),
    maxRoomsPerExhibitor: z.preprocess(blank, wholeNumber(`${P}.maxRoomsPerExhibitor`, 1, BLOCK_QUOTA_MAX).default(DEFAULT_ROOMS_PER_EXHIBITOR)),
    firstNight: requiredDate(`${P}.firstNight`),
    lastNight: requiredDate(`${P}.lastNight`),
  })
  .superRefine((value, issues) => {
    if (isRealDate(value.firstNight) && isRealDate(value.lastNight) && value.lastNight < value.firstNight)
      issues.addIssue({ code: "custom", path: ["lastNight"], message: "reservations.errors.lastNightBeforeFirst" });
  });

/** A meeting room, new without an id. */
export const meetingRoomSaveSchema = z.object({
  id: z.preprocess(blank, idValue(`${P}.meetingRoom`).optional()),
  nameZh: requiredText(`${P}.nameZh`, MEETING_ROOM_NAME_MAX),
  nameEn: requiredText(`${P}.nameEn`, MEETING_ROOM_NAME_MAX),
  capacity: wholeNumber(`${P}.capacity`, 1, MEETING_CAPACITY_MAX),
  locationZh: optionalText(`${P}.locationZh`, MEETING_LOCATION_MAX),
  locationEn: optionalText(`${P}.locationEn`, MEETING_LOCATION_MAX),
  sort,
  hidden: checkbox,
});
