import { Router } from "express";
import { truckEndpoints } from "../../../app/contracts/vehicles/endpoints.server";
import { PDF_CONTENT_TYPE, sendFile, XLSX_CONTENT_TYPE } from "../file-answer";
import { loadTruckPass, passFileName, renderTruckPass, verifyTruckPass } from "../../vehicles/truck-pass";
import { decideTruck, deleteTruck, reviewTrucks, saveTruck, truckList, updateTruck } from "../../vehicles/trucks";
import { approvedTrucksWorkbook, truckExportFileName } from "../../vehicles/trucks-excel";
import type { ApiDeps } from "../context";
import { requestLanguage, fieldError } from "../envelope";
import { mount } from "../mount";
import { mountTransport, transportExhibitorOf, transportOrganizerOf } from "./transport-caller";

export function truckRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  mount(router, truckEndpoints.list, async ({ req, res }) => truckList(db, (await transportExhibitorOf(deps, req, res)).caller));
  mountTransport(router, deps, "exhibitor", truckEndpoints.save, (caller, { input, now }) => saveTruck(db, caller, input, now));
  mountTransport(router, deps, "exhibitor", truckEndpoints.update, (caller, { input, now }) => updateTruck(db, caller, input, now));
  mountTransport(router, deps, "exhibitor", truckEndpoints.remove, (caller, { input, now }) => deleteTruck(db, caller, input, now));
  // The pass itself, not the JSON envelope (refusals still come as envelopes): the exhibitor's own approved truck, or any for the organizer.
  mount(router, truckEndpoints.pass, async (call) => {
    // Chinese only, carriers refused; the organizer passes here and reads any truck's pass.
    const { caller } = await transportExhibitorOf(deps, call.req, call.res);
    const pass = await loadTruckPass(db, caller, call.input.id, deps.sessionSecrets);
    const bytes = await renderTruckPass(pass, new Date(pass.truck.decided_at ?? pass.truck.created_at));
    await sendFile(call.res, bytes, PDF_CONTENT_TYPE, passFileName(pass));
  });

  mountTransport(router, deps, "organizer", truckEndpoints.reviewList, (organizer, { input, language }) => reviewTrucks(db, organizer, input, language));
  mountTransport(router, deps, "organizer", truckEndpoints.decide, (organizer, { input, language, now }) => decideTruck(deps, organizer, input, language, now));
  mount(router, truckEndpoints.exportReviews, async (call) => {
    const organizer = await transportOrganizerOf(deps, call.req, call.res);
    const { day } = call.input;
    const bytes = await approvedTrucksWorkbook(db, organizer, day);
    await sendFile(call.res, bytes, XLSX_CONTENT_TYPE, truckExportFileName(day));
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
