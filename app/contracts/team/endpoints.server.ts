import { endpoint } from "../api/endpoint";
import type { HistoryEntry, HistoryPage, StaffAccountView, StaffRoleView, StaffView, TeamMemberView, TeamView } from "./api-types";
import {
  historyQuerySchema,
  inviteMemberSchema,
  inviteStaffSchema,
  memberGrantsSchema,
  memberIdSchema,
  recordHistorySchema,
  pageHistorySchema,
  staffIdSchema,
  staffRoleChangeSchema,
  staffRoleSchema,
} from "./schema";

/**
 * Teams and history (docs/decisions/069): the owner's team (/smeb/team/*), the organizer's staff and
 * roles (/smeb/staff/*), the history of one record (/smeb/history/record: for whoever may see it) and
 * the organizer's log with its workbook (/smeb/history/list, /smeb/history/export).
 */
export const teamEndpoints = {
  team: endpoint.get("/smeb/team/list").answers<TeamView>(),
  invite: endpoint.post("/smeb/team/invite", inviteMemberSchema).answers<TeamMemberView>(),
  grant: endpoint.post("/smeb/team/grant", memberGrantsSchema).answers<TeamMemberView>(),
  revoke: endpoint.post("/smeb/team/revoke", memberIdSchema).answers<TeamMemberView>(),
  restore: endpoint.post("/smeb/team/restore", memberIdSchema).answers<TeamMemberView>(),
  resendInvitation: endpoint.post("/smeb/team/resend", memberIdSchema).answers<TeamMemberView>(),
  handOver: endpoint.post("/smeb/team/handOver", memberIdSchema).answers<TeamView>(),

  staff: endpoint.get("/smeb/staff/list").answers<StaffView>(),
  inviteStaff: endpoint.post("/smeb/staff/invite", inviteStaffSchema).answers<StaffAccountView>(),
  changeStaffRole: endpoint.post("/smeb/staff/role", staffRoleChangeSchema).answers<StaffAccountView>(),
  revokeStaff: endpoint.post("/smeb/staff/revoke", staffIdSchema).answers<StaffAccountView>(),
  saveRole: endpoint.post("/smeb/staff/roles/save", staffRoleSchema).answers<StaffRoleView>(),

  recordHistory: endpoint.get("/smeb/history/record", recordHistorySchema).answers<HistoryEntry[]>(),
  pageHistory: endpoint.get("/smeb/history/page", pageHistorySchema).answers<HistoryEntry[]>(),
  history: endpoint.get("/smeb/history/list", historyQuerySchema).answers<HistoryPage>(),
  historyExport: endpoint.get("/smeb/history/export", historyQuerySchema).file(),
};
