import type { Database } from "../db/database";
import { recordHistory } from "./history-record";
import { CARRIER_ROLE_ID, EXHIBITOR_ROLE_ID, ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";

const ROLE_NAMES: Record<number, string> = { [ORGANIZER_ROLE_ID]: "organizer", [EXHIBITOR_ROLE_ID]: "owner", [CARRIER_ROLE_ID]: "carrier" };

/**
 * Signing in as a person on a team (docs/decisions/069): a member's session acts for the company's
 * account; a revoked member or staff account is refused. Every sign-in, and every failed one of an
 * account that exists, goes into the history.
 */
export async function signInSeat(db: Database, userId: number): Promise<{ companyUserId: number | null; revoked: boolean }> {
  const row = await db.selectFrom("team_members").select(["company_user_id", "revoked_at"]).where("user_id", "=", userId).executeTakeFirst();
  return { companyUserId: row?.company_user_id ?? null, revoked: Boolean(row?.revoked_at) };
}

/** The person's own account row (a member's, not the company's): for their password. */
export async function personSigningIn(db: Database, userId: number) {
  const row = await db.selectFrom("users").select(["id", "password_hash"]).where("id", "=", userId).executeTakeFirstOrThrow();
  return { id: row.id, passwordHash: row.password_hash };
}

type Account = { id: number; exhibition_id: number; business_name: string | null; username: string; role_id: number };

export async function recordSignIn(db: Database, account: Account, kind: "signIn" | "signInFailed", ip: string) {
  const member = await db
    .selectFrom("team_members")
    .leftJoin("users as company", "company.id", "team_members.company_user_id")
    .select(["team_members.company_user_id", "team_members.display_name", "team_members.staff_role_id", "company.business_name as company_name"])
    .where("team_members.user_id", "=", account.id)
    .executeTakeFirst();
  const companyUserId = member?.company_user_id ?? null;
  await recordHistory(db, {
    exhibitionId: account.exhibition_id,
    actor: {
      userId: account.id,
      label: member ? `${member.display_name} (${account.username})` : account.username,
      company: companyUserId ? (member?.company_name ?? null) : account.business_name,
      role: companyUserId ? "member" : member?.staff_role_id ? "staff" : (ROLE_NAMES[account.role_id] ?? "owner"),
      onBehalfOf: null,
    },
    companyUserId: companyUserId ?? account.id,
    area: null,
    kind,
    action: "/login/login",
    recordType: "account",
    recordId: account.id,
    summary: ip,
  });
}
