import type { Database } from "../db/database";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import { deleteMemberSessions } from "../auth/sessions";
import { appClock } from "../clock";
import { iso } from "../db/column-values";
import { ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";
import { AREAS, type Area, type AreaLevel, FULL_ORGANIZER, type Grants, isArea } from "../../app/contracts/team/areas";
import type { HistoryChange, StaffAccountView, StaffRoleView, StaffView } from "../../app/contracts/team/api-types";
import type { InviteStaffInput, StaffRoleInput } from "../../app/contracts/team/schema";
import { addInvitedPerson, refuseTakenIdentity } from "./members";
import { addBuiltinStaffRoles } from "./membership";

/**
 * The organizer's staff (docs/decisions/069): organizer accounts (role 1) with a staff role that
 * limits them to its grants. An organizer account without a role, or with the built-in full role, is
 * a full organizer; at least one active full organizer always remains. A role change or a revocation
 * ends the account's sessions; a composed role's change ends the sessions of everyone holding it.
 */
export type Organizer = { userId: number; exhibitionId: number };

export async function staffOf(db: Database, exhibitionId: number): Promise<StaffView> {
  await addBuiltinStaffRoles(db, exhibitionId);
  const roles = await db.selectFrom("staff_roles").selectAll().where("exhibition_id", "=", exhibitionId).orderBy("id").execute();
  const grants = roles.length
    ? await db
        .selectFrom("staff_role_grants")
        .selectAll()
        .where(
          "role_id",
          "in",
          roles.map((r) => r.id),
        )
        .execute()
    : [];
  const accounts = await db
    .selectFrom("users")
    .leftJoin("team_members", "team_members.user_id", "users.id")
    .select([
      "users.id",
      "users.username",
      "users.contact_name",
      "users.contact_email",
      "users.contact_phone",
      "users.activated_at",
      "users.password_hash",
      "team_members.display_name",
      "team_members.staff_role_id",
      "team_members.revoked_at",
    ])
    .where("users.exhibition_id", "=", exhibitionId)
    .where("users.role_id", "=", ORGANIZER_ROLE_ID)
    .orderBy("users.id")
    .execute();
  const fullRole = roles.find((r) => r.builtin === FULL_ORGANIZER);
  return {
    roles: roles.map((role) => ({
      roleId: role.id,
      builtin: role.builtin,
      nameZh: role.name_zh,
      nameEn: role.name_en,
      seesPersonalData: role.sees_personal_data,
      grants: Object.fromEntries(grants.filter((g) => g.role_id === role.id && isArea(g.area)).map((g) => [g.area, g.level])) as Grants,
      accounts: accounts.filter((a) => (a.staff_role_id ?? fullRole?.id) === role.id && !a.revoked_at).length,
    })),
    accounts: accounts.map((a) => ({
      userId: a.id,
      username: a.username,
      displayName: a.display_name ?? a.contact_name ?? a.username,
      email: a.contact_email,
      mobile: a.contact_phone,
      activated: a.activated_at !== null,
      roleId: a.staff_role_id ?? fullRole?.id ?? null,
      revokedAt: iso(a.revoked_at),
      full: !a.revoked_at && (a.staff_role_id === null || a.staff_role_id === fullRole?.id),
    })),
  };
}

async function accountOf(db: Database, exhibitionId: number, userId: number): Promise<StaffAccountView> {
  const account = (await staffOf(db, exhibitionId)).accounts.find((a) => a.userId === userId);
  if (!account) throw notFound("team.errors.notStaff");
  return account;
}

async function roleOf(db: Database, exhibitionId: number, roleId: number) {
  const role = await db.selectFrom("staff_roles").selectAll().where("id", "=", roleId).where("exhibition_id", "=", exhibitionId).executeTakeFirst();
  if (!role) throw new ApiError(ApiCode.badRequest, "team.errors.unknownRole");
  return role;
}

/** Refuses a change that would leave no active full organizer (checked inside the change's transaction). */
async function keepOneFullOrganizer(db: Database, exhibitionId: number) {
  const view = await staffOf(db, exhibitionId);
  if (!view.accounts.some((a) => a.full)) throw new ApiError(ApiCode.conflict, "team.errors.lastFullOrganizer");
}

export async function inviteStaff(db: Database, organizer: Organizer, input: InviteStaffInput) {
  await refuseTakenIdentity(db, input);
  const role = await roleOf(db, organizer.exhibitionId, input.roleId);
  const exhibitionName = await db.selectFrom("exhibitions").select("name_zh").where("id", "=", organizer.exhibitionId).executeTakeFirst();
  const userId = await db.transaction().execute((trx) =>
    addInvitedPerson(trx, {
      person: input,
      roleId: ORGANIZER_ROLE_ID,
      exhibitionId: organizer.exhibitionId,
      businessName: exhibitionName?.name_zh ?? null,
      businessNameEn: null,
      invitedBy: organizer.userId,
      team: { company_user_id: null, staff_role_id: role.id },
    }),
  );
  return { account: await accountOf(db, organizer.exhibitionId, userId), changes: [{ field: "role", old: null, new: role.name_en }] as HistoryChange[] };
}

/** Gives an organizer account a role (the first time, an account that had none gets its staff row). */
export async function changeStaffRole(db: Database, organizer: Organizer, userId: number, roleId: number) {
  if (userId === organizer.userId) throw new ApiError(ApiCode.conflict, "team.errors.ownAccount");
  const before = await accountOf(db, organizer.exhibitionId, userId);
  const role = await roleOf(db, organizer.exhibitionId, roleId);
  const oldRole = before.roleId ? await roleOf(db, organizer.exhibitionId, before.roleId) : null;
  await db.transaction().execute(async (trx) => {
    const display = before.displayName;
    await trx
      .insertInto("team_members")
      .values({
        user_id: userId,
        company_user_id: null,
        staff_role_id: role.id,
        display_name: display,
        invited_by: organizer.userId,
        invited_at: appClock.now(),
      })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ staff_role_id: role.id }))
      .execute();
    await keepOneFullOrganizer(trx, organizer.exhibitionId);
  });
  await deleteMemberSessions(db, userId);
  return { account: await accountOf(db, organizer.exhibitionId, userId), changes: [{ field: "role", old: oldRole?.name_en ?? null, new: role.name_en }] };
}

