import { Router } from "express";
import { exhibitionSettingsEndpoints as endpoints } from "../../../app/contracts/exhibition-settings/endpoints.server";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { generalSettings, saveGeneralSettings, settingsEnvironment } from "../../exhibition-settings/general";
import { currentSiteSettings } from "../../exhibition-settings/site";
import { organizerFor } from "../caller";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { mount, withMessage } from "../mount";

/** The organizer's general settings (issue 52, /index/settings): roleId 1 only. Mounted inside /api. */
export function exhibitionSettingsRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db, logger } = deps;

  mount(router, endpoints.settings, async ({ req, res }) => {
    const organizer = await organizerFor(deps, req, res);
    return generalSettings(db, organizer.exhibitionId, settingsEnvironment(deps.config));
  });

  mount(router, endpoints.save, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const saved = await saveGeneralSettings(db, organizer, input, settingsEnvironment(deps.config));
    logger.info({ event: "exhibition-settings", userId: organizer.userId, exhibitionId: organizer.exhibitionId }, "exhibition settings saved");
    // After the commit (never inside a transaction): the messages that waited for the public address go now.
    if (saved.publicUrl || deps.config.PUBLIC_URL) await deps.notifier.releaseHeld(organizer.exhibitionId);
    return withMessage(saved, translate(requestLanguage(req), "exhibitionSettings.saved"));
  });

  // Public: the frame of a page without a session shows the current exhibition's footer.
  mount(router, endpoints.site, () => currentSiteSettings(db));

  return router;
}
