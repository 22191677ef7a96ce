import { Router, type Request, type Response } from "express";
import {
  badgeIdSchema,
  badgeIdsSchema,
  badgeListQuerySchema,
  badgeSchema,
  badgeUpdateSchema,
  validateEmailSchema,
  validateMobileSchema,
} from "../../../app/contracts/badges/schema";
import { deleteBadges, duplicateField, EXISTS, findBadge, listBadges, saveBadge, updateBadge, type Caller } from "../../badges/badges";
import type { BadgeDetail } from "../../../app/contracts/badges/api-types";
import { groupedBadgeCode, signBadgeCode } from "../../badges/badge-code";
import { exhibitorArrival } from "../../badges/check-in";
import { badgeWindow, requireBadgesOpen } from "../../badges/deadline";
import type { ApiDeps } from "../context";
import { handle, parseInput, requestLanguage } from "../envelope";
import { badgeCallerOf } from "./badge-caller";
import { noteProbes, requireProbesLeft } from "../../badges/holder-probes";

/**
 * Exhibitor badges (spec point 7: /smeb/pass/ticket/ list, save, update, delete, batchDelete, info,
 * validateEmail, validateMobile). Everything is the session user's: another's badge answers like an
 * unknown one (404). The mobile's pattern follows the caller's language (spec: mainland numbers in the
 * Chinese portal, with a country code otherwise).
 */
type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});
const schemaLanguage = (req: Request) => (requestLanguage(req) === "zh" ? "zh" : "en");

export function badgeRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  const callerOf = (req: Request, res: Response) => badgeCallerOf(deps, req, res);
  /** A change: refused after the badge deadline (the list is read-only then). */
  const changingCallerOf = async (req: Request, res: Response): Promise<Caller> => {
    const caller = await callerOf(req, res);
    await requireBadgesOpen(db, caller);
    return caller;
  };

  router.get(
    "/smeb/pass/ticket/list",
    handle(async (req, res) => {
      const caller = await callerOf(req, res);
      const list = await listBadges(db, caller, parseInput(badgeListQuerySchema, req.query));
      const [window, arrival] = await Promise.all([badgeWindow(db, caller.exhibitionId), exhibitorArrival(db, caller.exhibitionId, caller.userId)]);
      return { ...list, window, arrivedAt: arrival?.arrivedAt ?? null };
    }),
  );
  router.get(
    "/smeb/pass/ticket/info",
    handle(async (req, res): Promise<BadgeDetail> => {
      const badge = await findBadge(db, await callerOf(req, res), parseInput(badgeIdSchema, req.query).id);
      if (badge.status === "returned") return { ...badge, badgeCode: null };
      // The owner may read it out at the desk when the QR will not scan; it says nothing personal.
      const { code } = await db.selectFrom("badges").select("code").where("id", "=", badge.id).executeTakeFirstOrThrow();
      return { ...badge, badgeCode: groupedBadgeCode(signBadgeCode(code, deps.sessionSecrets)) };
    }),
  );
  router.post(
    "/smeb/pass/ticket/save",
    handle(async (req, res) => saveBadge(db, await changingCallerOf(req, res), parseInput(badgeSchema(schemaLanguage(req)), bodyOf(req)))),
  );
  router.post(
    "/smeb/pass/ticket/update",
    handle(async (req, res) => updateBadge(db, await changingCallerOf(req, res), parseInput(badgeUpdateSchema(schemaLanguage(req)), bodyOf(req)))),
  );
  router.post(
    "/smeb/pass/ticket/delete",
    handle(async (req, res) => deleteBadges(db, await changingCallerOf(req, res), [parseInput(badgeIdSchema, bodyOf(req)).id])),
  );
  router.post(
    "/smeb/pass/ticket/batchDelete",
    handle(async (req, res) => deleteBadges(db, await changingCallerOf(req, res), parseInput(badgeIdsSchema, bodyOf(req)).ids)),
  );

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
  router.get(
    "/smeb/pass/ticket/validateMobile",
    handle(async (req, res) => {
      const input = parseInput(validateMobileSchema, req.query);
      return liveCheck(await callerOf(req, res), "mobile", input.mobile.replace(/[\s-]/g, ""), input.excludeId);
    }),
  );
  router.get(
    "/smeb/pass/ticket/validateEmail",
    handle(async (req, res) => {
      const input = parseInput(validateEmailSchema, req.query);
      return liveCheck(await callerOf(req, res), "email", input.email, input.excludeId);
    }),
  );

  return router;
}
