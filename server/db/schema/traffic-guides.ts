import type { ColumnType, Generated } from "kysely";
import type { CreatedAt, Day, Timestamp } from "./columns";

type Flag = ColumnType<boolean, boolean | undefined, boolean>;
type Counter = ColumnType<number, number | undefined, number>;
type OptionalText = ColumnType<string, string | undefined, string>;

/** A guide's intro text in both languages (migration 0031-traffic-guides). */
interface TrafficGuideIntroTable {
  exhibition_id: number;
  guide: "bus" | "parking";
  body_zh: OptionalText;
  body_en: OptionalText;
  updated_at: Timestamp;
}

interface BusRouteTable {
  id: Generated<number>;
  exhibition_id: number;
  name_zh: string;
  name_en: string;
  note_zh: OptionalText;
  note_en: OptionalText;
  sort: Counter;
  hidden: Flag;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

interface BusStopTable {
  id: Generated<number>;
  route_id: number;
  name_zh: string;
  name_en: string;
  address_zh: OptionalText;
  address_en: OptionalText;
  sort: Counter;
}

/** One route's service on one day: a departure every interval_minutes from first to last (HH:MM). */
interface BusTimetableTable {
  id: Generated<number>;
  route_id: number;
  /** Read back through to_char (YYYY-MM-DD). */
  service_day: Day;
  first_departure: string;
  last_departure: string;
  interval_minutes: number;
}

interface CarParkTable {
  id: Generated<number>;
  exhibition_id: number;
  name_zh: string;
  name_en: string;
  address_zh: OptionalText;
  address_en: OptionalText;
  hours_zh: OptionalText;
  hours_en: OptionalText;
  prices_zh: OptionalText;
  prices_en: OptionalText;
  capacity: number;
  /** The map picture: a stored file the organizer uploaded (folder guide-map). */
  map_file_id: ColumnType<string | null, string | null | undefined, string | null>;
  sort: Counter;
  hidden: Flag;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** The bus and parking guides tables (issue 41), part of DB (./index.ts). */
export interface TrafficGuideTables {
  traffic_guide_intros: TrafficGuideIntroTable;
  bus_routes: BusRouteTable;
  bus_stops: BusStopTable;
  bus_timetables: BusTimetableTable;
  car_parks: CarParkTable;
}
