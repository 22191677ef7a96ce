import type { GroupData } from "../../app/contracts/exhibitor/schema";
import type { Database } from "../db/database";

/** Group company data (/exhibitorInfo/groupData): one row per exhibitor, keyed by the session's user. */

export async function getGroupInfo(db: Database, userId: number): Promise<GroupData | null> {
  const row = await db.selectFrom("group_info").select("data").where("user_id", "=", userId).executeTakeFirst();
  return row ? (row.data as GroupData) : null;
}

export async function saveGroupInfo(db: Database, userId: number, data: GroupData) {
  const json = JSON.stringify(data);
  await db
    .insertInto("group_info")
    .values({ user_id: userId, data: json, updated_at: new Date() })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ data: json, updated_at: new Date() }))
    .execute();
  return data;
}
