import { Router } from "express";
import { teamEndpoints } from "../../../app/contracts/team/endpoints.server";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { sendActivation } from "../../auth/password-links";
import { changeStaffRole, inviteStaff, revokeStaff, saveStaffRole, staffOf } from "../../team/staff";
import { historyLog, historyWorkbook, logAreas, pageHistory, recordHistory } from "../../team/history-read";
import { seesPersonalData } from "../../team/personal-data";
import { noteHistory } from "../../team/history-record";
import { organizerFor } from "../caller";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { sendFile } from "../file-answer";
import { mount, withMessage } from "../mount";
import { requireSession } from "../require-session";
import { appClock } from "../../clock";
import { exhibitionDate } from "../../../app/contracts/common/exhibition-time";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/**
 * The organizer's staff and roles (/index/staff) and the history (/index/history, a record's History
 * section), docs/decisions/069. Staff routes are the organizer's (organizerFor) and, for a staff
 * account, the administration area's (requireSession checks the grant by path); a record's history is
 * for whoever may see the record (server/team/history-read.ts).
 */
export function staffRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db } = deps;
  const done = (req: Parameters<typeof requestLanguage>[0], key: string) => translate(requestLanguage(req), `team.staff.notices.${key}`);

  mount(router, teamEndpoints.staff, async ({ req, res }) => staffOf(db, (await organizerFor(deps, req, res)).exhibitionId));

  mount(router, teamEndpoints.inviteStaff, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const { account, changes } = await inviteStaff(db, organizer, input);
    const sent = await sendActivation(deps, account.userId, requestLanguage(req));
    noteHistory(res, { recordType: "staff", recordIds: [account.userId], companyUserId: null, summary: account.username, changes });
    return withMessage(account, sent.email || sent.sms ? done(req, "invited") : translate(requestLanguage(req), "team.errors.noContact"));
  });

  mount(router, teamEndpoints.changeStaffRole, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const { account, changes } = await changeStaffRole(db, organizer, input.userId, input.roleId);
    noteHistory(res, { recordType: "staff", recordIds: [account.userId], companyUserId: null, summary: account.username, changes });
    return withMessage(account, done(req, "roleChanged"));
  });

  mount(router, teamEndpoints.revokeStaff, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const { account, changes } = await revokeStaff(db, organizer, input.userId);
    noteHistory(res, { recordType: "staff", recordIds: [account.userId], companyUserId: null, summary: account.username, changes });
    return withMessage(account, done(req, "revoked"));
  });

  mount(router, teamEndpoints.saveRole, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const { role, changes } = await saveStaffRole(db, organizer, input);
    noteHistory(res, { recordType: "staffRole", recordIds: [role.roleId], companyUserId: null, summary: role.nameEn, changes });
    return withMessage(role, done(req, "roleSaved"));
  });

  mount(router, teamEndpoints.recordHistory, async ({ req, res, input }) => recordHistory(db, await requireSession(deps, req, res), input.type, input.id));
  mount(router, teamEndpoints.pageHistory, async ({ req, res, input }) => pageHistory(db, await requireSession(deps, req, res), input.actions));

  mount(router, teamEndpoints.history, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const caller = await requireSession(deps, req, res);
    return historyLog(db, organizer.exhibitionId, input, logAreas(caller), !seesPersonalData(caller));
  });

  mount(router, teamEndpoints.historyExport, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const language = requestLanguage(req);
    const caller = await requireSession(deps, req, res);
    const bytes = await historyWorkbook(db, organizer.exhibitionId, input, logAreas(caller), language, !seesPersonalData(caller));
    const day = exhibitionDate(appClock.now());
    await sendFile(res, bytes, XLSX, { filename: `${translate(language, "team.history.sheet")}-${day}.xlsx`, ascii: `history-${day}.xlsx` });
  });

  return router;
}
