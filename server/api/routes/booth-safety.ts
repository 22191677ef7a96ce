import { pipeline } from "node:stream/promises";
import { Router, type Request, type Response } from "express";
import { boothQuerySchema, commitmentScansSchema, commitmentSchema, insuranceSchema } from "../../../app/contracts/booth-construction/schema";
import { commitmentDownload, findCommitment, saveCommitment, uploadCommitmentScans } from "../../booth-construction/commitment";
import { findInsurance, saveInsurance } from "../../booth-construction/insurance";
import { appClock } from "../../clock";
import type { ApiDeps } from "../context";
import { ApiCode, ApiError, handle, parseInput, requestLanguage } from "../envelope";
import { badgeCallerOf } from "./badge-caller";

/**
 * Booth construction, the safety side (spec /boothConstruction insurancePurchase and
 * entrySafetyCommitment; API /smeb/boothBuild/insurance/* and /smeb/boothBuild/commitment/*).
 * Everything is the caller's own booth: another exhibitor's booth answers like an unknown one
 * (404), a booth of the wrong type with the page's rule (403).
 */
type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});
/** Forms may name a list "field[]". */
const listField = (body: Body, field: string) => body[field] ?? body[`${field}[]`];
const schemaLanguage = (req: Request) => (requestLanguage(req) === "zh" ? "zh" : "en");

export function boothSafetyRoutes(deps: ApiDeps): Router {
  const { db, store, logger } = deps;
  const router = Router();
  const callerOf = (req: Request, res: Response) => badgeCallerOf(deps, req, res);

  router.get(
    "/smeb/boothBuild/insurance/find",
    handle(async (req, res) => findInsurance(db, await callerOf(req, res), parseInput(boothQuerySchema, req.query).boothId)),
  );
  router.post(
    "/smeb/boothBuild/insurance/save",
    handle(async (req, res) => saveInsurance(db, await callerOf(req, res), parseInput(insuranceSchema, bodyOf(req)), appClock.now())),
  );

  router.get(
    "/smeb/boothBuild/commitment/find",
    handle(async (req, res) => findCommitment(db, await callerOf(req, res), parseInput(boothQuerySchema, req.query).boothId)),
  );
  router.post(
    "/smeb/boothBuild/commitment/save",
    handle(async (req, res) => {
      const caller = await callerOf(req, res);
      const input = parseInput(commitmentSchema(schemaLanguage(req)), bodyOf(req));
      return saveCommitment(db, store, caller, input, requestLanguage(req), appClock.now());
    }),
  );
  router.post(
    "/smeb/boothBuild/commitment/upload",
    handle(async (req, res) => {
      const caller = await callerOf(req, res);
      const body = bodyOf(req);
      return uploadCommitmentScans(db, store, caller, parseInput(commitmentScansSchema, { ...body, scanUrls: listField(body, "scanUrls") }), appClock.now());
    }),
  );

  // Spec point 8: a download passes through as an attachment; refusals are envelopes.
  router.get(
    "/smeb/boothBuild/commitment/pdf",
    handle(async (req, res) => {
      const caller = await callerOf(req, res);
      const { boothId } = parseInput(boothQuerySchema, req.query);
      const { file, fileName } = await commitmentDownload(db, store, caller, boothId, requestLanguage(req), appClock.now());
      const info = await store.stat(file.storageKey);
      if (!info) throw new ApiError(ApiCode.notFound, "errors.notFound");
      const stream = await store.openRead(file.storageKey);
      res.status(200).set({
        "Content-Type": "application/pdf",
        "Content-Length": String(info.sizeBytes),
        "Content-Disposition": `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      });
      // Once bytes went out no error envelope can follow: the connection is cut instead.
      await pipeline(stream, res).catch((error: unknown) => logger.error({ err: error, fileId: file.id }, "commitment download broke off"));
    }),
  );

  return router;
}
