import { Router } from "express";
import { blueCarEndpoints as endpoints } from "../../../app/contracts/vehicles/endpoints.server";
import { appClock } from "../../clock";
import { blueCarPassFileName, loadBlueCarPass, renderBlueCarPass, verifyBlueCarPass } from "../../vehicles/blue-car-pass";
import { blueCarSettings, decideBlueCar, reviewBlueCars, saveBlueCarSettings } from "../../vehicles/blue-car-review";
import { blueCarList, deleteBlueCar, saveBlueCar, updateBlueCar } from "../../vehicles/blue-cars";
import { callerFor, organizerFor } from "../caller";
import type { ApiDeps } from "../context";
import { requestLanguage, fieldError } from "../envelope";
import { PDF_CONTENT_TYPE, sendFile } from "../file-answer";
import { mount } from "../mount";

/**
 * Blue-plate cars (vehicles domain, issue 41, spec /HT/blueCarGuide). Mounted inside /api. Unlike the
 * Chinese-only transport area, the routes answer in both languages; carriers have no cars (403, server/transport/carrier-scope.ts).
 */
export function blueCarRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  mount(router, endpoints.list, async ({ req, res }) => blueCarList(db, await callerFor(deps, req, res), requestLanguage(req)));
  mount(router, endpoints.save, async ({ req, res, input }) => saveBlueCar(db, await callerFor(deps, req, res), input, requestLanguage(req), appClock.now()));
  mount(router, endpoints.update, async ({ req, res, input }) =>
    updateBlueCar(db, await callerFor(deps, req, res), input, requestLanguage(req), appClock.now()),
  );
  mount(router, endpoints.remove, async ({ req, res, input }) =>
    deleteBlueCar(db, await callerFor(deps, req, res), input, requestLanguage(req), appClock.now()),
  );
  // The pass itself, not the JSON envelope (refusals still come as envelopes): the owner's approved car, or any for the organizer.
  mount(router, endpoints.pass, async ({ req, res, input }) => {
    const pass = await loadBlueCarPass(db, await callerFor(deps, req, res), input.id, deps.sessionSecrets);
    await sendFile(res, await renderBlueCarPass(pass), PDF_CONTENT_TYPE, blueCarPassFileName(pass));
  });

  mount(router, endpoints.reviewList, async ({ req, res, input }) => reviewBlueCars(db, await organizerFor(deps, req, res), input, requestLanguage(req)));
  mount(router, endpoints.decide, async ({ req, res, input }) =>
    decideBlueCar(db, await organizerFor(deps, req, res), input, requestLanguage(req), appClock.now()),
  );
  mount(router, endpoints.settings, async ({ req, res }) => blueCarSettings(db, await organizerFor(deps, req, res)));
  mount(router, endpoints.saveSettings, async ({ req, res, input }) => saveBlueCarSettings(db, await organizerFor(deps, req, res), input, appClock.now()));
  mount(router, endpoints.verifyPass, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const car = await verifyBlueCarPass(db, organizer, input.code, deps.sessionSecrets, requestLanguage(req));
    if (!car) throw fieldError("vehicles.blueCars.errors.passInvalid", "code");
    return car;
  });

  return router;
}
