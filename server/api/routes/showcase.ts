import { Router, type Request } from "express";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { showcaseEndpoints as endpoints } from "../../../app/contracts/showcase/endpoints.server";
import { appClock } from "../../clock";
import { publicShowcase, publicShowcaseImage } from "../../showcase/public-page";
import { enableShowcase, hideShowcase, listShowcases, myShowcase, saveShowcase, showcaseLink, showcaseQr } from "../../showcase/showcases";
import { callerFor, organizerFor } from "../caller";
import { clientIp, type ApiDeps, userAgentOf } from "../context";
import { requestLanguage } from "../envelope";
import { sendStoredFile } from "../file-answer";
import { mount, withMessage } from "../mount";
import { publicBaseUrl } from "../../exhibition-settings/public-url";
import type { Caller } from "../../auth/caller";

/** The visitor's own browser's user agent: the portal's server passes it on (x-client-user-agent), a direct caller sends its own. */

/**
 * The custom mini-program as a public showcase page (issue 40, decision 036). Mounted inside /api.
 * The exhibitor's own showcase (callerFor), the organizer's list and hide switch (organizerFor), and
 * the public page and its pictures by code (no session).
 */
export function showcaseRoutes(deps: ApiDeps): Router {
  const { db, store } = deps;
  const router = Router();

  /** The public link: the exhibition's public address (publicBaseUrl), else the portal's address as the exhibitor's browser used it (x-portal-origin), else this request's. */
  const linkFor = async (req: Request, caller: Caller) => {
    const portal = req.get("x-portal-origin");
    const origin = portal && /^https?:\/\/[^/\s]+$/.test(portal) ? portal : `${req.protocol}://${req.get("host") ?? "localhost"}`;
    const base = (await publicBaseUrl(db, caller.exhibitionId, deps.config)) ?? undefined;
    return (code: string) => showcaseLink(base, origin, code);
  };

  mount(router, endpoints.mine, async ({ req, res }) => {
    const caller = await callerFor(deps, req, res);
    return myShowcase(db, caller, await linkFor(req, caller));
  });
  mount(router, endpoints.save, async (call) => {
    const caller = await callerFor(deps, call.req, call.res);
    await saveShowcase(db, caller, call.input.exhibitIds, appClock.now());
    return withMessage(await myShowcase(db, caller, await linkFor(call.req, caller)), translate(requestLanguage(call.req), "showcase.page.saved"));
  });
  mount(router, endpoints.enable, async (call) => {
    const caller = await callerFor(deps, call.req, call.res);
    const { enabled } = call.input;
    await enableShowcase(db, caller, enabled, appClock.now());
    const message = translate(requestLanguage(call.req), enabled ? "showcase.page.switchedOn" : "showcase.page.switchedOff");
    return withMessage(await myShowcase(db, caller, await linkFor(call.req, caller)), message);
  });
  mount(router, endpoints.qrCode, async (call) => {
    const caller = await callerFor(deps, call.req, call.res);
    return showcaseQr(db, caller, await linkFor(call.req, caller), call.input.width);
  });

  mount(router, endpoints.list, async ({ req, res }) => listShowcases(db, await organizerFor(deps, req, res), requestLanguage(req)));
  mount(router, endpoints.hide, async (call) => {
    const caller = await organizerFor(deps, call.req, call.res);
    await hideShowcase(db, caller, call.input.id, call.input.hidden);
    return withMessage(await listShowcases(db, caller, requestLanguage(call.req)), translate(requestLanguage(call.req), "showcase.admin.saved"));
  });

  mount(router, endpoints.publicPage, async (call) => {
    const page = await publicShowcase(
      db,
      { code: call.input.code, ip: clientIp(call.req), userAgent: userAgentOf(call.req) },
      requestLanguage(call.req),
      appClock.now(),
    );
    call.res.set("Cache-Control", "no-store");
    return page;
  });
  mount(router, endpoints.publicImage, async (call) => {
    const { res } = call;
    const image = await publicShowcaseImage({ db, store }, call.input.code, call.input.slot);
    await sendStoredFile(call.req, res, deps, {
      key: image.key,
      size: image.size,
      contentType: image.contentType,
      headers: {
        "Content-Disposition": "inline",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        // A page switched off or hidden stops showing its pictures within minutes.
        "Cache-Control": "public, max-age=300",
      },
      log: { message: "showcase picture could not be read", context: { code: call.input.code, slot: call.input.slot } },
    });
  });

  return router;
}
