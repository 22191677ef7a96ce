import type { Transaction } from "kysely";
import type { Database } from "../db/database";
import type { DB } from "../db/schema";
import type { ObjectStore } from "../uploads/object-store";
import type { DemoCalendar } from "./demo-calendar";

type Db = Database | Transaction<DB>;

/** The demo's the epidemic declaration (on), std01's commitment and staff (issue 41). Adds only what is missing. */
export async function seedEpidemicDemo(_db: Db, _exhibitionId: number, _calendar: DemoCalendar, _store?: ObjectStore) {}
