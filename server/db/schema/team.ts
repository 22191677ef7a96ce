import type { ColumnType, Generated } from "kysely";
import type { CreatedAt, JsonColumn, Timestamp } from "./columns";
import type { AreaLevel } from "../../../app/contracts/team/areas";
import type { HistoryChange } from "../../../app/contracts/team/api-types";

/** A role of the organizer's staff: built in (`builtin` names it) or composed by the organizer (0045-teams-and-history). */
interface StaffRoleTable {
  id: Generated<number>;
  exhibition_id: number;
  builtin: string | null;
  name_zh: string;
  name_en: string;
  sees_personal_data: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

interface StaffRoleGrantTable {
  role_id: number;
  area: string;
  level: AreaLevel;
}

/** A person on a team: an exhibitor company's member (company_user_id) or an organizer's staff account (staff_role_id). */
interface TeamMemberTable {
  user_id: number;
  company_user_id: number | null;
  staff_role_id: number | null;
  display_name: string;
  invited_by: number | null;
  invited_at: Timestamp;
  revoked_at: Timestamp | null;
}

interface MemberGrantTable {
  user_id: number;
  area: string;
  level: AreaLevel;
}

/** One entry of the history: append-only, the table refuses updates and deletes (0045-teams-and-history). */
interface HistoryTable {
  id: Generated<number>;
  exhibition_id: number;
  at: Timestamp;
  actor_user_id: number | null;
  actor_label: string;
  actor_company: string | null;
  actor_role: string;
  on_behalf_of: string | null;
  company_user_id: number | null;
  area: string | null;
  kind: string;
  action: string;
  record_type: string | null;
  record_id: string | null;
  summary: string | null;
  changes: JsonColumn<HistoryChange[] | null>;
}

/** The team and history tables, part of DB (./index.ts). */
export interface TeamTables {
  staff_roles: StaffRoleTable;
  staff_role_grants: StaffRoleGrantTable;
  team_members: TeamMemberTable;
  member_grants: MemberGrantTable;
  history: HistoryTable;
}
