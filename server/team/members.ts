import { sql } from "kysely";
import type { Database } from "../db/database";
import { ApiCode, ApiError, fieldError, notFound } from "../api/envelope";
import { deleteMemberSessions } from "../auth/sessions";
import { appClock } from "../clock";
import { iso } from "../db/column-values";
import { MEMBER_ROLE_ID } from "../../app/contracts/permission/roles";
import { type Area, type AreaLevel, type Grants, isArea, MEMBER_AREAS } from "../../app/contracts/team/areas";
import type { HistoryChange, TeamMemberView, TeamView } from "../../app/contracts/team/api-types";
import type { InviteMemberInput } from "../../app/contracts/team/schema";

/**
 * An exhibitor's team (docs/decisions/069): the company's account (its owner signs in to it) invites
 * members, each a `users` row of role 4 with its own sign-in and a `team_members` row naming the
 * company, and grants them areas. Only the owner's session manages the team (the API refuses it to
 * members: server/team/api-areas.ts); every change here ends the member's sessions, so a new grant
 * or a revocation holds from the next request on, in every process.
 */
export type TeamOwner = { userId: number; exhibitionId: number };

const grantsChanges = (before: Grants, after: Grants): HistoryChange[] =>
  MEMBER_AREAS.filter((area) => (before[area] ?? null) !== (after[area] ?? null)).map((area) => ({
    field: `grant.${area}`,
    old: before[area] ?? null,
    new: after[area] ?? null,
  }));

async function grantsOf(db: Database, userIds: number[]): Promise<Map<number, Grants>> {
  const rows = userIds.length ? await db.selectFrom("member_grants").select(["user_id", "area", "level"]).where("user_id", "in", userIds).execute() : [];
  const byUser = new Map<number, Grants>();
  for (const row of rows) if (isArea(row.area)) byUser.set(row.user_id, { ...byUser.get(row.user_id), [row.area]: row.level });
  return byUser;
}

export async function teamOf(db: Database, owner: TeamOwner): Promise<TeamView> {
  const account = await db.selectFrom("users").select(["username", "business_name", "contact_name"]).where("id", "=", owner.userId).executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("team_members")
    .innerJoin("users", "users.id", "team_members.user_id")
    .select([
      "team_members.user_id",
      "team_members.display_name",
      "team_members.invited_at",
      "team_members.revoked_at",
      "users.username",
      "users.contact_email",
      "users.contact_phone",
      "users.activated_at",
    ])
    .where("team_members.company_user_id", "=", owner.userId)
    .orderBy("team_members.invited_at")
    .orderBy("team_members.user_id")
    .execute();
  const grants = await grantsOf(
    db,
    rows.map((r) => r.user_id),
  );
  return {
    owner: { username: account.username, displayName: account.contact_name ?? account.business_name ?? account.username },
    members: rows.map((r) => ({
      memberId: r.user_id,
      username: r.username,
      displayName: r.display_name,
      email: r.contact_email,
      mobile: r.contact_phone,
      activated: r.activated_at !== null,
      invitedAt: iso(r.invited_at) ?? "",
      revokedAt: iso(r.revoked_at),
      grants: grants.get(r.user_id) ?? {},
    })),
  };
}

export async function memberOf(db: Database, owner: TeamOwner, memberId: number): Promise<TeamMemberView> {
  // The owner is not a member: never revoked, never without an area (hand the account over instead).
  if (memberId === owner.userId) throw new ApiError(ApiCode.conflict, "team.errors.ownerKeepsEverything");
  const member = (await teamOf(db, owner)).members.find((m) => m.memberId === memberId);
  // Another company's member, a staff account or nobody: the same answer, nothing about whose it is.
  if (!member) throw notFound("team.errors.notYourMember");
  return member;
}

/** Refuses a user name or a contact already on another account (any role, case-insensitively). */
export async function refuseTakenIdentity(db: Database, input: { username: string; email?: string; mobile?: string }) {
  const taken = await db.selectFrom("users").select("id").where(sql<string>`lower(username)`, "=", input.username.toLowerCase()).executeTakeFirst();
  if (taken) throw fieldError("team.errors.usernameTaken", "username");
  const contacts = [input.email?.toLowerCase(), input.mobile].filter((v): v is string => Boolean(v));
  if (!contacts.length) return;
  const used = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb.or([eb(sql<string>`lower(contact_email)`, "in", contacts), eb("contact_phone", "in", contacts)]))
    .executeTakeFirst();
  if (used) throw fieldError("team.errors.contactTaken", input.email ? "email" : "mobile");
}

async function writeGrants(db: Database, userId: number, grants: Grants) {
  await db.deleteFrom("member_grants").where("user_id", "=", userId).execute();
  const rows = Object.entries(grants).map(([area, level]) => ({ user_id: userId, area: area as Area, level: level as AreaLevel }));
  if (rows.length) await db.insertInto("member_grants").values(rows).execute();
}

/** Who invites whom: the person's account and their team row, as a member of a company or as a staff account. */
type InvitedPerson = {
  person: { username: string; displayName: string; email?: string; mobile?: string };
  roleId: number;
  exhibitionId: number;
  businessName: string | null;
  businessNameEn: string | null;
  invitedBy: number;
  team: { company_user_id: number; staff_role_id?: never } | { company_user_id: null; staff_role_id: number };
};

