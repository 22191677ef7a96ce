import { Router } from "express";
import { dataAreaEndpoints as endpoints } from "../../../app/contracts/data-area/endpoints.server";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { deleteClass, deleteFile, downloadFile, fileById, listClasses, listFiles, saveClass, saveFile } from "../../data-area/data-area";
import { findStoredFile, storedFileIdOf } from "../../uploads/files";
import { callerFor, organizerFor } from "../caller";
import type { ApiDeps } from "../context";
import { requestLanguage, notFound } from "../envelope";
import { attachmentDisposition, sendStoredFile } from "../file-answer";
import { mount, withMessage } from "../mount";

/** The data area (issue 41, docs/product.md § Data area). Mounted inside /api. */
export function dataAreaRoutes(deps: ApiDeps): Router {
  const { db, store } = deps;
  const router = Router();
  const saved = (req: Parameters<typeof requestLanguage>[0]) => translate(requestLanguage(req), "dataArea.admin.saved");

  mount(router, endpoints.classes, async ({ req, res }) => listClasses(db, await callerFor(deps, req, res)));
  mount(router, endpoints.files, async ({ req, res, input }) => listFiles(db, await callerFor(deps, req, res), { ...input, bannerOnly: input.banner }));
  mount(router, endpoints.download, async ({ req, res, input }) => {
    const caller = await callerFor(deps, req, res);
    const file = await downloadFile(db, caller, input.id);
    const stored = await findStoredFile(db, file.storedFileId);
    const info = stored && (await store.stat(stored.storageKey));
    if (!stored || !info) throw notFound("dataArea.errors.fileNotFound");
    const ext = stored.originalName.includes(".") ? stored.originalName.slice(stored.originalName.lastIndexOf(".")) : "";
    const name = `${(requestLanguage(req) === "en" && file.nameEn) || file.nameZh}${ext}`;
    await sendStoredFile(req, res, deps, {
      key: stored.storageKey,
      size: info.sizeBytes,
      contentType: stored.contentType,
      headers: {
        "Content-Disposition": attachmentDisposition(name, `file-${input.id}${ext}`),
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cache-Control": "private, no-store",
      },
      log: { message: "data area file could not be read", context: { dataFileId: input.id } },
    });
  });

  mount(router, endpoints.saveClass, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    await saveClass(db, organizer, input);
    return withMessage(await listClasses(db, organizer), saved(req));
  });
  mount(router, endpoints.deleteClass, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    await deleteClass(db, organizer, input.id);
    return withMessage(await listClasses(db, organizer), translate(requestLanguage(req), "dataArea.admin.deleted"));
  });
  mount(router, endpoints.saveFile, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const id = await saveFile(db, organizer, { ...input, storedFileId: storedFileIdOf(input.fileUrl) ?? undefined });
    return withMessage(await fileById(db, organizer, id), saved(req));
  });
  mount(router, endpoints.deleteFile, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    await deleteFile(db, organizer, input.id);
    return withMessage(null, translate(requestLanguage(req), "dataArea.admin.deleted"));
  });

  return router;
}
