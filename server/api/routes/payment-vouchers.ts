import { Router, type Request, type Response } from "express";
import { z } from "zod";
import { billSchema, financeQuerySchema, recordIdSchema, voucherDecisionSchema, voucherSchema } from "../../../app/contracts/invoices/schema";
import type { BillList } from "../../../app/contracts/invoices/api-types";
import { appClock } from "../../clock";
import { billableItems } from "../../invoices/billable";
import { deleteBill, listBills, saveBill } from "../../invoices/bills";
import { requireChinese } from "../../invoices/chinese-only";
import { decideVoucher, deleteVoucher, listVouchers, reviewVouchers, saveVoucher, type VoucherCaller } from "../../invoices/vouchers";
import type { ApiDeps } from "../context";
import { handle, parseInput, requestLanguage } from "../envelope";
import { badgeCallerOf, badgeOrganizerOf } from "./badge-caller";

/**
 * Payment vouchers (spec point 7: /smeb/paymentVoucher/ list, save, delete; decision 018) with what
 * the exhibitor owes (bills), and the organizer's side (roleId 1): the voucher review and the bills
 * entered by booth. Everything is the session user's or, for the organizer, the organizer's own
 * exhibition; another's id answers like an unknown one (404). The area is Chinese only (spec point 4).
 */
type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});
/** Lists arrive as repeated form keys (arrays), or as "field[]" from some forms. */
const withLists = (body: Body, fields: string[]) => Object.fromEntries([...Object.entries(body), ...fields.map((f) => [f, body[f] ?? body[`${f}[]`]])]);
const billQuerySchema = z.object({ keyword: financeQuerySchema.shape.keyword });

export function paymentVoucherRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  const exhibitorOf = async (req: Request, res: Response): Promise<VoucherCaller> => {
    const caller = await badgeCallerOf(deps, req, res);
    requireChinese(req);
    return caller;
  };
  // RoleId 1 is checked before the language, so nobody else learns more than 403 either way.
  const organizerOf = async (req: Request, res: Response): Promise<VoucherCaller> => {
    const caller = await badgeOrganizerOf(deps, req, res);
    requireChinese(req);
    return caller;
  };

  router.get(
    "/smeb/paymentVoucher/bills",
    handle(async (req, res): Promise<BillList> => {
      const caller = await exhibitorOf(req, res);
      return billableItems(db, caller, requestLanguage(req));
    }),
  );
  router.get(
    "/smeb/paymentVoucher/list",
    handle(async (req, res) => listVouchers(db, await exhibitorOf(req, res), requestLanguage(req))),
  );
  router.post(
    "/smeb/paymentVoucher/save",
    handle(async (req, res) => {
      const caller = await exhibitorOf(req, res);
      const input = parseInput(voucherSchema, withLists(bodyOf(req), ["itemKeys", "documentUrls"]));
      return saveVoucher(db, caller, input, requestLanguage(req), appClock.now());
    }),
  );
  router.post(
    "/smeb/paymentVoucher/delete",
    handle(async (req, res) => {
      const caller = await exhibitorOf(req, res);
      return deleteVoucher(db, caller, parseInput(recordIdSchema, bodyOf(req)), appClock.now());
    }),
  );

  router.get(
    "/smeb/paymentVoucher/review/list",
    handle(async (req, res) => {
      const caller = await organizerOf(req, res);
      return reviewVouchers(db, caller, parseInput(financeQuerySchema, req.query), requestLanguage(req));
    }),
  );
  router.post(
    "/smeb/paymentVoucher/review/decide",
    handle(async (req, res) => {
      const caller = await organizerOf(req, res);
      return decideVoucher(db, caller, parseInput(voucherDecisionSchema, bodyOf(req)), requestLanguage(req), appClock.now());
    }),
  );

  router.get(
    "/smeb/bill/list",
    handle(async (req, res) => {
      const caller = await organizerOf(req, res);
      return listBills(db, caller, parseInput(billQuerySchema, req.query).keyword, requestLanguage(req));
    }),
  );
  router.post(
    "/smeb/bill/save",
    handle(async (req, res) => {
      const caller = await organizerOf(req, res);
      return saveBill(db, caller, parseInput(billSchema, bodyOf(req)), requestLanguage(req), appClock.now());
    }),
  );
  router.post(
    "/smeb/bill/delete",
    handle(async (req, res) => {
      const caller = await organizerOf(req, res);
      return deleteBill(db, caller, parseInput(recordIdSchema, bodyOf(req)).id, appClock.now());
    }),
  );

  return router;
}
