import type { MeetingSlot, ReservationStatus } from "./values";

/** Answers of the business reservations endpoints (issue 41). Days are exhibition days, YYYY-MM-DD. */

/** One night of a block: rooms still free (quota less the requested and confirmed rooms). */
type NightLeft = { night: string; left: number };

export type RoomBlock = {
  id: number;
  hotelId: number;
  roomTypeZh: string;
  roomTypeEn: string;
  priceCents: number;
  roomsPerNight: number;
  /** The most rooms one exhibitor's live requests hold a night in it. */
  maxRoomsPerExhibitor: number;
  firstNight: string;
  lastNight: string;
  nights: NightLeft[];
  /** Requested and confirmed requests in it (a block with any is not deleted). */
  liveRequests: number;
};

export type Hotel = {
  id: number;
  nameZh: string;
  nameEn: string;
  addressZh: string;
  addressEn: string;
  noteZh: string;
  noteEn: string;
  /** The last day an exhibitor may cancel a request (an exhibition day, to 23:59 UTC+8). */
  cancelUntil: string;
  sort: number;
  hidden: boolean;
  blocks: RoomBlock[];
};

export type MeetingRoom = {
  id: number;
  nameZh: string;
  nameEn: string;
  capacity: number;
  locationZh: string;
  locationEn: string;
  sort: number;
  hidden: boolean;
  /** Slots held (requested or confirmed) by anyone: what a new booking cannot take. */
  taken: { day: string; slot: MeetingSlot }[];
};

export type RoomRequest = {
  id: number;
  hotelId: number;
  hotelZh: string;
  hotelEn: string;
  blockId: number;
  roomTypeZh: string;
  roomTypeEn: string;
  checkIn: string;
  checkOut: string;
  rooms: number;
  guestNames: string[];
  contactMobile: string;
  status: ReservationStatus;
  comment: string;
  /** Whether its owner may cancel it now (live and before the hotel's cut-off). */
  cancellable: boolean;
  cancelUntil: string;
  createdAt: string;
  /** The organizer's lists: who asked. */
  company?: string;
  username?: string;
};

export type MeetingBooking = {
  id: number;
  roomId: number;
  roomZh: string;
  roomEn: string;
  day: string;
  slot: MeetingSlot;
  people: number;
  topic: string;
  status: ReservationStatus;
  comment: string;
  cancellable: boolean;
  createdAt: string;
  company?: string;
  username?: string;
};

/** The exhibitor's page: what it can book and what it asked for. The organizer sees hidden hotels and rooms too. */
export type ReservationOverview = {
  hotels: Hotel[];
  meetingRooms: MeetingRoom[];
  /** The show's days: meeting rooms are booked on these. */
  showDays: string[];
  requests: RoomRequest[];
  bookings: MeetingBooking[];
};

export type Paged<T> = { total: number; page: number; pageSize: number; items: T[] };
