import { Router } from "express";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { settingsEndpoints } from "../../../app/contracts/settings/endpoints.server";
import { feedbackImageId, feedbackInbox, markFeedback } from "../../settings/feedback-inbox";
import { organizerFor } from "../caller";
import type { ApiDeps } from "../context";
import { requestLanguage, notFound } from "../envelope";
import { sendStoredUpload } from "../file-answer";
import { mount, withMessage } from "../mount";

/**
 * The organizer's feedback inbox (issue 51): list, handled switch and the attached image; roleId 1
 * only (organizerFor refuses everyone else before anything is read). Mounted inside /api.
 */
export function feedbackInboxRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  mount(router, settingsEndpoints.feedbackInbox, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    return feedbackInbox(db, organizer.exhibitionId, input);
  });

  mount(router, settingsEndpoints.markFeedback, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    const handled = input.handled === "1";
    const row = await markFeedback(db, organizer.exhibitionId, organizer.userId, input.id, handled);
    return withMessage(row, translate(requestLanguage(req), handled ? "settings.inbox.markedHandled" : "settings.inbox.markedOpen"));
  });

  mount(router, settingsEndpoints.feedbackImage, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    await sendStoredUpload(req, res, deps, await feedbackImageId(db, organizer.exhibitionId, input.id), {
      missing: () => notFound("settings.inbox.imageNotFound"),
      // A picture opens in the tab.
      disposition: (file) => `inline; filename*=UTF-8''${encodeURIComponent(file.originalName)}`,
      cacheControl: "private, no-store",
      log: { message: "feedback image could not be read", context: { feedbackId: input.id } },
    });
  });

  return router;
}
