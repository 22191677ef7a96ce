import type { DeadlineWindow } from "../../app/contracts/booth-construction/api-types";
import { appClock } from "../clock";
import type { Database } from "../db/database";

/**
 * The deadline of the exhibition's schedule item with this done_check (the latest when there are
 * several) and whether it has passed. An exhibition without that item has no deadline.
 */
export async function scheduleWindow(db: Database, exhibitionId: number, doneCheck: string): Promise<DeadlineWindow> {
  const item = await db
    .selectFrom("schedule_items")
    .select("deadline")
    .where("exhibition_id", "=", exhibitionId)
    .where("done_check", "=", doneCheck)
    .orderBy("deadline", "desc")
    .executeTakeFirst();
  if (!item) return { deadline: null, closed: false };
  const deadline = new Date(item.deadline);
  return { deadline: deadline.toISOString(), closed: appClock.now().getTime() > deadline.getTime() };
}
