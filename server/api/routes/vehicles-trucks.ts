import { Router } from "express";
import { truckEndpoints } from "../../../app/contracts/vehicles/endpoints.server";
import { PDF_CONTENT_TYPE, sendFile, XLSX_CONTENT_TYPE } from "../file-answer";
import { appClock } from "../../clock";
import { loadTruckPass, passFileName, renderTruckPass, verifyTruckPass } from "../../vehicles/truck-pass";
import { decideTruck, deleteTruck, reviewTrucks, saveTruck, truckList, updateTruck } from "../../vehicles/trucks";
import { approvedTrucksWorkbook, truckExportFileName } from "../../vehicles/trucks-excel";
import type { ApiDeps } from "../context";
import { requestLanguage, fieldError } from "../envelope";
import { mount } from "../mount";
import { transportExhibitorOf, transportOrganizerOf } from "./transport-caller";

export function truckRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  mount(router, truckEndpoints.list, async ({ req, res }) => truckList(db, (await transportExhibitorOf(deps, req, res)).caller));
  mount(router, truckEndpoints.save, async (call) => {
    const { caller } = await transportExhibitorOf(deps, call.req, call.res);
    return saveTruck(db, caller, call.input, appClock.now());
  });
  mount(router, truckEndpoints.update, async (call) => {
    const { caller } = await transportExhibitorOf(deps, call.req, call.res);
    return updateTruck(db, caller, call.input, appClock.now());
  });
  mount(router, truckEndpoints.remove, async (call) => {
    const { caller } = await transportExhibitorOf(deps, call.req, call.res);
    return deleteTruck(db, caller, call.input, appClock.now());
  });
  // The pass itself, not the JSON envelope (refusals still come as envelopes): the exhibitor's own approved truck, or any for the organizer.
  mount(router, truckEndpoints.pass, async (call) => {
    // Chinese only, carriers refused; the organizer passes here and reads any truck's pass.
    const { caller } = await transportExhibitorOf(deps, call.req, call.res);
    const pass = await loadTruckPass(db, caller, call.input.id, deps.sessionSecrets);
    const bytes = await renderTruckPass(pass, new Date(pass.truck.decided_at ?? pass.truck.created_at));
    sendFile(call.res, bytes, PDF_CONTENT_TYPE, passFileName(pass));
  });

  mount(router, truckEndpoints.reviewList, async (call) => {
    const organizer = await transportOrganizerOf(deps, call.req, call.res);
    return reviewTrucks(db, organizer, call.input, requestLanguage(call.req));
  });
  mount(router, truckEndpoints.decide, async (call) => {
    const organizer = await transportOrganizerOf(deps, call.req, call.res);
    return decideTruck(deps, organizer, call.input, requestLanguage(call.req), appClock.now());
  });
  mount(router, truckEndpoints.exportReviews, async (call) => {
    const organizer = await transportOrganizerOf(deps, call.req, call.res);
    const { day } = call.input;
    const bytes = await approvedTrucksWorkbook(db, organizer, day);
    sendFile(call.res, bytes, XLSX_CONTENT_TYPE, truckExportFileName(day));
  });
  mount(router, truckEndpoints.verifyPass, async (call) => {
    const organizer = await transportOrganizerOf(deps, call.req, call.res);
    const { code } = call.input;
    const truck = await verifyTruckPass(db, organizer, code, deps.sessionSecrets, requestLanguage(call.req));
    if (!truck) throw fieldError("vehicles.trucks.errors.passInvalid", "code");
    return truck;
  });

  return router;
}
