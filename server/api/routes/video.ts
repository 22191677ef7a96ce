import { Router } from "express";
import { videoEndpoints } from "../../../app/contracts/video/endpoints.server";
import { startGeneration, videoStatusRunning } from "../../video/jobs";
import { publicVideoPage, updateVideoFlags, videoList } from "../../video/videos";
import { requestLanguage } from "../envelope";
import { callerFor, organizerFor } from "../caller";
import type { ApiDeps } from "../context";
import { mount } from "../mount";

/** Promotional videos (docs/product.md § Promotion, decision 037): the exhibitor's generation, progress and flags; the organizer's list. Mounted inside /api. */
export function videoRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  mount(router, videoEndpoints.progress, async ({ req, res }) => videoStatusRunning(deps, await callerFor(deps, req, res)));
  mount(router, videoEndpoints.generate, async ({ req, res, input }) => startGeneration(deps, await callerFor(deps, req, res), input));
  mount(router, videoEndpoints.updateFlags, async ({ req, res, input }) => updateVideoFlags(db, await callerFor(deps, req, res), input));
  mount(router, videoEndpoints.list, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    return videoList(db, organizer.exhibitionId, input);
  });

  // Public: no caller; only what the code's public link plays, with the company's name and booths.
  mount(router, videoEndpoints.publicPage, async ({ req, input }) => publicVideoPage(db, input.code, requestLanguage(req)));

  return router;
}
