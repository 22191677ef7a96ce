import busboy from "busboy";
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
import { callerFor } from "../caller";
import { sendFile, XLSX_CONTENT_TYPE } from "../file-answer";

/**
 * Badges in Excel (docs/product.md § The exhibition API: /smeb/pass/ticket/ downloadTemplate, upload, export; decision 015).
 * All three are the session user's own: the template and the export take no id, and the upload
 * saves for the caller's own booth only.
 */
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
/** A body declaring far more than the limit is refused unread. */
const UNREAD_LIMIT_BYTES = 4 * BADGE_EXCEL_LIMITS.maxBytes;

const tooLarge = () => new ApiError(413, "badges.excel.fileTooLarge", { max: megabytes(BADGE_EXCEL_LIMITS.maxBytes) });

/** The multipart body: one file of at most the limit (held in memory, 2 MB) and the booth field. */
function readUpload(req: Request, res: Response): Promise<{ file: Buffer | null; fields: Record<string, string> }> {
  const declared = Number(req.get("content-length"));
  if (Number.isFinite(declared) && declared > UNREAD_LIMIT_BYTES) {
    // The rest of the body is not read; closing the connection stops the sender.
    res.set("Connection", "close");
    return Promise.reject(tooLarge());
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: BADGE_EXCEL_LIMITS.maxBytes, fields: 5, fieldSize: 1024, parts: 8 } });
    } catch {
      return reject(new ApiError(ApiCode.badRequest, "badges.excel.noFile"));
    }
    const fields: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let sawFile = false;
    let over = false;
    parser.on("field", (name, value) => {
      if (name === BADGE_EXCEL_BOOTH_FIELD) fields[name] = value;
    });
    parser.on("file", (name, stream) => {
      if (name !== BADGE_EXCEL_FILE_FIELD || sawFile) return void stream.resume();
      sawFile = true;
      stream.on("data", (chunk: Buffer) => void (over || chunks.push(chunk)));
      stream.on("limit", () => {
        over = true;
        chunks.length = 0;
      });
    });
    parser.on("close", () => {
      if (over) return reject(tooLarge());
      const file = sawFile ? Buffer.concat(chunks) : null;
      resolve({ file: file?.length ? file : null, fields });
    });
    parser.on("error", () => reject(new ApiError(ApiCode.badRequest, "errors.badRequest")));
    req.pipe(parser);
  });
}

export function badgeExcelRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  const callerOf = (req: Request, res: Response) => callerFor(deps, req, res);

  mount(router, badgeEndpoints.template, async ({ req, res }) => {
    const caller = await callerOf(req, res);
    const language = requestLanguage(req);
    sendFile(res, await badgeTemplate(language, await callerCompany(db, caller, language)), XLSX_CONTENT_TYPE, excelFileName(language, "templateFile"));
  });

  mount(router, badgeEndpoints.upload, async ({ req, res }) => {
    const caller = await callerOf(req, res);
    await requireBadgesOpen(db, caller);
    const { file, fields } = await readUpload(req, res);
    if (!file) throw new ApiError(ApiCode.badRequest, "badges.excel.noFile");
    const { boothId } = parseEndpointInput(badgeEndpoints.upload, fields);
    return importBadges(db, caller, file, requestLanguage(req), boothId);
  });

  mount(router, badgeEndpoints.export, async (call) => {
    const { req, res } = call;
    const caller = await callerOf(req, res);
    const language = requestLanguage(req);
    const { keyword } = call.input;
    sendFile(res, await badgesWorkbook(await allOwnBadges(db, caller, keyword), language), XLSX_CONTENT_TYPE, excelFileName(language, "exportFile"));
  });

  return router;
}
