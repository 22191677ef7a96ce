import type { Transaction } from "kysely";
import type { Database } from "../db/database";
import type { DB } from "../db/schema";
import type { ObjectStore } from "../uploads/object-store";
import type { DemoCalendar } from "./demo-calendar";

type Db = Database | Transaction<DB>;

/** The demo's blue-plate cars (std01 has one car under review) (issue 41). Adds only what is missing. */
export async function seedBlueCarDemo(_db: Db, _exhibitionId: number, _calendar: DemoCalendar, _store?: ObjectStore) {}
