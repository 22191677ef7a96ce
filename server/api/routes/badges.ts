import { Router, type Request, type Response } from "express";
import { badgeSchema, badgeUpdateSchema } from "../../../app/contracts/badges/schema";
import { badgeEndpoints } from "../../../app/contracts/badges/endpoints.server";
import { deleteBadges, duplicateField, EXISTS, findBadge, listBadges, saveBadge, updateBadge } from "../../badges/badges";
import type { Caller } from "../../auth/caller";
import type { BadgeDetail } from "../../../app/contracts/badges/api-types";
import { groupedBadgeCode, signBadgeCode } from "../../badges/badge-code";
import { exhibitorArrival } from "../../badges/check-in";
import { badgeWindow, requireBadgesOpen } from "../../badges/deadline";
import type { ApiDeps } from "../context";
import { parseInput, requestLanguage } from "../envelope";
import { bodyOf, mount } from "../mount";
import { callerFor } from "../caller";
import { noteProbes, requireProbesLeft } from "../../badges/holder-probes";

/**
 * Exhibitor badges (docs/product.md § The exhibition API: /smeb/pass/ticket/ list, save, update, delete, batchDelete, info,
 * validateEmail, validateMobile). Everything is the session user's: another's badge answers like an
 * unknown one (404). The mobile's pattern follows the caller's language (spec: mainland numbers in the
 * Chinese portal, with a country code otherwise).
 */
const schemaLanguage = (req: Request) => (requestLanguage(req) === "zh" ? "zh" : "en");

export function badgeRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  const callerOf = (req: Request, res: Response) => callerFor(deps, req, res);
  /** A change: refused after the badge deadline (the list is read-only then). */
  const changingCallerOf = async (req: Request, res: Response): Promise<Caller> => {
    const caller = await callerOf(req, res);
    await requireBadgesOpen(db, caller);
    return caller;
  };

  mount(router, badgeEndpoints.list, async (call) => {
    const caller = await callerOf(call.req, call.res);
    const list = await listBadges(db, caller, call.input);
    const [window, arrival] = await Promise.all([badgeWindow(db, caller), exhibitorArrival(db, caller.exhibitionId, caller.userId)]);
    return { ...list, window, arrivedAt: arrival?.arrivedAt ?? null };
  });
  mount(router, badgeEndpoints.info, async (call): Promise<BadgeDetail> => {
    const badge = await findBadge(db, await callerOf(call.req, call.res), call.input.id);
    if (badge.status === "returned") return { ...badge, badgeCode: null };
    // The owner may read it out at the desk when the QR will not scan; it says nothing personal.
    const { code } = await db.selectFrom("badges").select("code").where("id", "=", badge.id).executeTakeFirstOrThrow();
    return { ...badge, badgeCode: groupedBadgeCode(signBadgeCode(code, deps.sessionSecrets)) };
  });
  // The declared schema is one language's: the mobile's rule follows the caller's (badgeEndpoints).
  mount(router, badgeEndpoints.save, async ({ req, res }) =>
    saveBadge(db, await changingCallerOf(req, res), parseInput(badgeSchema(schemaLanguage(req)), bodyOf(req))),
  );
  mount(router, badgeEndpoints.update, async ({ req, res }) =>
    updateBadge(db, await changingCallerOf(req, res), parseInput(badgeUpdateSchema(schemaLanguage(req)), bodyOf(req))),
  );
  mount(router, badgeEndpoints.remove, async (call) => deleteBadges(db, await changingCallerOf(call.req, call.res), [call.input.id]));
  mount(router, badgeEndpoints.removeMany, async (call) => deleteBadges(db, await changingCallerOf(call.req, call.res), call.input.ids));

  /**
   * As the user types (JS on): "already exists" only for one of the caller's own badges, never for
   * another exhibitor's holder (that is the save's to refuse, throttled); and throttled itself.
   * The save checks again, and the unique indexes decide.
   */
  const liveCheck = async (caller: Caller, field: "mobile" | "email", value: string, excludeId: number | undefined) => {
    await requireProbesLeft(db, caller.userId, "live");
    await noteProbes(db, caller.userId, "live");
    if (excludeId !== undefined) await findBadge(db, caller, excludeId);
    const duplicate = await duplicateField(db, caller.exhibitionId, { [field]: value }, excludeId);
    if (duplicate?.holderId === caller.userId) throw EXISTS(field);
    return { available: true };
  };
  // The input is checked before the session here, as it always was.
  mount(router, badgeEndpoints.validateMobile, async (call) => {
    const input = call.input;
    return liveCheck(await callerOf(call.req, call.res), "mobile", input.mobile.replace(/[\s-]/g, ""), input.excludeId);
  });
  mount(router, badgeEndpoints.validateEmail, async (call) => {
    const input = call.input;
    return liveCheck(await callerOf(call.req, call.res), "email", input.email, input.excludeId);
  });

  return router;
}
