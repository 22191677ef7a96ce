import { Router, type Request } from "express";
import {
  declarationSchema,
  declarationUpdateSchema,
  exhibitAddSchema,
  exhibitDeleteSchema,
  exhibitImportSchema,
  messageSchema,
  recordIdSchema,
} from "../../../app/contracts/transport/schema";
import { attachmentDisposition, XLSX_CONTENT_TYPE } from "../../badges/excel";
import { appClock } from "../../clock";
import { requireCarrier } from "../../transport/common";
import { deleteDeclaration, listDeclarations, saveDeclaration, submitDeclaration, updateDeclaration } from "../../transport/declarations";
import { readDeclaration } from "../../transport/detail";
import { addExhibit, deleteExhibit, importExhibits } from "../../transport/exhibits";
import { exhibitTemplate, templateFileName } from "../../transport/exhibits-excel";
import { postMessage } from "../../transport/messages";
import type { ApiDeps } from "../context";
import { handle, parseInput, requestLanguage } from "../envelope";
import { transportCarrierOf, transportExhibitorOf } from "./transport-caller";

/**
 * Exhibit transport declarations (issue 17; spec point 7 /smeb/shipment/* for the exhibitor, and the
 * declaration's view and contact log under /shipment/* for the carrier). Chinese only, like the area
 * (spec point 4). The exhibitor's routes reach its own declarations only, the carrier's those sent to
 * it; anything else answers 404 as if unknown. Every write answers the declaration as it now is.
 */
type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});
/** The services arrive as repeated form keys (an array), "services[]" from some forms, or a JSON array. */
const withServices = (body: Body): Body => ({ ...body, services: body.services ?? body["services[]"] });

export function transportDeclarationRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  router.get(
    "/smeb/shipment/declaration/list",
    handle(async (req, res) => listDeclarations(db, await transportExhibitorOf(deps, req, res), requestLanguage(req))),
  );
  router.get(
    "/smeb/shipment/declaration/detail",
    handle(async (req, res) => {
      const viewer = await transportExhibitorOf(deps, req, res);
      return readDeclaration(db, viewer, parseInput(recordIdSchema, req.query).id, requestLanguage(req));
    }),
  );
  router.post(
    "/smeb/shipment/declaration/save",
    handle(async (req, res) => {
      const viewer = await transportExhibitorOf(deps, req, res);
      return saveDeclaration(db, viewer, parseInput(declarationSchema, withServices(bodyOf(req))), requestLanguage(req), appClock.now());
    }),
  );
  router.post(
    "/smeb/shipment/declaration/update",
    handle(async (req, res) => {
      const viewer = await transportExhibitorOf(deps, req, res);
      return updateDeclaration(db, viewer, parseInput(declarationUpdateSchema, withServices(bodyOf(req))), requestLanguage(req), appClock.now());
    }),
  );
  router.post(
    "/smeb/shipment/declaration/delete",
    handle(async (req, res) => {
      const viewer = await transportExhibitorOf(deps, req, res);
      return deleteDeclaration(db, viewer, parseInput(recordIdSchema, bodyOf(req)), appClock.now());
    }),
  );
  router.post(
    "/smeb/shipment/declaration/submit",
    handle(async (req, res) => {
      const viewer = await transportExhibitorOf(deps, req, res);
      return submitDeclaration(deps, viewer, parseInput(recordIdSchema, bodyOf(req)), requestLanguage(req), appClock.now());
    }),
  );

  router.post(
    "/smeb/shipment/exhibits/add",
    handle(async (req, res) => {
      const viewer = await transportExhibitorOf(deps, req, res);
      return addExhibit(db, viewer, parseInput(exhibitAddSchema, bodyOf(req)), requestLanguage(req), appClock.now());
    }),
  );
  router.post(
    "/smeb/shipment/exhibits/delete",
    handle(async (req, res) => {
      const viewer = await transportExhibitorOf(deps, req, res);
      return deleteExhibit(db, viewer, parseInput(exhibitDeleteSchema, bodyOf(req)), requestLanguage(req), appClock.now());
    }),
  );
  router.post(
    "/smeb/shipment/exhibits/import",
    handle(async (req, res) => {
      const viewer = await transportExhibitorOf(deps, req, res);
      return importExhibits(deps, viewer, parseInput(exhibitImportSchema, bodyOf(req)), requestLanguage(req), appClock.now());
    }),
  );
  router.get(
    "/smeb/shipment/exhibits/template",
    handle(async (req, res) => {
      await transportExhibitorOf(deps, req, res);
      const bytes = await exhibitTemplate();
      const name = templateFileName();
      res.set({ "Content-Type": XLSX_CONTENT_TYPE, "Content-Disposition": attachmentDisposition(name.filename, name.ascii), "Content-Length": String(bytes.length) });
      res.status(200).end(bytes);
    }),
  );

  router.post(
    "/smeb/shipment/message/save",
    handle(async (req, res) => {
      const viewer = await transportExhibitorOf(deps, req, res);
      return postMessage(deps, viewer, parseInput(messageSchema, bodyOf(req)), requestLanguage(req), appClock.now());
    }),
  );

  // The carrier's side: its own declarations (the organizer reads every submitted one, and writes nothing).
  router.get(
    "/shipment/declaration/detail",
    handle(async (req, res) => {
      const viewer = await transportCarrierOf(deps, req, res);
      return readDeclaration(db, viewer, parseInput(recordIdSchema, req.query).id, requestLanguage(req));
    }),
  );
  router.post(
    "/shipment/message/save",
    handle(async (req, res) => {
      const viewer = requireCarrier(await transportCarrierOf(deps, req, res));
      return postMessage(deps, viewer, parseInput(messageSchema, bodyOf(req)), requestLanguage(req), appClock.now());
    }),
  );

  return router;
}
