import { Router } from "express";
import { catalogueSettingsEndpoints as endpoints } from "../../../app/contracts/catalogue-settings/endpoints.server";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { removeService, saveService, serviceSettings } from "../../orders/catalogue-settings";
import { agentSettings, removeAgent, saveAgent } from "../../vehicles/overseas-agents-settings";
import { organizerFor } from "../caller";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { mount, withMessage } from "../mount";

/** The organizer's on-site service catalogue and overseas agents (issue 52): roleId 1 only. Mounted inside /api. */
export function catalogueSettingsRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db, logger } = deps;
  const said = (req: Parameters<typeof requestLanguage>[0], key: string) => translate(requestLanguage(req), `catalogueSettings.${key}`);
  const logged = (event: string, organizer: { userId: number; exhibitionId: number }, id: number) =>
    logger.info({ event, userId: organizer.userId, exhibitionId: organizer.exhibitionId, id }, event);

  mount(router, endpoints.services, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    return serviceSettings(db, organizer.exhibitionId, input.page);
  });
  mount(router, endpoints.saveService, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const saved = await saveService(db, organizer.exhibitionId, input);
    logged("service-saved", organizer, saved.id);
    return withMessage(saved, said(req, "services.saved"));
  });
  mount(router, endpoints.removeService, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    await removeService(db, organizer.exhibitionId, input.id);
    logged("service-removed", organizer, input.id);
    return withMessage(null, said(req, "services.removed"));
  });

  mount(router, endpoints.agents, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    return agentSettings(db, organizer.exhibitionId, input.page);
  });
  mount(router, endpoints.saveAgent, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const saved = await saveAgent(db, organizer.exhibitionId, input);
    logged("overseas-agent-saved", organizer, saved.id);
    return withMessage(saved, said(req, "agents.saved"));
  });
  mount(router, endpoints.removeAgent, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    await removeAgent(db, organizer.exhibitionId, input.id);
    logged("overseas-agent-removed", organizer, input.id);
    return withMessage(null, said(req, "agents.removed"));
  });

  return router;
}
