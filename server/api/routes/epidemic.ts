import { Router, type Request } from "express";
import { epidemicEndpoints as endpoints } from "../../../app/contracts/epidemic/endpoints.server";
import { staffSchema } from "../../../app/contracts/epidemic/schema";
import { STAFF_EXCEL_FILE_FIELD, STAFF_EXCEL_LIMITS } from "../../../app/contracts/epidemic/values";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { acceptCommitment, epidemicSettings, findCommitment, requireEpidemicOn, saveEpidemicSettings, withdrawCommitment } from "../../epidemic/declaration";
import { reviewDeclarations, reviewExportFileName, reviewWorkbook } from "../../epidemic/review";
import { addStaff, deleteStaff, staffPage } from "../../epidemic/staff";
import { importStaff, staffTemplate, staffTemplateFileName } from "../../epidemic/staff-excel";
import { callerFor, organizerFor } from "../caller";
import type { ApiDeps } from "../context";
import { ApiCode, ApiError, parseInput, requestLanguage } from "../envelope";
import { sendFile, XLSX_CONTENT_TYPE } from "../file-answer";
import { bodyOf, mount, withMessage } from "../mount";
import { readOneFile } from "../one-file-upload";
import { megabytes } from "../../spreadsheets/workbook";

const tooLarge = () => new ApiError(413, "epidemic.excel.fileTooLarge", { max: megabytes(STAFF_EXCEL_LIMITS.maxBytes) });

/**
 * The epidemic declaration (issue 41, docs/product.md § Epidemic declaration). The exhibitor's side
 * acts on the caller's own commitment and staff only (ids of anyone else's answer 404) and answers
 * 404 while the exhibition's switch is off; carrier accounts are refused (403, server/transport/carrier-scope.ts); the
 * organizer's side is roleId 1's. Mounted inside /api.
 */
export function epidemicRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();
  const said = (req: Request, key: string, values: Record<string, unknown> = {}) => translate(requestLanguage(req), `epidemic.saved.${key}`, values);
  const schemaLanguage = (req: Request) => (requestLanguage(req) === "en" ? "en" : "zh");

  mount(router, endpoints.commitment, async ({ req, res }) => findCommitment(db, await callerFor(deps, req, res), requestLanguage(req)));
  mount(router, endpoints.createCommitment, async ({ req, res, input }) => {
    const caller = await callerFor(deps, req, res);
    return withMessage(await acceptCommitment(db, caller, input.signerName, "create", requestLanguage(req)), said(req, "commitment"));
  });
  mount(router, endpoints.updateCommitment, async ({ req, res, input }) => {
    const caller = await callerFor(deps, req, res);
    return withMessage(await acceptCommitment(db, caller, input.signerName, "update", requestLanguage(req)), said(req, "commitment"));
  });
  mount(router, endpoints.deleteCommitment, async ({ req, res }) =>
    withMessage(await withdrawCommitment(db, await callerFor(deps, req, res), requestLanguage(req)), said(req, "withdrawn")),
  );

  mount(router, endpoints.staff, async ({ req, res, input }) => staffPage(db, await callerFor(deps, req, res), input.page));
  mount(router, endpoints.addStaff, async ({ req, res }) => {
    const caller = await callerFor(deps, req, res);
    await requireEpidemicOn(db, caller.exhibitionId);
    // The phone rule follows the caller's language, as the page's form does.
    const added = await addStaff(db, caller, parseInput(staffSchema(schemaLanguage(req)), bodyOf(req)));
    return withMessage(added, said(req, "staff", { name: added.name }));
  });
  mount(router, endpoints.deleteStaff, async ({ req, res, input }) => {
    await deleteStaff(db, await callerFor(deps, req, res), input.id);
    return withMessage(null, said(req, "deleted"));
  });
  mount(router, endpoints.uploadStaff, async ({ req, res }) => {
    const caller = await callerFor(deps, req, res);
    await requireEpidemicOn(db, caller.exhibitionId);
    const { file } = await readOneFile(req, res, {
      fileField: STAFF_EXCEL_FILE_FIELD,
      maxBytes: STAFF_EXCEL_LIMITS.maxBytes,
      tooLarge,
      notMultipart: () => new ApiError(ApiCode.badRequest, "epidemic.excel.choose"),
    });
    if (!file) throw new ApiError(ApiCode.badRequest, "epidemic.excel.choose");
    const result = await importStaff(db, caller, file, requestLanguage(req));
    return withMessage(result, said(req, "imported", { count: result.imported }));
  });
  mount(router, endpoints.template, async ({ req, res }) => {
    const caller = await callerFor(deps, req, res);
    await requireEpidemicOn(db, caller.exhibitionId);
    const language = requestLanguage(req);
    await sendFile(res, await staffTemplate(language), XLSX_CONTENT_TYPE, staffTemplateFileName(language));
  });

  mount(router, endpoints.settings, async ({ req, res }) => epidemicSettings(db, (await organizerFor(deps, req, res)).exhibitionId));
  mount(router, endpoints.saveSettings, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    return withMessage(await saveEpidemicSettings(db, organizer.exhibitionId, input), said(req, "settings"));
  });
  mount(router, endpoints.review, async ({ req, res, input }) => reviewDeclarations(db, await organizerFor(deps, req, res), input, requestLanguage(req)));
  mount(router, endpoints.export, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const language = requestLanguage(req);
    await sendFile(res, await reviewWorkbook(db, organizer, input, language), XLSX_CONTENT_TYPE, reviewExportFileName(language));
  });

  return router;
}
