import { type Request, type Response, Router } from "express";
import { requireActionOpen } from "../../auth/button-check";
import { DEADLINE_ACTIONS } from "../../../app/contracts/calendar/values";
import { transportEndpoints as endpoints } from "../../../app/contracts/transport/endpoints.server";
import { appClock } from "../../clock";
import { requireCarrier } from "../../transport/common";
import { deleteDeclaration, listDeclarations, saveDeclaration, submitDeclaration, updateDeclaration } from "../../transport/declarations";
import { readDeclaration } from "../../transport/detail";
import { addExhibit, deleteExhibit, importExhibits } from "../../transport/exhibits";
import { exhibitTemplate, templateFileName } from "../../transport/exhibits-excel";
import { postMessage } from "../../transport/messages";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { bodyOf, mount, parseEndpointInput } from "../mount";
import { transportCarrierOf, transportExhibitorOf } from "./transport-caller";
import { sendFile, XLSX_CONTENT_TYPE } from "../file-answer";

/**
 * Exhibit transport declarations (issue 17; docs/product.md § The exhibition API /smeb/shipment/* for the exhibitor, and the
 * declaration's view and contact log under /shipment/* for the carrier). Chinese only, like the area
 * (docs/product.md § Menus and page access). The exhibitor's routes reach its own declarations only, the carrier's those sent to
 * it; anything else answers 404 as if unknown. Every write answers the declaration as it now is.
 */
/** The services arrive as repeated form keys (an array), "services[]" from some forms, or a JSON array. */
const withServices = (body: Record<string, unknown>) => ({ ...body, services: body.services ?? body["services[]"] });

export function transportDeclarationRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  /** Declaring (save, change, submit, exhibits) runs inside the window of the calendar's carriage button (decision 035). */
  const declaringExhibitorOf = async (req: Request, res: Response) => {
    const viewer = await transportExhibitorOf(deps, req, res);
    await requireActionOpen(db, viewer.caller, DEADLINE_ACTIONS.carriage);
    return viewer;
  };

  mount(router, endpoints.list, async ({ req, res }) => listDeclarations(db, await transportExhibitorOf(deps, req, res), requestLanguage(req)));
  mount(router, endpoints.detail, async (call) => {
    const viewer = await transportExhibitorOf(deps, call.req, call.res);
    return readDeclaration(db, viewer, call.input.id, requestLanguage(call.req));
  });
  mount(router, endpoints.save, async ({ req, res }) => {
    const viewer = await declaringExhibitorOf(req, res);
    return saveDeclaration(db, viewer, parseEndpointInput(endpoints.save, withServices(bodyOf(req))), requestLanguage(req), appClock.now());
  });
  mount(router, endpoints.update, async ({ req, res }) => {
    const viewer = await declaringExhibitorOf(req, res);
    return updateDeclaration(db, viewer, parseEndpointInput(endpoints.update, withServices(bodyOf(req))), requestLanguage(req), appClock.now());
  });
  mount(router, endpoints.remove, async (call) => {
    const viewer = await transportExhibitorOf(deps, call.req, call.res);
    return deleteDeclaration(db, viewer, call.input, appClock.now());
  });
  mount(router, endpoints.submit, async (call) => {
    const viewer = await declaringExhibitorOf(call.req, call.res);
    return submitDeclaration(deps, viewer, call.input, requestLanguage(call.req), appClock.now());
  });

  mount(router, endpoints.addExhibit, async (call) => {
    const viewer = await declaringExhibitorOf(call.req, call.res);
    return addExhibit(db, viewer, call.input, requestLanguage(call.req), appClock.now());
  });
  mount(router, endpoints.removeExhibit, async (call) => {
    const viewer = await transportExhibitorOf(deps, call.req, call.res);
    return deleteExhibit(db, viewer, call.input, requestLanguage(call.req), appClock.now());
  });
  mount(router, endpoints.importExhibits, async (call) => {
    const viewer = await declaringExhibitorOf(call.req, call.res);
    return importExhibits(deps, viewer, call.input, requestLanguage(call.req), appClock.now());
  });
  mount(router, endpoints.exhibitTemplate, async ({ req, res }) => {
    await transportExhibitorOf(deps, req, res);
    const bytes = await exhibitTemplate();
    await sendFile(res, bytes, XLSX_CONTENT_TYPE, templateFileName());
  });

  mount(router, endpoints.saveMessage, async (call) => {
    const viewer = await transportExhibitorOf(deps, call.req, call.res);
    return postMessage(deps, viewer, call.input, requestLanguage(call.req), appClock.now());
  });

  // The carrier's side: its own declarations (the organizer reads every submitted one, and writes nothing).
  mount(router, endpoints.carrierDetail, async (call) => {
    const viewer = await transportCarrierOf(deps, call.req, call.res);
    return readDeclaration(db, viewer, call.input.id, requestLanguage(call.req));
  });
  mount(router, endpoints.carrierSaveMessage, async (call) => {
    const viewer = requireCarrier(await transportCarrierOf(deps, call.req, call.res));
    return postMessage(deps, viewer, call.input, requestLanguage(call.req), appClock.now());
  });

  return router;
}
