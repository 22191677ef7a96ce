import { Router, type Request, type Response } from "express";
import {
  airCompressorSchema,
  boothIdSchema,
  electricboxSchema,
  leakageSchema,
  leakageUpdateSchema,
  optionalBoothQuery,
  recordIdSchema,
} from "../../../app/contracts/booking-forms/schema";
import { applyAirCompressor, cancelApplication, findApplication, listApplications } from "../../booking-forms/air-compressor";
import { ownBooths, type Actor, type Owner } from "../../booking-forms/common";
import { deleteMap, judgeUploaded, listMaps, mapOf, saveMap, templatePdf } from "../../booking-forms/electricbox";
import { createCommitment, deleteCommitment, findCommitment, listCommitments, updateCommitment } from "../../booking-forms/leakage";
import type { ApiDeps } from "../context";
import { handle, parseInput } from "../envelope";
import { requireSession } from "../require-session";

/**
 * The offline booking forms (spec point 7: "leakage protection commitment create, update,
 * delete, detail; electric box image CRUD and template download; /index/judge"; and the air
 * compressor service). Everything is the session user's: ids in a request are looked up with the
 * caller's user id, and another user's id answers exactly like an unknown one (404).
 */

type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});

export function bookingFormRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  const caller = async (req: Request, res: Response) => {
    const { user, session } = await requireSession(deps, req, res);
    const owner: Owner = { userId: user.id, exhibitionId: user.exhibitionId, sessionBoothId: session.boothId };
    const actor: Actor = { id: user.id, label: user.username };
    return { owner, actor };
  };

  router.get(
    "/smeb/booking/booths",
    handle(async (req, res) => ownBooths(db, (await caller(req, res)).owner)),
  );

  // Air compressor service.
  router.get(
    "/smeb/booking/airCompressor/list",
    handle(async (req, res) => listApplications(db, (await caller(req, res)).owner)),
  );
  router.get(
    "/smeb/booking/airCompressor/detail",
    handle(async (req, res) => findApplication(db, (await caller(req, res)).owner, parseInput(recordIdSchema, req.query).id)),
  );
  router.post(
    "/smeb/booking/airCompressor/save",
    handle(async (req, res) => {
      const { owner, actor } = await caller(req, res);
      return applyAirCompressor(db, owner, actor, parseInput(airCompressorSchema, bodyOf(req)));
    }),
  );
  router.post(
    "/smeb/booking/airCompressor/cancel",
    handle(async (req, res) => {
      const { owner, actor } = await caller(req, res);
      return cancelApplication(db, owner, actor, parseInput(recordIdSchema, bodyOf(req)).id);
    }),
  );

  // Electric box location map.
  router.get(
    "/index/judge",
    handle(async (req, res) => judgeUploaded(db, (await caller(req, res)).owner)),
  );
  router.get(
    "/smeb/booking/electricboxImg/list",
    handle(async (req, res) => listMaps(db, (await caller(req, res)).owner)),
  );
  router.get(
    "/smeb/booking/electricboxImg/detail",
    handle(async (req, res) => mapOf(db, (await caller(req, res)).owner, parseInput(optionalBoothQuery, req.query).boothId)),
  );
  router.post(
    "/smeb/booking/electricboxImg/save",
    handle(async (req, res) => {
      const { owner, actor } = await caller(req, res);
      return saveMap(db, owner, actor, parseInput(electricboxSchema, bodyOf(req)));
    }),
  );
  router.post(
    "/smeb/booking/electricboxImg/delete",
    handle(async (req, res) => {
      const { owner, actor } = await caller(req, res);
      return deleteMap(db, owner, actor, parseInput(boothIdSchema, bodyOf(req)).boothId);
    }),
  );
  router.get(
    "/smeb/booking/electricboxImg/template",
    handle(async (req, res) => {
      const { owner } = await caller(req, res);
      const { bytes, fileName } = await templatePdf(db, owner, parseInput(optionalBoothQuery, req.query).boothId);
      res
        .status(200)
        .set({ "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${fileName}"`, "X-Content-Type-Options": "nosniff" })
        .send(bytes);
    }),
  );

  // Special power / leakage-protector removal commitments.
  router.get(
    "/smeb/booking/leakageElectric/list",
    handle(async (req, res) => listCommitments(db, (await caller(req, res)).owner)),
  );
  router.get(
    "/smeb/booking/leakageElectric/detail",
    handle(async (req, res) => findCommitment(db, (await caller(req, res)).owner, parseInput(recordIdSchema, req.query).id)),
  );
  router.post(
    "/smeb/booking/leakageElectric/save",
    handle(async (req, res) => {
      const { owner, actor } = await caller(req, res);
      return createCommitment(db, owner, actor, parseInput(leakageSchema, bodyOf(req)));
    }),
  );
  router.post(
    "/smeb/booking/leakageElectric/update",
    handle(async (req, res) => {
      const { owner, actor } = await caller(req, res);
      return updateCommitment(db, owner, actor, parseInput(leakageUpdateSchema, bodyOf(req)));
    }),
  );
  router.post(
    "/smeb/booking/leakageElectric/delete",
    handle(async (req, res) => {
      const { owner, actor } = await caller(req, res);
      return deleteCommitment(db, owner, actor, parseInput(recordIdSchema, bodyOf(req)).id);
    }),
  );

  return router;
}
