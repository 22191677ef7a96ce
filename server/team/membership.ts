import type { Database } from "../db/database";
import { type Area, type AreaLevel, BUILTIN_STAFF_ROLES, type Grants, isArea } from "../../app/contracts/team/areas";

/**
 * Who on a team a session is (docs/decisions/069): an exhibitor's member acting for the company within
 * their grants, or an organizer's staff account within its role's grants. Null for a company's owner,
 * a full organizer without a staff row, a carrier, a contractor: their own rules apply.
 */
export type TeamSeat =
  | { kind: "member"; userId: number; username: string; displayName: string; grants: Grants }
  | { kind: "staff"; userId: number; roleId: number; builtin: string | null; roleName: string; roleNameEn: string; grants: Grants; seesPersonalData: boolean };

const toGrants = (rows: readonly { area: string; level: AreaLevel }[]): Grants =>
  Object.fromEntries(rows.filter((row) => isArea(row.area)).map((row) => [row.area as Area, row.level]));

/** A member's seat for a session that names them; null once they are revoked or removed (the session ends). */
export async function memberSeat(db: Database, memberUserId: number, companyUserId: number): Promise<TeamSeat | null> {
  const member = await db
    .selectFrom("team_members")
    .innerJoin("users", "users.id", "team_members.user_id")
    .select(["team_members.user_id", "team_members.display_name", "team_members.revoked_at", "users.username"])
    .where("team_members.user_id", "=", memberUserId)
    .where("team_members.company_user_id", "=", companyUserId)
    .executeTakeFirst();
  if (!member || member.revoked_at) return null;
  const grants = await db.selectFrom("member_grants").select(["area", "level"]).where("user_id", "=", memberUserId).execute();
  return { kind: "member", userId: member.user_id, username: member.username, displayName: member.display_name, grants: toGrants(grants) };
}

/**
 * An organizer account's seat: its staff role's grants, or null for a full organizer (the built-in
 * `full` role, or an organizer account that was never given a role). A revoked staff account has no
 * grants at all: every area answers 403 and its sessions were ended when it was revoked.
 */
export async function staffSeat(db: Database, userId: number): Promise<TeamSeat | null> {
  const row = await db
    .selectFrom("team_members")
    .innerJoin("staff_roles", "staff_roles.id", "team_members.staff_role_id")
    .select([
      "team_members.revoked_at",
      "staff_roles.id",
      "staff_roles.builtin",
      "staff_roles.name_zh",
      "staff_roles.name_en",
      "staff_roles.sees_personal_data",
    ])
    .where("team_members.user_id", "=", userId)
    .executeTakeFirst();
  if (!row || (row.builtin === "full" && !row.revoked_at)) return null;
  const grants = row.revoked_at ? [] : await db.selectFrom("staff_role_grants").select(["area", "level"]).where("role_id", "=", row.id).execute();
  return {
    kind: "staff",
    userId,
    roleId: row.id,
    builtin: row.builtin,
    roleName: row.name_zh,
    roleNameEn: row.name_en,
    grants: toGrants(grants),
    seesPersonalData: !row.revoked_at && row.sees_personal_data,
  };
}

/** The built-in roles' rows for an exhibition, added once (setup and the demo call it; a role the organizer changed stays). */
export async function addBuiltinStaffRoles(db: Database, exhibitionId: number) {
  for (const [builtin, role] of Object.entries(BUILTIN_STAFF_ROLES)) {
    const inserted = await db
      .insertInto("staff_roles")
      .values({ exhibition_id: exhibitionId, builtin, name_zh: role.nameZh, name_en: role.nameEn, sees_personal_data: role.seesPersonalData })
      .onConflict((oc) => oc.columns(["exhibition_id", "builtin"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) continue;
    const grants = Object.entries(role.grants as Grants).map(([area, level]) => ({ role_id: inserted.id, area, level: level as AreaLevel }));
    if (grants.length) await db.insertInto("staff_role_grants").values(grants).execute();
  }
}
