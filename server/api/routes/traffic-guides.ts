import { Router } from "express";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { trafficGuidesEndpoints as endpoints } from "../../../app/contracts/traffic-guides/endpoints.server";
import { deleteRoute, deleteStop, deleteTimetable, listRoutes, saveRoute, saveStop, saveTimetable } from "../../traffic-guides/bus";
import { guideDays, guideIntro, guideNotFound, saveIntro } from "../../traffic-guides/common";
import { carParkMap, deleteCarPark, listCarParks, saveCarPark } from "../../traffic-guides/parking";
import { findStoredFile, storedFileIdOf } from "../../uploads/files";
import { callerFor, organizerFor } from "../caller";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { attachmentDisposition, sendStoredFile } from "../file-answer";
import { mount, withMessage } from "../mount";

/** The bus and parking guides (issue 41, docs/product.md § Bus and parking guides). Mounted inside /api. */
export function trafficGuideRoutes(deps: ApiDeps): Router {
  const { db, store } = deps;
  const router = Router();
  const said = (req: Parameters<typeof requestLanguage>[0], key: "saved" | "deleted") => translate(requestLanguage(req), `trafficGuides.admin.${key}`);

  mount(router, endpoints.bus, async ({ req, res }) => {
    const caller = await callerFor(deps, req, res);
    const [intro, days, routes] = await Promise.all([guideIntro(db, caller.exhibitionId, "bus"), guideDays(db, caller.exhibitionId), listRoutes(db, caller)]);
    return { intro, days, routes };
  });
  mount(router, endpoints.parking, async ({ req, res }) => {
    const caller = await callerFor(deps, req, res);
    const [intro, carParks] = await Promise.all([guideIntro(db, caller.exhibitionId, "parking"), listCarParks(db, caller)]);
    return { intro, carParks };
  });
  mount(router, endpoints.map, async ({ req, res, input }) => {
    const caller = await callerFor(deps, req, res);
    const stored = await findStoredFile(db, await carParkMap(db, caller, input.id));
    const info = stored && (await store.stat(stored.storageKey));
    if (!stored || !info) throw guideNotFound();
    const ext = stored.contentType === "image/png" ? ".png" : ".jpg";
    await sendStoredFile(req, res, deps, {
      key: stored.storageKey,
      size: info.sizeBytes,
      contentType: stored.contentType,
      headers: {
        "Content-Disposition": attachmentDisposition(`map-${input.id}${ext}`, `map-${input.id}${ext}`).replace(/^attachment/, "inline"),
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "Cache-Control": "private, max-age=300",
      },
      log: { message: "car park map could not be read", context: { carParkId: input.id } },
    });
  });

  mount(router, endpoints.saveIntro, async ({ req, res, input }) =>
    withMessage(await saveIntro(db, await organizerFor(deps, req, res), input), said(req, "saved")),
  );
  mount(router, endpoints.saveRoute, async ({ req, res, input }) =>
    withMessage(await saveRoute(db, await organizerFor(deps, req, res), input), said(req, "saved")),
  );
  mount(router, endpoints.saveStop, async ({ req, res, input }) =>
    withMessage(await saveStop(db, await organizerFor(deps, req, res), input), said(req, "saved")),
  );
  mount(router, endpoints.saveTimetable, async ({ req, res, input }) =>
    withMessage(await saveTimetable(db, await organizerFor(deps, req, res), input), said(req, "saved")),
  );
  mount(router, endpoints.saveCarPark, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    return withMessage(await saveCarPark(db, organizer, { ...input, mapFileId: storedFileIdOf(input.mapUrl) ?? undefined }), said(req, "saved"));
  });
  const deletions = [
    [endpoints.deleteRoute, deleteRoute],
    [endpoints.deleteStop, deleteStop],
    [endpoints.deleteTimetable, deleteTimetable],
    [endpoints.deleteCarPark, deleteCarPark],
  ] as const;
  for (const [endpoint, remove] of deletions)
    mount(router, endpoint, async ({ req, res, input }) => {
      await remove(db, await organizerFor(deps, req, res), input.id);
      return withMessage(null, said(req, "deleted"));
    });

  return router;
}