/** The invited person's account (no password yet: the set-password link activates it) and team row; their id. */
export async function addInvitedPerson(db: Database, invited: InvitedPerson): Promise<number> {
  const { person } = invited;
  const user = await db
    .insertInto("users")
    .values({
      username: person.username,
      password_hash: "",
      // Not activated until the set-password link is used (the column defaults to now for older accounts).
      activated_at: null,
      role_id: invited.roleId,
      exhibition_id: invited.exhibitionId,
      business_name: invited.businessName,
      business_name_en: invited.businessNameEn,
      contact_name: person.displayName,
      contact_email: person.email ?? null,
      contact_phone: person.mobile ?? null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("team_members")
    .values({ user_id: user.id, ...invited.team, display_name: person.displayName, invited_by: invited.invitedBy, invited_at: appClock.now() })
    .execute();
  return user.id;
}

/** A new member of the owner's company, with their grants. */
export async function inviteMember(db: Database, owner: TeamOwner, input: InviteMemberInput) {
  await refuseTakenIdentity(db, input);
  const company = await db.selectFrom("users").select(["business_name", "business_name_en"]).where("id", "=", owner.userId).executeTakeFirstOrThrow();
  const userId = await db.transaction().execute(async (trx) => {
    const id = await addInvitedPerson(trx, {
      person: input,
      roleId: MEMBER_ROLE_ID,
      exhibitionId: owner.exhibitionId,
      businessName: company.business_name,
      businessNameEn: company.business_name_en,
      invitedBy: owner.userId,
      team: { company_user_id: owner.userId },
    });
    await writeGrants(trx, id, input.grant);
    return id;
  });
  return { member: await memberOf(db, owner, userId), changes: grantsChanges({}, input.grant) };
}

export async function changeGrants(db: Database, owner: TeamOwner, memberId: number, grants: Grants) {
  const before = await memberOf(db, owner, memberId);
  if (before.revokedAt) throw new ApiError(ApiCode.conflict, "team.errors.revoked");
  await db.transaction().execute((trx) => writeGrants(trx, memberId, grants));
  await deleteMemberSessions(db, memberId);
  return { member: await memberOf(db, owner, memberId), changes: grantsChanges(before.grants, grants) };
}

export async function revokeMember(db: Database, owner: TeamOwner, memberId: number) {
  const before = await memberOf(db, owner, memberId);
  if (before.revokedAt) throw new ApiError(ApiCode.conflict, "team.errors.revoked");
  await db.updateTable("team_members").set({ revoked_at: appClock.now() }).where("user_id", "=", memberId).execute();
  await deleteMemberSessions(db, memberId);
  return { member: await memberOf(db, owner, memberId), changes: [{ field: "access", old: "active", new: "revoked" }] };
}

export async function restoreMember(db: Database, owner: TeamOwner, memberId: number) {
  const before = await memberOf(db, owner, memberId);
  if (!before.revokedAt) throw new ApiError(ApiCode.conflict, "team.errors.notRevoked");
  await db.updateTable("team_members").set({ revoked_at: null }).where("user_id", "=", memberId).execute();
  return { member: await memberOf(db, owner, memberId), changes: [{ field: "access", old: "revoked", new: "active" }] };
}

/**
 * Hands the company's account over to a member: the member's user name, password and contact move to
 * the company's account (which keeps every record), the former owner's to the member's row, who becomes
 * a member with every area. Both are signed out. The user names are swapped through a free name, as
 * the unique index sees each step.
 */
export async function handOver(db: Database, owner: TeamOwner, memberId: number) {
  const member = await memberOf(db, owner, memberId);
  if (member.revokedAt) throw new ApiError(ApiCode.conflict, "team.errors.revoked");
  await db.transaction().execute(async (trx) => {
    const columns = ["username", "password_hash", "contact_email", "contact_phone", "contact_name", "activated_at", "password_changed_at"] as const;
    const ownerRow = await trx.selectFrom("users").select(columns).where("id", "=", owner.userId).executeTakeFirstOrThrow();
    const memberRow = await trx.selectFrom("users").select(columns).where("id", "=", memberId).executeTakeFirstOrThrow();
    await trx
      .updateTable("users")
      .set({ username: `handover-${memberId}-${Date.now()}` })
      .where("id", "=", memberId)
      .execute();
    await trx.updateTable("users").set(memberRow).where("id", "=", owner.userId).execute();
    await trx.updateTable("users").set(ownerRow).where("id", "=", memberId).execute();
    await trx
      .updateTable("team_members")
      .set({ display_name: ownerRow.contact_name ?? ownerRow.username })
      .where("user_id", "=", memberId)
      .execute();
    await writeGrants(trx, memberId, Object.fromEntries(MEMBER_AREAS.map((area) => [area, "edit"])));
    await trx.deleteFrom("sessions").where("user_id", "=", owner.userId).where("contractor_access_id", "is", null).execute();
  });
  await deleteMemberSessions(db, memberId);
  return { team: await teamOf(db, owner), changes: [{ field: "owner", old: member.displayName, new: member.username }] };
}
