import { Router } from "express";
import { catalogueSettingsEndpoints as endpoints } from "../../../app/contracts/catalogue-settings/endpoints.server";
import { removeService, saveService, serviceSettings } from "../../orders/catalogue-settings";
import { agentSettings, removeAgent, saveAgent } from "../../vehicles/overseas-agents-settings";
import { organizerFor } from "../caller";
import type { ApiDeps } from "../context";
import { mount } from "../mount";
import { mountOrganizerChange } from "../organizer-change";

/** The organizer's on-site service catalogue and overseas agents (issue 52): roleId 1 only. Mounted inside /api. */
export function catalogueSettingsRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db } = deps;

  mount(router, endpoints.services, async ({ req, res, input }) => serviceSettings(db, (await organizerFor(deps, req, res)).exhibitionId, input.page));
  mountOrganizerChange(router, deps, endpoints.saveService, {
    run: (organizer, input) => saveService(db, organizer.exhibitionId, input),
    message: "catalogueSettings.services.saved",
    event: "service-saved",
    changedId: (_input, saved) => saved.id,
  });
  mountOrganizerChange(router, deps, endpoints.removeService, {
    run: async (organizer, input) => removeService(db, organizer.exhibitionId, input.id).then(() => null),
    message: "catalogueSettings.services.removed",
    event: "service-removed",
    changedId: (input) => input.id,
  });

  mount(router, endpoints.agents, async ({ req, res, input }) => agentSettings(db, (await organizerFor(deps, req, res)).exhibitionId, input.page));
  mountOrganizerChange(router, deps, endpoints.saveAgent, {
    run: (organizer, input) => saveAgent(db, organizer.exhibitionId, input),
    message: "catalogueSettings.agents.saved",
    event: "overseas-agent-saved",
    changedId: (_input, saved) => saved.id,
  });
  mountOrganizerChange(router, deps, endpoints.removeAgent, {
    run: async (organizer, input) => removeAgent(db, organizer.exhibitionId, input.id).then(() => null),
    message: "catalogueSettings.agents.removed",
    event: "overseas-agent-removed",
    changedId: (input) => input.id,
  });

  return router;
}
