import { Router } from "express";
import { dataAreaEndpoints as endpoints } from "../../../app/contracts/data-area/endpoints.server";
import { deleteClass, deleteFile, downloadFile, fileById, listClasses, listFiles, saveClass, saveFile } from "../../data-area/data-area";
import { storedFileIdOf } from "../../uploads/files";
import { callerFor } from "../caller";
import type { ApiDeps } from "../context";
import { requestLanguage, notFound } from "../envelope";
import { attachmentDisposition, sendStoredUpload } from "../file-answer";
import { mount } from "../mount";
import { mountOrganizerChange } from "../organizer-change";

/** The data area (issue 41, docs/product.md § Data area). Mounted inside /api. */
export function dataAreaRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  mount(router, endpoints.classes, async ({ req, res }) => listClasses(db, await callerFor(deps, req, res)));
  mount(router, endpoints.files, async ({ req, res, input }) => listFiles(db, await callerFor(deps, req, res), { ...input, bannerOnly: input.banner }));
  mount(router, endpoints.download, async ({ req, res, input }) => {
    const caller = await callerFor(deps, req, res);
    const file = await downloadFile(db, caller, input.id);
    await sendStoredUpload(req, res, deps, file.storedFileId, {
      missing: () => notFound("dataArea.errors.fileNotFound"),
      disposition: (stored) => {
        const ext = stored.originalName.includes(".") ? stored.originalName.slice(stored.originalName.lastIndexOf(".")) : "";
        return attachmentDisposition(`${(requestLanguage(req) === "en" && file.nameEn) || file.nameZh}${ext}`, `file-${input.id}${ext}`);
      },
      cacheControl: "private, no-store",
      log: { message: "data area file could not be read", context: { dataFileId: input.id } },
    });
  });

  const saved = "dataArea.admin.saved";
  const deleted = "dataArea.admin.deleted";
  mountOrganizerChange(router, deps, endpoints.saveClass, {
    run: (organizer, input) => saveClass(db, organizer, input).then(() => listClasses(db, organizer)),
    message: saved,
  });
  mountOrganizerChange(router, deps, endpoints.deleteClass, {
    run: (organizer, input) => deleteClass(db, organizer, input.id).then(() => listClasses(db, organizer)),
    message: deleted,
  });
  mountOrganizerChange(router, deps, endpoints.saveFile, {
    run: async (organizer, input) =>
      fileById(db, organizer, await saveFile(db, organizer, { ...input, storedFileId: storedFileIdOf(input.fileUrl) ?? undefined })),
    message: saved,
  });
  mountOrganizerChange(router, deps, endpoints.deleteFile, {
    run: (organizer, input) => deleteFile(db, organizer, input.id).then(() => null),
    message: deleted,
  });

  return router;
}
