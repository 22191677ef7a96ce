import { sql } from "kysely";
import type { Database } from "../db/database";
import { HISTORY_RECORD_TYPES, type HistoryKind } from "../../app/contracts/team/schema";
import { recordHistory } from "../team/history-record";
import { RECORD_TABLES, rowChanges } from "../team/history-records";

/**
 * The demo's history (issue 55): each demo record's story as its own rows tell it. Its owner made it
 * (when it was created), submitted it where it went to review, and the organizer decided (when it was
 * last changed) where it is approved, issued, accepted or returned; the team's invitations come from
 * std01 and the organizer. Written once: the entries are marked by their action `demo:…`.
 */
const DECISIONS = new Set(["approved", "returned", "issued", "accepted", "completed", "confirmed"]);
const SUBMITTED = new Set(["submitted", "approved", "returned", "issued", "accepted", "contract_uploaded", "payment_claimed", "completed", "confirmed"]);
// Every record type with an owning company; the team's own rows tell their story as the invitations below.
const STORY = HISTORY_RECORD_TYPES.filter((type) => type !== "member" && type !== "staff");

type Row = { id: string; owner: number; row: Record<string, unknown>; username: string; company: string | null };

export async function seedHistoryDemo(db: Database, exhibitionId: number) {
  const told = await db.selectFrom("history").select("id").where("exhibition_id", "=", exhibitionId).where("action", "like", "demo:%").executeTakeFirst();
  if (told) return;
  const organizer = await db
    .selectFrom("users")
    .select(["id", "username", "business_name"])
    .where("username", "=", "admin")
    .where("exhibition_id", "=", exhibitionId)
    .executeTakeFirst();
  for (const type of STORY) {
    const rule = RECORD_TABLES[type];
    const { rows } = await sql<Row>`
      select t.${sql.ref(rule.id)}::text as id, t.${sql.ref(rule.owner)} as owner, to_jsonb(t) as row, u.username, u.business_name as company
      from ${sql.table(rule.table)} t join users u on u.id = t.${sql.ref(rule.owner)}
      where u.exhibition_id = ${exhibitionId}`.execute(db);
    for (const record of rows) {
      const at = (value: unknown) => (typeof value === "string" ? new Date(value) : undefined);
      const created = at(record.row.created_at) ?? at(record.row.updated_at);
      const changed = at(record.row.updated_at) ?? created;
      const status = typeof record.row.status === "string" ? record.row.status : null;
      const owner = { userId: record.owner, label: record.username, company: record.company, role: "owner", onBehalfOf: null };
      const entry = (kind: HistoryKind, when: Date | undefined, actor = owner, changes = rowChanges(null, record.row)) =>
        recordHistory(db, {
          exhibitionId,
          actor,
          companyUserId: record.owner,
          area: rule.area,
          kind,
          action: `demo:${type}`,
          recordType: type,
          recordId: record.id,
          changes,
          at: when,
        });
      await entry("create", created, owner, rowChanges(null, { ...record.row, status: status && SUBMITTED.has(status) ? "submitted" : status }));
      if (status && DECISIONS.has(status) && organizer) {
        const staff = { userId: organizer.id, label: organizer.username, company: organizer.business_name, role: "organizer", onBehalfOf: null };
        await entry("review", changed, staff, [{ field: "status", old: "submitted", new: status }]);
      }
    }
  }
  // The team: std01 invited its two members; the organizer its finance desk, logistics and read-only staff.
  const members = await db
    .selectFrom("team_members")
    .innerJoin("users", "users.id", "team_members.user_id")
    .leftJoin("users as inviter", "inviter.id", "team_members.invited_by")
    .select([
      "team_members.user_id",
      "team_members.company_user_id",
      "team_members.invited_at",
      "users.username",
      "inviter.username as inviter",
      "inviter.business_name as inviter_company",
    ])
    .where("users.exhibition_id", "=", exhibitionId)
    .execute();
  for (const member of members) {
    const byOrganizer = member.company_user_id === null;
    await recordHistory(db, {
      exhibitionId,
      actor: {
        userId: null,
        label: member.inviter ?? organizer?.username ?? "admin",
        company: byOrganizer ? (organizer?.business_name ?? null) : member.inviter_company,
        role: byOrganizer ? "organizer" : "owner",
        onBehalfOf: null,
      },
      companyUserId: member.company_user_id,
      area: byOrganizer ? "administration" : null,
      kind: "invite",
      action: "demo:team",
      recordType: byOrganizer ? "staff" : "member",
      recordId: member.user_id,
      summary: member.username,
      at: member.invited_at,
    });
  }
}
