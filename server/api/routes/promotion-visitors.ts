import { Router, type Request } from "express";
import { visitorEndpoints as endpoints } from "../../../app/contracts/promotion/visitors/endpoints.server";
import { appClock } from "../../clock";
import {
  audienceChart,
  audienceFileName,
  audiencePage,
  audienceWorkbook,
  saveVisitorSettings,
  visitorPage,
  visitorSettings,
  visitorsFileName,
  visitorsWorkbook,
} from "../../promotion/audience";
import { ranking, rankingFileName, rankingWorkbook } from "../../promotion/rankings";
import { admitVisitorRequest, type CaptchaAnswer } from "../../promotion/visitor-throttle";
import { registerVisitor, sendVisitorCode, visitPage } from "../../promotion/visitors";
import { callerFor, organizerFor } from "../caller";
import { clientIp, type ApiDeps, userAgentOf } from "../context";
import { requestLanguage } from "../envelope";
import { sendFile, XLSX_CONTENT_TYPE } from "../file-answer";
import { bodyOf, mount } from "../mount";

/** The visitor's own browser's user agent: the portal's server passes it on (x-client-user-agent), a direct caller sends its own. */

/** The captcha fields as sent, read before the input is parsed: the limit counts every request, a malformed one too. */
function captchaOf(req: Request): CaptchaAnswer {
  const body = bodyOf(req);
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim().slice(0, 100) : undefined);
  return { captchaId: text(body.captchaId), vCode: text(body.vCode) };
}

/**
 * Visitor pre-registration, rankings and audience data (issue 38). Mounted inside /api. The /visit/*
 * calls are public: no session; each send and registration is admitted by the address's limit
 * before anything else. The rest: the exhibitor's own data (callerFor) or the organizer's (organizerFor).
 */
export function promotionVisitorRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  mount(router, endpoints.visit, async (call) =>
    visitPage(db, { code: call.input.code, ip: clientIp(call.req), userAgent: userAgentOf(call.req) }, requestLanguage(call.req), appClock.now()),
  );
  mount(router, endpoints.sendCode, async (call) => {
    await admitVisitorRequest(db, clientIp(call.req), captchaOf(call.req));
    return sendVisitorCode(deps, call.input, requestLanguage(call.req), appClock.now());
  });
  mount(router, endpoints.register, async (call) => {
    const ip = clientIp(call.req);
    await admitVisitorRequest(db, ip, captchaOf(call.req));
    return registerVisitor(deps, call.input, ip, requestLanguage(call.req), appClock.now());
  });

  mount(router, endpoints.inviteRanking, async ({ req, res, input }) =>
    ranking(db, await callerFor(deps, req, res), "invite", input.period, requestLanguage(req), appClock.now()),
  );
  mount(router, endpoints.browseRanking, async ({ req, res, input }) =>
    ranking(db, await callerFor(deps, req, res), "browse", input.period, requestLanguage(req), appClock.now()),
  );
  mount(router, endpoints.audience, async ({ req, res, input }) => audiencePage(db, await callerFor(deps, req, res), input, requestLanguage(req)));
  mount(router, endpoints.exportAudience, async (call) => {
    const caller = await callerFor(deps, call.req, call.res);
    const language = requestLanguage(call.req);
    await sendFile(call.res, await audienceWorkbook(db, caller, call.input.keyword, language), XLSX_CONTENT_TYPE, audienceFileName(language));
  });
  mount(router, endpoints.audienceChart, async ({ req, res, input }) => audienceChart(db, await callerFor(deps, req, res), input.days, appClock.now()));

  mount(router, endpoints.visitors, async ({ req, res, input }) =>
    visitorPage(db, await organizerFor(deps, req, res), input, requestLanguage(req), deps.sessionSecrets),
  );
  mount(router, endpoints.exportVisitors, async (call) => {
    const caller = await organizerFor(deps, call.req, call.res);
    const language = requestLanguage(call.req);
    await sendFile(call.res, await visitorsWorkbook(db, caller, call.input, language), XLSX_CONTENT_TYPE, visitorsFileName(language));
  });
  mount(router, endpoints.exportRanking, async (call) => {
    const caller = await organizerFor(deps, call.req, call.res);
    const language = requestLanguage(call.req);
    const { kind, period } = call.input;
    await sendFile(call.res, await rankingWorkbook(db, caller, kind, period, language, appClock.now()), XLSX_CONTENT_TYPE, rankingFileName(kind, language));
  });
  mount(router, endpoints.settings, async ({ req, res }) => visitorSettings(db, await organizerFor(deps, req, res)));
  mount(router, endpoints.saveSettings, async ({ req, res, input }) => saveVisitorSettings(db, await organizerFor(deps, req, res), input.contactsShared));

  return router;
}
