import type { Transaction } from "kysely";
import type { Database } from "../db/database";
import type { DB } from "../db/schema";
import type { ObjectStore } from "../uploads/object-store";
import type { DemoCalendar } from "./demo-calendar";

type Db = Database | Transaction<DB>;

/** The demo's bus routes and car parks (issue 41). Adds only what is missing. */
export async function seedTrafficGuidesDemo(_db: Db, _exhibitionId: number, _calendar: DemoCalendar, _store?: ObjectStore) {}
