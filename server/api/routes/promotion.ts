import { Router } from "express";
import { promotionEndpoints as endpoints } from "../../../app/contracts/promotion/endpoints.server";
import { appClock } from "../../clock";
import { addExhibit, exhibitDetail, listExhibits, orderExhibits, removeExhibit, updateExhibit } from "../../promotion/exhibits";
import { listInvitations, listTemplates, removeInvitation, saveInvitation, updateInvitation } from "../../promotion/invitations";
import { listAllTemplates, saveTemplate, updateTemplate } from "../../promotion/templates";
import { callerFor, organizerFor } from "../caller";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { mount, withMessage } from "../mount";
import { translate } from "../../../app/contracts/i18n/translate.server";

/** Promotion (issue 38): the exhibitor's exhibits and invitations. Mounted inside /api. */
export function promotionRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  mount(router, endpoints.exhibits, async ({ req, res }) => listExhibits(db, await callerFor(deps, req, res), requestLanguage(req)));
  mount(router, endpoints.exhibit, async (call) => {
    const caller = await callerFor(deps, call.req, call.res);
    return exhibitDetail(db, caller, call.input.id, requestLanguage(call.req));
  });
  mount(router, endpoints.addExhibit, async (call) => {
    const caller = await callerFor(deps, call.req, call.res);
    return addExhibit(db, caller, call.input, requestLanguage(call.req), appClock.now());
  });
  mount(router, endpoints.updateExhibit, async (call) => {
    const caller = await callerFor(deps, call.req, call.res);
    return updateExhibit(db, caller, call.input, requestLanguage(call.req), appClock.now());
  });
  mount(router, endpoints.removeExhibit, async (call) => {
    const caller = await callerFor(deps, call.req, call.res);
    return removeExhibit(db, caller, call.input.id);
  });
  mount(router, endpoints.orderExhibits, async (call) => {
    const caller = await callerFor(deps, call.req, call.res);
    return orderExhibits(db, caller, call.input.ids, requestLanguage(call.req));
  });

  mount(router, endpoints.templates, async ({ req, res }) => listTemplates(db, await callerFor(deps, req, res), requestLanguage(req)));
  mount(router, endpoints.invitations, async ({ req, res }) => listInvitations(db, await callerFor(deps, req, res), requestLanguage(req)));
  mount(router, endpoints.saveInvitation, async (call) => {
    const caller = await callerFor(deps, call.req, call.res);
    return saveInvitation(db, caller, call.input, requestLanguage(call.req), appClock.now());
  });
  mount(router, endpoints.updateInvitation, async (call) => {
    const caller = await callerFor(deps, call.req, call.res);
    return updateInvitation(db, caller, call.input, requestLanguage(call.req), appClock.now());
  });
  mount(router, endpoints.removeInvitation, async (call) => {
    const caller = await callerFor(deps, call.req, call.res);
    return removeInvitation(db, caller, call.input.id);
  });

  mount(router, endpoints.allTemplates, async ({ req, res }) => listAllTemplates(db, await organizerFor(deps, req, res)));
  mount(router, endpoints.addTemplate, async (call) => {
    const organizer = await organizerFor(deps, call.req, call.res);
    return withMessage(await saveTemplate(db, organizer, call.input, appClock.now()), translate(requestLanguage(call.req), "promotion.templates.saved"));
  });
  mount(router, endpoints.updateTemplate, async (call) => {
    const organizer = await organizerFor(deps, call.req, call.res);
    return withMessage(await updateTemplate(db, organizer, call.input, appClock.now()), translate(requestLanguage(call.req), "promotion.templates.saved"));
  });

  return router;
}
