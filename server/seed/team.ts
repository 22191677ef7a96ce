import type { Database } from "../db/database";
import { hashPassword } from "../auth/password";
import { appClock } from "../clock";
import { MEMBER_ROLE_ID, ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";
import type { AreaLevel, BuiltinStaffRole } from "../../app/contracts/team/areas";
import { addBuiltinStaffRoles } from "../team/membership";

const DEMO_PASSWORD = "Expo#2026";

/** std01's team and the organizer's staff (docs/decisions/069), with the demo's published password. */
export const DEMO_TEAM_ACCOUNTS = [
  { username: "std01a", note: "std01's team member: transport and vehicles (edit)" },
  { username: "std01b", note: "std01's team member: invoices and vouchers (edit)" },
  { username: "std01c", note: "std01's team member at the booth: scans visitors' passes (leads, edit)" },
  { username: "finance01", note: "organizer's staff: finance desk" },
  { username: "logistics01", note: "organizer's staff: logistics" },
  { username: "viewer01", note: "organizer's staff: read-only, personal data masked" },
].map((a) => ({ ...a, password: DEMO_PASSWORD }));

const MEMBERS: { username: string; company: string; name: string; email: string; mobile: string; grants: Record<string, AreaLevel> }[] = [
  { username: "std01a", company: "std01", name: "王晓东", email: "wangxd@galaxy-smart.example.com", mobile: "13812340001", grants: { transport: "edit" } },
  { username: "std01b", company: "std01", name: "赵敏", email: "zhaomin@galaxy-smart.example.com", mobile: "13812340002", grants: { invoices: "edit" } },
  { username: "std01c", company: "std01", name: "李娜", email: "lina@galaxy-smart.example.com", mobile: "13812340003", grants: { leads: "edit" } },
];

const STAFF: { username: string; name: string; email: string; role: BuiltinStaffRole }[] = [
  { username: "finance01", name: "陈会计", email: "finance@pitf.example.org", role: "finance" },
  { username: "logistics01", name: "刘调度", email: "logistics@pitf.example.org", role: "logistics" },
  { username: "viewer01", name: "孙总监", email: "director@pitf.example.org", role: "readOnly" },
];

/** Adds what is missing of the demo's teams; a member or staff account that exists is left as it is. */
export async function seedTeamDemo(db: Database, exhibitionId: number) {
  await addBuiltinStaffRoles(db, exhibitionId);
  const existing = new Set((await db.selectFrom("users").select("username").where("exhibition_id", "=", exhibitionId).execute()).map((u) => u.username));
  const missing = [...MEMBERS, ...STAFF].filter((a) => !existing.has(a.username));
  if (!missing.length) return;
  const hash = await hashPassword(DEMO_PASSWORD);
  const now = appClock.now();
  for (const member of MEMBERS.filter((m) => !existing.has(m.username))) {
    const company = await db
      .selectFrom("users")
      .select(["id", "business_name", "business_name_en"])
      .where("username", "=", member.company)
      .where("exhibition_id", "=", exhibitionId)
      .executeTakeFirst();
    if (!company) continue;
    const user = await db
      .insertInto("users")
      .values({
        username: member.username,
        password_hash: hash,
        role_id: MEMBER_ROLE_ID,
        exhibition_id: exhibitionId,
        business_name: company.business_name,
        business_name_en: company.business_name_en,
        contact_name: member.name,
        contact_email: member.email,
        contact_phone: member.mobile,
        activated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("team_members")
      .values({ user_id: user.id, company_user_id: company.id, display_name: member.name, invited_by: company.id, invited_at: now })
      .execute();
    await db
      .insertInto("member_grants")
      .values(Object.entries(member.grants).map(([area, level]) => ({ user_id: user.id, area, level })))
      .execute();
  }
  const roles = await db.selectFrom("staff_roles").select(["id", "builtin"]).where("exhibition_id", "=", exhibitionId).execute();
  for (const staff of STAFF.filter((s) => !existing.has(s.username))) {
    const user = await db
      .insertInto("users")
      .values({
        username: staff.username,
        password_hash: hash,
        role_id: ORGANIZER_ROLE_ID,
        exhibition_id: exhibitionId,
        business_name: "主办方运营",
        business_name_en: "Organizer operations",
        contact_name: staff.name,
        contact_email: staff.email,
        activated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const roleId = roles.find((r) => r.builtin === staff.role)!.id;
    await db
      .insertInto("team_members")
      .values({ user_id: user.id, company_user_id: null, staff_role_id: roleId, display_name: staff.name, invited_at: now })
      .execute();
  }
}
