import { Router } from "express";
import { homeEndpoints } from "../../../app/contracts/home/endpoints.server";
import { appClock } from "../../clock";
import { checklistOverview, notDoneFor, notDoneWorkbook } from "../../schedule/overview";
import { missingSettingsOf, settingsEnvironment } from "../../exhibition-settings/general";
import { organizerFor } from "../caller";
import { backupState } from "../../backup/status";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { sendFile, XLSX_CONTENT_TYPE } from "../file-answer";
import { mount } from "../mount";

/** The organizer's home (docs/product.md § Home): the checklist across every exhibitor, who is behind, and its export. Mounted inside /api. */
export function homeOverviewRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  mount(router, homeEndpoints.overview, async ({ req, res }) => {
    const organizer = await organizerFor(deps, req, res);
    const [overview, missingSettings, backup] = await Promise.all([
      checklistOverview(db, organizer.exhibitionId, appClock.now()),
      missingSettingsOf(db, organizer.exhibitionId, settingsEnvironment(deps.config)),
      backupState(db, Boolean(deps.config.BACKUP_SCHEDULE)),
    ]);
    return { ...overview, missingSettings, backup };
  });
  mount(router, homeEndpoints.notDone, async (call) => {
    const organizer = await organizerFor(deps, call.req, call.res);
    const { itemId, page, pageSize } = call.input;
    return notDoneFor(db, organizer.exhibitionId, itemId, { page, pageSize });
  });
  mount(router, homeEndpoints.exportNotDone, async (call) => {
    const organizer = await organizerFor(deps, call.req, call.res);
    const language = requestLanguage(call.req);
    const { bytes, title } = await notDoneWorkbook(db, organizer.exhibitionId, call.input.itemId, language);
    const name = `${title}.xlsx`;
    await sendFile(call.res, bytes, XLSX_CONTENT_TYPE, { filename: name, ascii: `not-done-${call.input.itemId}.xlsx` });
  });

  return router;
}
