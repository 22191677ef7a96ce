import type { ColumnType, Generated } from "kysely";
import type { MeetingSlot, ReservationStatus } from "../../../app/contracts/reservations/values";
import type { CreatedAt, Day, JsonColumn, Timestamp } from "./columns";

type Flag = ColumnType<boolean, boolean | undefined, boolean>;
type Counter = ColumnType<number, number | undefined, number>;
type Text = ColumnType<string, string | undefined, string>;
type Status = ColumnType<ReservationStatus, ReservationStatus | undefined, ReservationStatus>;
/** Set when the organizer deleted a row that requests or bookings name (migration 0034-reservation-history). */
type RetiredAt = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A partner hotel (migration 0032-business-reservations); requests may be cancelled until `cancel_until` (an exhibition day). */
interface HotelTable {
  id: Generated<number>;
  exhibition_id: number;
  name_zh: string;
  name_en: string;
  address_zh: Text;
  address_en: Text;
  note_zh: Text;
  note_en: Text;
  cancel_until: Day;
  sort: Counter;
  hidden: Flag;
  created_at: CreatedAt;
  updated_at: Timestamp;
  retired_at: RetiredAt;
}

/** A room type's block in a hotel: `rooms_per_night` rooms each night from `first_night` to `last_night`. */
interface RoomBlockTable {
  id: Generated<number>;
  hotel_id: number;
  room_type_zh: string;
  room_type_en: string;
  price_cents: number;
  rooms_per_night: number;
  /** The most rooms one exhibitor's live requests hold on a night (migration 0036). */
  max_rooms_per_exhibitor: Counter;
  first_night: Day;
  last_night: Day;
  created_at: CreatedAt;
  updated_at: Timestamp;
  retired_at: RetiredAt;
}

/** An exhibitor's rooms in a block: nights from check-in up to the night before check-out. */
interface RoomRequestTable {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  block_id: number;
  check_in: Day;
  check_out: Day;
  rooms: number;
  guest_names: JsonColumn<string[]>;
  contact_mobile: string;
  status: Status;
  comment: Text;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface MeetingRoomTable {
  id: Generated<number>;
  exhibition_id: number;
  name_zh: string;
  name_en: string;
  capacity: number;
  location_zh: Text;
  location_en: Text;
  sort: Counter;
  hidden: Flag;
  created_at: CreatedAt;
  updated_at: Timestamp;
  retired_at: RetiredAt;
}

/** A meeting room's slot of a day, held while requested or confirmed. */
interface MeetingBookingTable {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  room_id: number;
  day: Day;
  slot: MeetingSlot;
  people: number;
  topic: Text;
  status: Status;
  comment: Text;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** Business reservations tables (issue 41), part of DB (./index.ts). */
export interface ReservationTables {
  hotels: HotelTable;
  room_blocks: RoomBlockTable;
  room_requests: RoomRequestTable;
  meeting_rooms: MeetingRoomTable;
  meeting_bookings: MeetingBookingTable;
}
