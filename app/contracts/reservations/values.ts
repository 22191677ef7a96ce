/** Business reservations (issue 41): the exhibition's partner hotels and meeting rooms. Shared by the server, the pages and the seed (zod-free). */

/** A hotel request's or a meeting booking's state: the organizer confirms or declines a request; the exhibitor may cancel. */
export const RESERVATION_STATUSES = ["requested", "confirmed", "declined", "cancelled"] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
/** States that hold rooms or a slot: they count against the quota and block the slot. */
export const LIVE_STATUSES = ["requested", "confirmed"] as const satisfies readonly ReservationStatus[];

/** A meeting room is booked by half-day slots (times of exhibition days, UTC+8). */
export const MEETING_SLOTS = ["morning", "afternoon", "evening"] as const;
export type MeetingSlot = (typeof MEETING_SLOTS)[number];
export const MEETING_SLOT_TIMES: Record<MeetingSlot, string> = { morning: "09:00–12:00", afternoon: "13:30–17:00", evening: "18:00–21:00" };

export const RESERVATION_DECISIONS = ["confirm", "decline"] as const;
export type ReservationDecision = (typeof RESERVATION_DECISIONS)[number];

export const HOTEL_NAME_MAX = 100;
export const HOTEL_ADDRESS_MAX = 200;
export const HOTEL_NOTE_MAX = 500;
export const ROOM_TYPE_MAX = 60;
export const MEETING_ROOM_NAME_MAX = 60;
export const MEETING_LOCATION_MAX = 100;
export const MEETING_TOPIC_MAX = 100;
export const GUEST_NAME_MAX = 40;
export const COMMENT_MAX = 300;
/** Rooms of one request, and rooms of a block per night. */
export const ROOMS_PER_REQUEST_MAX = 20;
export const BLOCK_QUOTA_MAX = 999;
/** Rooms one exhibitor's live requests may hold a night in a block, unless the organizer sets another number on the block (issue 50). */
export const DEFAULT_ROOMS_PER_EXHIBITOR = 5;

/** A guest name as compared for "named once": width, spacing and case do not make another guest. */
export const guestKey = (name: string) => name.normalize("NFKC").replace(/\s+/g, " ").trim().toLowerCase();
export const MEETING_CAPACITY_MAX = 500;

export const RESERVATIONS_PATH = "/HT/businessReservations";
export const RESERVATION_DESK_PATH = "/HT/reservationDesk";
/** The organizer's lists are paged by 50. */
export const DESK_PAGE_SIZE = 50;
