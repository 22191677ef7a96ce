import { Router, type Request, type Response } from "express";
import { badgeEndpoints } from "../../../app/contracts/badges/endpoints.server";
import { BADGE_EXCEL_BOOTH_FIELD, BADGE_EXCEL_FILE_FIELD, BADGE_EXCEL_LIMITS } from "../../../app/contracts/badges/excel-types";
import { allOwnBadges } from "../../badges/badges";
import { requireBadgesOpen } from "../../badges/deadline";
import { badgesWorkbook, badgeTemplate, callerCompany, excelFileName } from "../../badges/excel";
import { importBadges } from "../../badges/excel-import";
import type { ApiDeps } from "../context";
import { ApiCode, ApiError, requestLanguage } from "../envelope";
import { mount, parseEndpointInput } from "../mount";
import { readOneFile } from "../one-file-upload";
import { callerFor } from "../caller";
import { sendFile, XLSX_CONTENT_TYPE } from "../file-answer";
import { megabytes } from "../../spreadsheets/workbook";

/**
 * Badges in Excel (docs/product.md § The exhibition API: /smeb/pass/ticket/ downloadTemplate, upload, export; decision 015).
 * All three are the session user's own: the template and the export take no id, and the upload
 * saves for the caller's own booth only.
 */

const tooLarge = () => new ApiError(413, "badges.excel.fileTooLarge", { max: megabytes(BADGE_EXCEL_LIMITS.maxBytes) });

export function badgeExcelRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  const callerOf = (req: Request, res: Response) => callerFor(deps, req, res);

  mount(router, badgeEndpoints.template, async ({ req, res }) => {
    const caller = await callerOf(req, res);
    const language = requestLanguage(req);
    await sendFile(res, await badgeTemplate(language, await callerCompany(db, caller, language)), XLSX_CONTENT_TYPE, excelFileName(language, "templateFile"));
  });

  mount(router, badgeEndpoints.upload, async ({ req, res }) => {
    const caller = await callerOf(req, res);
    await requireBadgesOpen(db, caller);
    const { file, fields } = await readOneFile(req, res, {
      fileField: BADGE_EXCEL_FILE_FIELD,
      maxBytes: BADGE_EXCEL_LIMITS.maxBytes,
      fields: [BADGE_EXCEL_BOOTH_FIELD],
      tooLarge,
      notMultipart: () => new ApiError(ApiCode.badRequest, "badges.excel.noFile"),
    });
    if (!file) throw new ApiError(ApiCode.badRequest, "badges.excel.noFile");
    const { boothId } = parseEndpointInput(badgeEndpoints.upload, fields);
    return importBadges(db, caller, file, requestLanguage(req), boothId);
  });

  mount(router, badgeEndpoints.export, async (call) => {
    const { req, res } = call;
    const caller = await callerOf(req, res);
    const language = requestLanguage(req);
    const { keyword } = call.input;
    await sendFile(res, await badgesWorkbook(await allOwnBadges(db, caller, keyword), language), XLSX_CONTENT_TYPE, excelFileName(language, "exportFile"));
  });

  return router;
}
