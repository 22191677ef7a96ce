import type { Area, Grants } from "./areas";
import type { HistoryKind } from "./schema";

/** One changed field of a history entry: its value before and after (a file by its name and size). */
export type HistoryChange = { field: string; old: string | null; new: string | null };

/** One entry of the history as pages show it; `at` is ISO (pages print it in UTC+8). */
export type HistoryEntry = {
  id: string;
  at: string;
  actor: string;
  actorCompany: string | null;
  /** owner, member, contractor, carrier, organizer, staff:<role name>, system. */
  actorRole: string;
  onBehalfOf: string | null;
  area: Area | null;
  kind: HistoryKind;
  /** The API path or named action that made the change. */
  action: string;
  recordType: string | null;
  recordId: string | null;
  summary: string | null;
  changes: HistoryChange[];
};

export type HistoryPage = { rows: HistoryEntry[]; total: number; pageNum: number; pageSize: number };

/** A member of an exhibitor's team, as the owner's team page shows it. */
export type TeamMemberView = {
  memberId: number;
  username: string;
  displayName: string;
  email: string | null;
  mobile: string | null;
  /** Signed in with a password of their own at least once (the set-password link was used). */
  activated: boolean;
  invitedAt: string;
  revokedAt: string | null;
  grants: Grants;
};

export type TeamView = { owner: { username: string; displayName: string }; members: TeamMemberView[] };

export type StaffRoleView = {
  roleId: number;
  builtin: string | null;
  nameZh: string;
  nameEn: string;
  seesPersonalData: boolean;
  grants: Grants;
  accounts: number;
};

export type StaffAccountView = {
  userId: number;
  username: string;
  displayName: string;
  email: string | null;
  mobile: string | null;
  activated: boolean;
  roleId: number | null;
  revokedAt: string | null;
  /** A full organizer (the built-in full role, or an organizer account given no role). */
  full: boolean;
};

export type StaffView = { roles: StaffRoleView[]; accounts: StaffAccountView[] };

/** Who the signed-in person is on a team, for the header and the pages: shown in infoVO. */
export type TeamIdentity =
  | { kind: "owner" }
  | { kind: "member"; memberId: number; username: string; displayName: string; grants: Grants }
  | { kind: "staff"; roleName: string; roleNameEn: string; grants: Grants; seesPersonalData: boolean };
