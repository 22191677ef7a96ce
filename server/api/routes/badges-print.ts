import QRCode from "qrcode";
import { Router } from "express";
import { badgeEndpoints } from "../../../app/contracts/badges/endpoints.server";
import { translateMessage } from "../../../app/contracts/i18n/translate.server";
import { signBadgeCode } from "../../badges/badge-code";
import { loadBadgePrint, renderBadgesPdf } from "../../badges/badge-pdf";
import { checkIn } from "../../badges/check-in";
import { appClock } from "../../clock";
import { looksLikeLeadCode } from "../../leads/pass-codes";
import { checkInVisitor } from "../../leads/visitor-check-in";
import { leadCodeOf } from "../../../app/contracts/leads/values";
import type { ApiDeps } from "../context";
import { ApiCode, ApiError, requestLanguage, notFound } from "../envelope";
import { mount } from "../mount";
import { callerFor, organizerFor } from "../caller";
import { ORGANIZER_ROLE_ID } from "../../../app/contracts/permission/roles";
import { PDF_CONTENT_TYPE, sendFile } from "../file-answer";

/**
 * Printable badges and on-site check-in (issue 14, docs/decisions/016): the PDF of the caller's
 * badges (the organizer's: any of the exhibition, by id), a badge's QR code as an image for the
 * exhibitor's page, and the organizer's check-in of a scanned or typed badge code.
 */
export function badgePrintRoutes(deps: ApiDeps): Router {
  const { db, store } = deps;
  const router = Router();

  mount(router, badgeEndpoints.print, async (call) => {
    const { req, res } = call;
    const caller = await callerFor(deps, req, res);
    const query = call.input;
    const print = await loadBadgePrint(db, store, caller, query.ids, deps.sessionSecrets);
    const pdf = await renderBadgesPdf(print, query.layout);
    const fileName = `${translateMessage(requestLanguage(req), "badges.print.fileName")}.pdf`;
    await sendFile(res, pdf, PDF_CONTENT_TYPE, { filename: fileName, ascii: "badges.pdf" });
  });

  // The QR of one badge, for the exhibitor's page: the owner's live badge, or any of the exhibition for roleId 1.
  mount(router, badgeEndpoints.qr, async (call) => {
    const { req, res } = call;
    const caller = await callerFor(deps, req, res);
    const { id } = call.input;
    let query = db
      .selectFrom("badges")
      .select(["code", "status", "holder_name"])
      .where("id", "=", id)
      .where("exhibition_id", "=", caller.exhibitionId)
      .where("deleted_at", "is", null);
    if (caller.roleId !== ORGANIZER_ROLE_ID) query = query.where("user_id", "=", caller.userId);
    const badge = await query.executeTakeFirst();
    if (!badge) throw notFound();
    // Its code would be refused at the door anyway.
    if (badge.status === "returned") throw new ApiError(ApiCode.conflict, "badges.print.returnedNotPrintable", { name: badge.holder_name });
    const png = await QRCode.toBuffer(signBadgeCode(badge.code, deps.sessionSecrets), { type: "png", errorCorrectionLevel: "M", margin: 4, scale: 6 });
    res.status(200).set({
      "Content-Type": "image/png",
      "Content-Length": String(png.byteLength),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    });
    res.end(png);
  });

  // On-site check-in: the organizer's staff only.
  mount(router, badgeEndpoints.checkIn, async (call) => {
    const { req, res } = call;
    const caller = await organizerFor(deps, req, res);
    const { code } = call.input;
    // A visitor's pass (its URL or code) checks the visitor in; anything else is read as a badge.
    const leadCode = leadCodeOf(code);
    if (looksLikeLeadCode(leadCode)) return checkInVisitor(db, caller.exhibitionId, leadCode, deps.sessionSecrets, appClock.now());
    return checkIn(db, caller, code, deps.sessionSecrets, requestLanguage(req));
  });

  return router;
}
