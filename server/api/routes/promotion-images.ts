import { Router } from "express";
import { promotionImageEndpoints as endpoints } from "../../../app/contracts/promotion/images/endpoints.server";
import { appClock } from "../../clock";
import { promotionImage } from "../../promotion/images";
import { trackingCodeOf, trackingLink } from "../../promotion/tracking";
import type { Caller } from "../../auth/caller";
import { callerFor } from "../caller";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { sendFile } from "../file-answer";
import { mount } from "../mount";
import type { Request } from "express";
import { publicBaseUrl } from "../../exhibition-settings/public-url";

/**
 * Promotion images (issue 38, decision 031): the caller's own invitation as an image, and its
 * posters. Each is rendered once per change of what it shows and kept (server/promotion/images.ts).
 * Mounted inside /api.
 */
export function promotionImageRoutes(deps: ApiDeps): Router {
  const { db, store } = deps;
  const router = Router();

  /**
   * The QR code's link: the exhibition's public address (publicBaseUrl), else the portal's address as the browser used it (the portal
   * sends it, x-portal-origin; it only shapes the caller's own image), else this request's origin.
   */
  const originOf = (req: Request) => {
    const portal = req.get("x-portal-origin");
    return portal && /^https?:\/\/[^/\s]+$/.test(portal) ? portal : `${req.protocol}://${req.get("host") ?? "localhost"}`;
  };
  const linkFor = (req: Request, caller: Caller) => async () =>
    trackingLink((await publicBaseUrl(db, caller.exhibitionId, deps.config)) ?? undefined, originOf(req), await trackingCodeOf(db, caller));

  mount(router, endpoints.invitationImage, async ({ req, res, ...call }) => {
    const caller = await callerFor(deps, req, res);
    const { id, format, download } = call.input;
    const image = await promotionImage({ db, store }, caller, { kind: "invitation", id }, format, linkFor(req, caller), requestLanguage(req), appClock.now());
    res.set("Cache-Control", "private, no-cache");
    await sendFile(res, image.bytes, image.contentType, image.name, { inline: !download });
  });

  mount(router, endpoints.poster, async ({ req, res, ...call }) => {
    const caller = await callerFor(deps, req, res);
    const { kind, format, download } = call.input;
    const image = await promotionImage(
      { db, store },
      caller,
      { kind: "poster", poster: kind },
      format,
      linkFor(req, caller),
      requestLanguage(req),
      appClock.now(),
    );
    res.set("Cache-Control", "private, no-cache");
    await sendFile(res, image.bytes, image.contentType, image.name, { inline: !download });
  });

  return router;
}
