import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { exportDaySchema, recordIdSchema, reviewQuerySchema, truckDecisionSchema, truckSchema, truckUpdateSchema } from "../../../app/contracts/vehicles/schema";
import type { TruckList, TruckPassCheck, TruckReviewItem, TruckReviewList } from "../../../app/contracts/vehicles/trucks-types";
import { attachmentDisposition, XLSX_CONTENT_TYPE } from "../../badges/excel";
import { appClock } from "../../clock";
import { loadTruckPass, passFileName, PASS_CODE_MAX_LENGTH, renderTruckPass, verifyTruckPass } from "../../vehicles/truck-pass";
import { decideTruck, deleteTruck, reviewTrucks, saveTruck, truckList, updateTruck } from "../../vehicles/trucks";
import { approvedTrucksWorkbook, truckExportFileName } from "../../vehicles/trucks-excel";
import type { ApiDeps } from "../context";
import { ApiCode, ApiError, handle, parseInput, requestLanguage } from "../envelope";
import { transportExhibitorOf, transportOrganizerOf } from "./transport-caller";

/**
 * Yellow-plate trucks (spec /exhibitTL truckInformationSubmit and the organizer's truckReview;
 * issue 18). The exhibitor's list, add, change (never the plate) and delete under /smeb/truck; the
 * organizer's review, decision, day export and pass check under /smeb/truck/review and
 * /smeb/truck/pass/verify; the pass PDF for the truck's exhibitor or the organizer. Every caller
 * comes through transport-caller.ts: Chinese only (403 in English), carriers refused.
 */
type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});
const passQuerySchema = recordIdSchema.pick({ id: true });
const verifyQuerySchema = z.object({ code: z.string({ message: "vehicles.trucks.errors.passInvalid" }).min(1, "vehicles.trucks.errors.passInvalid").max(PASS_CODE_MAX_LENGTH, "vehicles.trucks.errors.passInvalid") });

function sendFile(res: Response, bytes: Uint8Array, contentType: string, name: { filename: string; ascii: string }) {
  res.set({ "Content-Type": contentType, "Content-Disposition": attachmentDisposition(name.filename, name.ascii), "Content-Length": String(bytes.length), "Cache-Control": "private, no-store" });
  res.status(200).end(Buffer.from(bytes));
}

export function truckRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    "/smeb/truck/list",
    handle(async (req, res): Promise<TruckList> => truckList(db, (await transportExhibitorOf(deps, req, res)).caller)),
  );
  router.post(
    "/smeb/truck/save",
    handle(async (req, res): Promise<TruckList> => {
      const { caller } = await transportExhibitorOf(deps, req, res);
      return saveTruck(db, caller, parseInput(truckSchema, bodyOf(req)), appClock.now());
    }),
  );
  router.post(
    "/smeb/truck/update",
    handle(async (req, res): Promise<TruckList> => {
      const { caller } = await transportExhibitorOf(deps, req, res);
      return updateTruck(db, caller, parseInput(truckUpdateSchema, bodyOf(req)), appClock.now());
    }),
  );
  router.post(
    "/smeb/truck/delete",
    handle(async (req, res): Promise<TruckList> => {
      const { caller } = await transportExhibitorOf(deps, req, res);
      return deleteTruck(db, caller, parseInput(recordIdSchema, bodyOf(req)), appClock.now());
    }),
  );
  // The pass itself, not the JSON envelope (refusals still come as envelopes): the exhibitor's own approved truck, or any for the organizer.
  router.get(
    "/smeb/truck/pass",
    handle(async (req, res) => {
      // Chinese only, carriers refused; the organizer passes here and reads any truck's pass.
      const { caller } = await transportExhibitorOf(deps, req, res);
      const pass = await loadTruckPass(db, caller, parseInput(passQuerySchema, req.query).id, deps.sessionSecrets);
      const bytes = await renderTruckPass(pass, new Date(pass.truck.decided_at ?? pass.truck.created_at));
      sendFile(res, bytes, "application/pdf", passFileName(pass));
    }),
  );

  router.get(
    "/smeb/truck/review/list",
    handle(async (req, res): Promise<TruckReviewList> => {
      const organizer = await transportOrganizerOf(deps, req, res);
      return reviewTrucks(db, organizer, parseInput(reviewQuerySchema, req.query), requestLanguage(req));
    }),
  );
  router.post(
    "/smeb/truck/review/decide",
    handle(async (req, res): Promise<TruckReviewItem> => {
      const organizer = await transportOrganizerOf(deps, req, res);
      return decideTruck(deps, organizer, parseInput(truckDecisionSchema, bodyOf(req)), requestLanguage(req), appClock.now());
    }),
  );
  router.get(
    "/smeb/truck/review/export",
    handle(async (req, res) => {
      const organizer = await transportOrganizerOf(deps, req, res);
      const { day } = parseInput(exportDaySchema, req.query);
      const bytes = await approvedTrucksWorkbook(db, organizer, day);
      sendFile(res, bytes, XLSX_CONTENT_TYPE, truckExportFileName(day));
    }),
  );
  router.get(
    "/smeb/truck/pass/verify",
    handle(async (req, res): Promise<TruckPassCheck> => {
      const organizer = await transportOrganizerOf(deps, req, res);
      const { code } = parseInput(verifyQuerySchema, req.query);
      const truck = await verifyTruckPass(db, organizer, code, deps.sessionSecrets, requestLanguage(req));
      if (!truck) throw new ApiError(ApiCode.badRequest, "vehicles.trucks.errors.passInvalid", {}, { fields: { code: ["vehicles.trucks.errors.passInvalid"] } });
      return truck;
    }),
  );

  return router;
}
