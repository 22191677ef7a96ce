import { Router } from "express";
import { teamEndpoints } from "../../../app/contracts/team/endpoints.server";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { EXHIBITOR_ROLE_ID } from "../../../app/contracts/permission/roles";
import { sendActivation } from "../../auth/password-links";
import { exhibitorLanguage } from "../../accounts/account-language";
import { changeGrants, handOver, inviteMember, memberOf, restoreMember, revokeMember, teamOf, type TeamOwner } from "../../team/members";
import { noteHistory } from "../../team/history-record";
import type { ApiDeps } from "../context";
import { ApiCode, ApiError, requestLanguage } from "../envelope";
import { mount, withMessage } from "../mount";
import { requireSession } from "../require-session";
import type { Request, Response } from "express";

/**
 * The owner's team (/exhibitorInfo/team, docs/decisions/069): the company's account only. A member's
 * session never gets here (server/team/api-areas.ts: owner only), nor a contractor's or a carrier's
 * (their scopes); anyone else who is not an exhibitor's account is refused here. Every change is noted
 * for the history with the member as its record.
 */
export function teamRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db } = deps;

  async function ownerFor(req: Request, res: Response): Promise<TeamOwner> {
    const { user, team, contractor } = await requireSession(deps, req, res);
    if (user.roleId !== EXHIBITOR_ROLE_ID || team || contractor) throw new ApiError(ApiCode.forbidden, "team.errors.ownerOnly");
    return { userId: user.id, exhibitionId: user.exhibitionId };
  }

  const done = (req: Request, key: string) => translate(requestLanguage(req), `team.team.notices.${key}`);

  mount(router, teamEndpoints.team, async ({ req, res }) => teamOf(db, await ownerFor(req, res)));

  mount(router, teamEndpoints.invite, async ({ req, res, input }) => {
    const owner = await ownerFor(req, res);
    const { member, changes } = await inviteMember(db, owner, input);
    const sent = await sendActivation(deps, member.memberId, requestLanguage(req));
    noteHistory(res, { recordType: "member", recordIds: [member.memberId], summary: member.username, changes });
    if (!sent.email && !sent.sms) return withMessage(member, translate(requestLanguage(req), "team.errors.noContact"));
    return withMessage(member, done(req, "invited"));
  });

  mount(router, teamEndpoints.grant, async ({ req, res, input }) => {
    const owner = await ownerFor(req, res);
    const { member, changes } = await changeGrants(db, owner, input.memberId, input.grant);
    noteHistory(res, { recordType: "member", recordIds: [member.memberId], summary: member.username, changes });
    return withMessage(member, done(req, "granted"));
  });

  mount(router, teamEndpoints.revoke, async ({ req, res, input }) => {
    const owner = await ownerFor(req, res);
    const { member, changes } = await revokeMember(db, owner, input.memberId);
    noteHistory(res, { recordType: "member", recordIds: [member.memberId], summary: member.username, changes });
    return withMessage(member, done(req, "revoked"));
  });

  mount(router, teamEndpoints.restore, async ({ req, res, input }) => {
    const owner = await ownerFor(req, res);
    const { member, changes } = await restoreMember(db, owner, input.memberId);
    noteHistory(res, { recordType: "member", recordIds: [member.memberId], summary: member.username, changes });
    return withMessage(member, done(req, "restored"));
  });

  mount(router, teamEndpoints.resendInvitation, async ({ req, res, input }) => {
    const owner = await ownerFor(req, res);
    const member = await memberOf(db, owner, input.memberId);
    if (member.revokedAt) throw new ApiError(ApiCode.conflict, "team.errors.revoked");
    const company = await db.selectFrom("users").select(["business_name", "business_name_en"]).where("id", "=", owner.userId).executeTakeFirstOrThrow();
    const sent = await sendActivation(deps, member.memberId, exhibitorLanguage(company.business_name, company.business_name_en));
    if (!sent.email && !sent.sms) throw new ApiError(ApiCode.conflict, "team.errors.noContact");
    noteHistory(res, { recordType: "member", recordIds: [member.memberId], summary: member.username, changes: [] });
    return withMessage(member, done(req, "resent"));
  });

  mount(router, teamEndpoints.handOver, async ({ req, res, input }) => {
    const owner = await ownerFor(req, res);
    const { team, changes } = await handOver(db, owner, input.memberId);
    noteHistory(res, { recordType: "member", recordIds: [input.memberId], changes });
    return withMessage(team, done(req, "handedOver"));
  });

  return router;
}