export async function revokeStaff(db: Database, organizer: Organizer, userId: number) {
  if (userId === organizer.userId) throw new ApiError(ApiCode.conflict, "team.errors.ownAccount");
  const before = await accountOf(db, organizer.exhibitionId, userId);
  if (before.revokedAt) throw new ApiError(ApiCode.conflict, "team.errors.revoked");
  const roles = (await staffOf(db, organizer.exhibitionId)).roles;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("team_members")
      .values({
        user_id: userId,
        company_user_id: null,
        staff_role_id: before.roleId ?? roles[0]!.roleId,
        display_name: before.displayName,
        invited_by: organizer.userId,
        invited_at: appClock.now(),
        revoked_at: appClock.now(),
      })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ revoked_at: appClock.now() }))
      .execute();
    await keepOneFullOrganizer(trx, organizer.exhibitionId);
  });
  await deleteMemberSessions(db, userId);
  return { account: await accountOf(db, organizer.exhibitionId, userId), changes: [{ field: "access", old: "active", new: "revoked" }] };
}

/** A role the organizer composes (new, or one of its own changed); the built-in ones stay as they are. */
export async function saveStaffRole(db: Database, organizer: Organizer, input: StaffRoleInput): Promise<{ role: StaffRoleView; changes: HistoryChange[] }> {
  const existing = input.roleId ? await roleOf(db, organizer.exhibitionId, input.roleId) : null;
  if (existing?.builtin) throw new ApiError(ApiCode.conflict, "team.errors.builtinRole");
  const roleId = await db.transaction().execute(async (trx) => {
    const values = { name_zh: input.nameZh, name_en: input.nameEn, sees_personal_data: input.seesPersonalData };
    const id = existing
      ? (await trx.updateTable("staff_roles").set(values).where("id", "=", existing.id).returning("id").executeTakeFirstOrThrow()).id
      : (
          await trx
            .insertInto("staff_roles")
            .values({ ...values, exhibition_id: organizer.exhibitionId, builtin: null })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
    await trx.deleteFrom("staff_role_grants").where("role_id", "=", id).execute();
    const rows = AREAS.filter((area) => input.grant[area]).map((area) => ({ role_id: id, area: area as Area, level: input.grant[area] as AreaLevel }));
    if (rows.length) await trx.insertInto("staff_role_grants").values(rows).execute();
    return id;
  });
  if (existing) {
    const holders = await db.selectFrom("team_members").select("user_id").where("staff_role_id", "=", roleId).execute();
    for (const holder of holders) await deleteMemberSessions(db, holder.user_id);
  }
  const role = (await staffOf(db, organizer.exhibitionId)).roles.find((r) => r.roleId === roleId)!;
  const changes = AREAS.filter((area) => input.grant[area]).map((area) => ({ field: `grant.${area}`, old: null, new: input.grant[area] ?? null }));
  return { role, changes: [{ field: "name", old: existing?.name_en ?? null, new: input.nameEn }, ...changes] };
}
