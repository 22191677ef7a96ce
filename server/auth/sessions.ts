import crypto from "node:crypto";
import type { Database } from "../db/database";

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not all become writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** Only a hash of the ticket is stored: a leaked table does not hand out live sessions. */
export function ticketId(ticket: string) {
  return crypto.createHash("sha256").update(ticket).digest("hex");
}

export async function createSession(
  db: Database,
  input: { userId: number; boothId: number | null; ip?: string; userAgent?: string; contractorAccessId?: number; memberUserId?: number },
) {
  const ticket = crypto.randomBytes(32).toString("base64url");
  await db
    .insertInto("sessions")
    .values({
      id: ticketId(ticket),
      user_id: input.userId,
      booth_id: input.boothId,
      ip: input.ip ?? null,
      user_agent: input.userAgent?.slice(0, 400) ?? null,
      contractor_access_id: input.contractorAccessId ?? null,
      member_user_id: input.memberUserId ?? null,
      // Both times from this process's clock, which is what they are compared with (not the database's).
      created_at: new Date(),
      last_seen_at: new Date(),
    })
    .execute();
  return ticket;
}

export type ActiveSession = {
  id: string;
  userId: number;
  boothId: number | null;
  /** An entrusted contractor's session: acts for userId, limited to that grant (server/contractors). */
  contractorAccessId: number | null;
  /** An exhibitor's team member's session: the person, acting for userId (the company) within their grants (server/team). */
  memberUserId: number | null;
  createdAt: Date;
  lastSeenAt: Date;
};

export function isExpired(session: { created_at: Date; last_seen_at: Date }, now = new Date()) {
  return now.getTime() - session.last_seen_at.getTime() > SESSION_IDLE_MS || now.getTime() - session.created_at.getTime() > SESSION_ABSOLUTE_MS;
}

/** Returns the live session for a ticket, sliding its idle window; expired rows are deleted. */
export async function resolveSession(db: Database, ticket: string | undefined | null, now = new Date()) {
  if (!ticket || ticket.length > 200) return null;
  const id = ticketId(ticket);
  const row = await db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? keepAlive(db, row, now) : null;
}

/**
 * The live session with its account and its chosen skin, in one statement:
 * every API call starts with this (server/api/require-session.ts).
 */
export async function resolveSessionWithUser(db: Database, ticket: string | undefined | null, now = new Date()) {
  if (!ticket || ticket.length > 200) return null;
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .leftJoin("user_preferences", "user_preferences.user_id", "sessions.user_id")
    .selectAll("sessions")
    .select([
      "users.username",
      "users.role_id",
      "users.exhibition_id",
      "users.business_name",
      "users.business_name_en",
      "users.password_hash",
      "users.contact_phone",
      "users.contact_email",
      "user_preferences.skin as preferred_skin",
    ])
    .where("sessions.id", "=", ticketId(ticket))
    .executeTakeFirst();
  if (!row) return null;
  const session = await keepAlive(db, row, now);
  if (!session) return null;
  const user = {
    id: row.user_id,
    username: row.username,
    roleId: row.role_id,
    exhibitionId: row.exhibition_id,
    businessName: row.business_name,
    businessNameEn: row.business_name_en,
    passwordHash: row.password_hash,
    contactPhone: row.contact_phone,
    contactEmail: row.contact_email,
  };
  return { session, user, skin: row.preferred_skin ?? null };
}

type SessionRow = {
  id: string;
  user_id: number;
  booth_id: number | null;
  contractor_access_id: number | null;
  member_user_id: number | null;
  created_at: Date;
  last_seen_at: Date;
};

async function keepAlive(db: Database, row: SessionRow, now: Date): Promise<ActiveSession | null> {
  if (isExpired(row, now)) {
    await db.deleteFrom("sessions").where("id", "=", row.id).execute();
    return null;
  }
  if (now.getTime() - row.last_seen_at.getTime() > TOUCH_INTERVAL_MS) {
    await db.updateTable("sessions").set({ last_seen_at: now }).where("id", "=", row.id).execute();
    row.last_seen_at = now;
  }
  return {
    id: row.id,
    userId: row.user_id,
    boothId: row.booth_id,
    contractorAccessId: row.contractor_access_id,
    memberUserId: row.member_user_id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
  };
}

export async function deleteSession(db: Database, ticket: string) {
  await db.deleteFrom("sessions").where("id", "=", ticketId(ticket)).execute();
}

/** Revoking a contractor's access ends the contractor's sessions in every process at once. */
export async function deleteContractorSessions(db: Database, contractorAccessId: number) {
  await db.deleteFrom("sessions").where("contractor_access_id", "=", contractorAccessId).execute();
}

/** A member's grants changed or were revoked, or a staff account's role: their sessions end in every process at once. */
export async function deleteMemberSessions(db: Database, memberUserId: number) {
  await db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("member_user_id", "=", memberUserId), eb("user_id", "=", memberUserId)]))
    .execute();
}

/**
 * After a password change: the person's other sessions end (an owner's own, or a member's, who acts
 * under the company's id). Contractors never used the password: their grants are revoked on their own.
 */
export async function deleteOtherSessions(db: Database, personId: number, keepSessionId: string) {
  await db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("member_user_id", "=", personId), eb.and([eb("user_id", "=", personId), eb("member_user_id", "is", null)])]))
    .where("id", "!=", keepSessionId)
    .where("contractor_access_id", "is", null)
    .execute();
}

/** Housekeeping: drop rows that can no longer be used. Safe to run from any process. */
export async function purgeExpiredSessions(db: Database, now = new Date()) {
  await db
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([eb("last_seen_at", "<", new Date(now.getTime() - SESSION_IDLE_MS)), eb("created_at", "<", new Date(now.getTime() - SESSION_ABSOLUTE_MS))]),
    )
    .execute();
}
