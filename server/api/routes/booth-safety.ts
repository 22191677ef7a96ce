import { Router, type Request, type Response } from "express";
import { boothConstructionEndpoints as endpoints } from "../../../app/contracts/booth-construction/endpoints.server";
import { commitmentSchema } from "../../../app/contracts/booth-construction/schema";
import { commitmentDownload, findCommitment, saveCommitment, uploadCommitmentScans } from "../../booth-construction/commitment";
import { findInsurance, saveInsurance } from "../../booth-construction/insurance";
import { appClock } from "../../clock";
import type { ApiDeps } from "../context";
import { parseInput, requestLanguage, notFound } from "../envelope";
import { bodyOf, mount, parseEndpointInput } from "../mount";
import { callerFor } from "../caller";
import { attachmentDisposition, PDF_CONTENT_TYPE, sendStoredFile } from "../file-answer";

/**
 * Booth construction, the safety side (spec /boothConstruction insurancePurchase and
 * entrySafetyCommitment; API /smeb/boothBuild/insurance/* and /smeb/boothBuild/commitment/*).
 * Everything is the caller's own booth: another exhibitor's booth answers like an unknown one
 * (404), a booth of the wrong type with the page's rule (403).
 */
/** Forms may name a list "field[]". */
const listField = (body: Record<string, unknown>, field: string) => body[field] ?? body[`${field}[]`];
const schemaLanguage = (req: Request) => (requestLanguage(req) === "zh" ? "zh" : "en");

export function boothSafetyRoutes(deps: ApiDeps): Router {
  const { db, store } = deps;
  const router = Router();
  const callerOf = (req: Request, res: Response) => callerFor(deps, req, res);

  mount(router, endpoints.insurance, async (call) => findInsurance(db, await callerOf(call.req, call.res), call.input.boothId));
  mount(router, endpoints.saveInsurance, async (call) => saveInsurance(db, await callerOf(call.req, call.res), call.input, appClock.now()));

  mount(router, endpoints.commitment, async (call) => findCommitment(db, await callerOf(call.req, call.res), call.input.boothId));
  mount(router, endpoints.saveCommitment, async ({ req, res }) => {
    const caller = await callerOf(req, res);
    // The mobile rule is the caller's language's, so the declared (Chinese) schema is not the one parsed with.
    const input = parseInput(commitmentSchema(schemaLanguage(req)), bodyOf(req));
    return saveCommitment(db, store, caller, input, requestLanguage(req), appClock.now());
  });
  mount(router, endpoints.uploadCommitmentScans, async ({ req, res }) => {
    const caller = await callerOf(req, res);
    const body = bodyOf(req);
    return uploadCommitmentScans(
      db,
      store,
      caller,
      parseEndpointInput(endpoints.uploadCommitmentScans, { ...body, scanUrls: listField(body, "scanUrls") }),
      appClock.now(),
    );
  });

  // docs/product.md § Messages and errors: a download passes through as an attachment; refusals are envelopes.
  mount(router, endpoints.commitmentPdf, async (call) => {
    const { res } = call;
    const caller = await callerOf(call.req, res);
    const { boothId } = call.input;
    const { file, fileName } = await commitmentDownload(db, store, caller, boothId, requestLanguage(call.req), appClock.now());
    const info = await store.stat(file.storageKey);
    if (!info) throw notFound();
    await sendStoredFile(call.req, res, deps, {
      key: file.storageKey,
      size: info.sizeBytes,
      contentType: PDF_CONTENT_TYPE,
      headers: { "Content-Disposition": attachmentDisposition(fileName, fileName), "Cache-Control": "private, no-store" },
      log: { message: "commitment download broke off", context: { fileId: file.id } },
    });
  });

  return router;
}
