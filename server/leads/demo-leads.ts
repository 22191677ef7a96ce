import type { Db } from "../db/database";

const HOUR_MS = 60 * 60 * 1000;

const TAGS = ["工业机器人", "华东客户", "经销商", "需要报价"];
const NOTES = [
  "对协作机器人感兴趣，想要下月到工厂演示。",
  "现有供应商交期太长，询问备件价格。",
  "经销商，覆盖浙江、江苏两省。",
  "Asked for the English catalogue and export prices.",
  "",
  "带来图纸，需要技术部评估。",
  "只是随便看看。",
];
const RATINGS = ["hot", "warm", "cold", "hot", "warm", null, "cold"] as const;

/**
 * std01's leads at the show (issue 56): its tags, and about a dozen visitors scanned by the owner and
 * by std01c (its booth member), a few hours apart back from `now` (business time), some rated, noted
 * and tagged. Only when std01 has no lead yet; needs the demo visitors and std01c (seedTeamDemo).
 */
export async function seedLeadsDemo(db: Db, exhibitionId: number, now: Date) {
  const users = await db
    .selectFrom("users")
    .select(["id", "username"])
    .where("username", "in", ["std01", "std01c"])
    .where("exhibition_id", "=", exhibitionId)
    .execute();
  const owner = users.find((u) => u.username === "std01");
  const member = users.find((u) => u.username === "std01c");
  if (!owner) return;
  const existing = await db.selectFrom("leads").select("id").where("company_user_id", "=", owner.id).executeTakeFirst();
  if (existing) return;
  const tags = await db
    .insertInto("lead_tags")
    .values(TAGS.map((name) => ({ exhibition_id: exhibitionId, company_user_id: owner.id, name })))
    .onConflict((oc) => oc.columns(["company_user_id", "name"]).doNothing())
    .returning("id")
    .execute();
  const visitors = await db
    .selectFrom("visitors")
    .select("id")
    .where("exhibition_id", "=", exhibitionId)
    .where("erased_at", "is", null)
    .orderBy("visitor_no")
    .limit(12)
    .execute();
  for (const [i, visitor] of visitors.entries()) {
    const byMember = member && i % 3 !== 0;
    const scanner = byMember ? { id: member.id, label: "李娜" } : { id: owner.id, label: "std01" };
    const at = new Date(now.getTime() - (i * 5 + 1) * HOUR_MS);
    const lead = await db
      .insertInto("leads")
      .values({
        exhibition_id: exhibitionId,
        company_user_id: owner.id,
        visitor_id: visitor.id,
        rating: RATINGS[i % RATINGS.length] ?? null,
        notes: NOTES[i % NOTES.length]!,
        tag_ids: JSON.stringify(tags.filter((_, t) => (i + t) % 3 === 0).map((t) => t.id)),
        follow_up: i % 4 === 0,
        scanned_by_user_id: scanner.id,
        scanned_by_label: scanner.label,
        first_scanned_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db.insertInto("lead_scans").values({ company_user_id: owner.id, lead_id: lead.id, scanned_by_user_id: scanner.id, scanned_at: at }).execute();
  }
}
