import { Router, type Request, type Response } from "express";
import { bookingFormsEndpoints } from "../../../app/contracts/booking-forms/endpoints.server";
import { applyAirCompressor, cancelApplication, findApplication, listApplications } from "../../booking-forms/air-compressor";
import { ownBooths, type Actor, type Owner } from "../../booking-forms/common";
import { deleteMap, judgeUploaded, listMaps, mapOf, saveMap, templatePdf } from "../../booking-forms/electricbox";
import { createCommitment, deleteCommitment, findCommitment, listCommitments, updateCommitment } from "../../booking-forms/leakage";
import type { ApiDeps } from "../context";
import { mount } from "../mount";
import { requireSession } from "../require-session";
import { PDF_CONTENT_TYPE, sendFile } from "../file-answer";

/**
 * The offline booking forms (docs/product.md § The exhibition API: "leakage protection commitment create, update,
 * delete, detail; electric box image CRUD and template download; /index/judge"; and the air
 * compressor service). Everything is the session user's: ids in a request are looked up with the
 * caller's user id, and another user's id answers exactly like an unknown one (404).
 */

export function bookingFormRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  const caller = async (req: Request, res: Response) => {
    const { user, session } = await requireSession(deps, req, res);
    const owner: Owner = { userId: user.id, exhibitionId: user.exhibitionId, sessionBoothId: session.boothId };
    const actor: Actor = { id: user.id, label: user.username };
    return { owner, actor };
  };

  mount(router, bookingFormsEndpoints.booths, async ({ req, res }) => ownBooths(db, (await caller(req, res)).owner));

  // Air compressor service.
  mount(router, bookingFormsEndpoints.airCompressorList, async ({ req, res }) => listApplications(db, (await caller(req, res)).owner));
  mount(router, bookingFormsEndpoints.airCompressorDetail, async (call) => findApplication(db, (await caller(call.req, call.res)).owner, call.input.id));
  mount(router, bookingFormsEndpoints.airCompressorSave, async (call) => {
    const { owner, actor } = await caller(call.req, call.res);
    return applyAirCompressor(db, owner, actor, call.input);
  });
  mount(router, bookingFormsEndpoints.airCompressorCancel, async (call) => {
    const { owner, actor } = await caller(call.req, call.res);
    return cancelApplication(db, owner, actor, call.input.id);
  });

  // Electric box location map.
  mount(router, bookingFormsEndpoints.judge, async ({ req, res }) => judgeUploaded(db, (await caller(req, res)).owner));
  mount(router, bookingFormsEndpoints.mapList, async ({ req, res }) => listMaps(db, (await caller(req, res)).owner));
  mount(router, bookingFormsEndpoints.mapDetail, async (call) => mapOf(db, (await caller(call.req, call.res)).owner, call.input.boothId));
  mount(router, bookingFormsEndpoints.mapSave, async (call) => {
    const { owner, actor } = await caller(call.req, call.res);
    return saveMap(db, owner, actor, call.input);
  });
  mount(router, bookingFormsEndpoints.mapRemove, async (call) => {
    const { owner, actor } = await caller(call.req, call.res);
    return deleteMap(db, owner, actor, call.input.boothId);
  });
  mount(router, bookingFormsEndpoints.mapTemplate, async (call) => {
    const { res } = call;
    const { owner } = await caller(call.req, res);
    const { bytes, fileName } = await templatePdf(db, owner, call.input.boothId);
    await sendFile(res, bytes, PDF_CONTENT_TYPE, fileName);
  });

  // Special power / leakage-protector removal commitments.
  mount(router, bookingFormsEndpoints.leakageList, async ({ req, res }) => listCommitments(db, (await caller(req, res)).owner));
  mount(router, bookingFormsEndpoints.leakageDetail, async (call) => findCommitment(db, (await caller(call.req, call.res)).owner, call.input.id));
  mount(router, bookingFormsEndpoints.leakageSave, async (call) => {
    const { owner, actor } = await caller(call.req, call.res);
    return createCommitment(db, owner, actor, call.input);
  });
  mount(router, bookingFormsEndpoints.leakageUpdate, async (call) => {
    const { owner, actor } = await caller(call.req, call.res);
    return updateCommitment(db, owner, actor, call.input);
  });
  mount(router, bookingFormsEndpoints.leakageRemove, async (call) => {
    const { owner, actor } = await caller(call.req, call.res);
    return deleteCommitment(db, owner, actor, call.input.id);
  });

  return router;
}
