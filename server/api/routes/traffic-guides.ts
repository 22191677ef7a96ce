import { Router } from "express";
import { trafficGuidesEndpoints as endpoints } from "../../../app/contracts/traffic-guides/endpoints.server";
import { deleteRoute, deleteStop, deleteTimetable, listRoutes, saveRoute, saveStop, saveTimetable } from "../../traffic-guides/bus";
import { guideDays, guideIntro, guideNotFound, saveIntro } from "../../traffic-guides/common";
import { carParkMap, deleteCarPark, listCarParks, saveCarPark } from "../../traffic-guides/parking";
import { storedFileIdOf } from "../../uploads/files";
import { callerFor } from "../caller";
import type { ApiDeps } from "../context";
import { attachmentDisposition, sendStoredUpload } from "../file-answer";
import { mount } from "../mount";
import { mountOrganizerChange } from "../organizer-change";

/** The bus and parking guides (issue 41, docs/product.md § Bus and parking guides). Mounted inside /api. */
export function trafficGuideRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

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
    await sendStoredUpload(req, res, deps, await carParkMap(db, caller, input.id), {
      missing: guideNotFound,
      disposition: (stored) => {
        const name = `map-${input.id}${stored.contentType === "image/png" ? ".png" : ".jpg"}`;
        return attachmentDisposition(name, name).replace(/^attachment/, "inline");
      },
      cacheControl: "private, max-age=300",
      log: { message: "car park map could not be read", context: { carParkId: input.id } },
    });
  });

  const saved = "trafficGuides.admin.saved";
  mountOrganizerChange(router, deps, endpoints.saveIntro, { run: (organizer, input) => saveIntro(db, organizer, input), message: saved });
  mountOrganizerChange(router, deps, endpoints.saveRoute, { run: (organizer, input) => saveRoute(db, organizer, input), message: saved });
  mountOrganizerChange(router, deps, endpoints.saveStop, { run: (organizer, input) => saveStop(db, organizer, input), message: saved });
  mountOrganizerChange(router, deps, endpoints.saveTimetable, { run: (organizer, input) => saveTimetable(db, organizer, input), message: saved });
  mountOrganizerChange(router, deps, endpoints.saveCarPark, {
    run: (organizer, input) => saveCarPark(db, organizer, { ...input, mapFileId: storedFileIdOf(input.mapUrl) ?? undefined }),
    message: saved,
  });
  const deletions = [
    [endpoints.deleteRoute, deleteRoute],
    [endpoints.deleteStop, deleteStop],
    [endpoints.deleteTimetable, deleteTimetable],
    [endpoints.deleteCarPark, deleteCarPark],
  ] as const;
  for (const [endpoint, remove] of deletions)
    mountOrganizerChange(router, deps, endpoint, {
      run: (organizer, input) => remove(db, organizer, input.id).then(() => null),
      message: "trafficGuides.admin.deleted",
    });

  return router;
}
