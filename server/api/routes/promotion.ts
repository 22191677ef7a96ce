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
  mount(router, endpoints.exhibit, async ({ req, res, input }) => exhibitDetail(db, await callerFor(deps, req, res), input.id, requestLanguage(req)));
  mount(router, endpoints.addExhibit, async ({ req, res, input }) =>
    addExhibit(db, await callerFor(deps, req, res), input, requestLanguage(req), appClock.now()),
  );
  mount(router, endpoints.updateExhibit, async ({ req, res, input }) =>
    updateExhibit(db, await callerFor(deps, req, res), input, requestLanguage(req), appClock.now()),
  );
  mount(router, endpoints.removeExhibit, async ({ req, res, input }) => removeExhibit(db, await callerFor(deps, req, res), input.id));
  mount(router, endpoints.orderExhibits, async ({ req, res, input }) => orderExhibits(db, await callerFor(deps, req, res), input.ids, requestLanguage(req)));

  mount(router, endpoints.templates, async ({ req, res }) => listTemplates(db, await callerFor(deps, req, res), requestLanguage(req)));
  mount(router, endpoints.invitations, async ({ req, res }) => listInvitations(db, await callerFor(deps, req, res), requestLanguage(req)));
  mount(router, endpoints.saveInvitation, async ({ req, res, input }) =>
    saveInvitation(db, await callerFor(deps, req, res), input, requestLanguage(req), appClock.now()),
  );
  mount(router, endpoints.updateInvitation, async ({ req, res, input }) =>
    updateInvitation(db, await callerFor(deps, req, res), input, requestLanguage(req), appClock.now()),
  );
  mount(router, endpoints.removeInvitation, async ({ req, res, input }) => removeInvitation(db, await callerFor(deps, req, res), input.id));

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
