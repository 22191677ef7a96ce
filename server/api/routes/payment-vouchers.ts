import { Router, type Request, type Response } from "express";
import { billEndpoints, paymentVoucherEndpoints as endpoints } from "../../../app/contracts/invoices/endpoints.server";
import { appClock } from "../../clock";
import { billableItems } from "../../invoices/billable";
import { deleteBill, listBills, saveBill } from "../../invoices/bills";
import { requireChinese } from "../../invoices/chinese-only";
import { decideVoucher, deleteVoucher, listVouchers, reviewVouchers, saveVoucher, type VoucherCaller } from "../../invoices/vouchers";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { bodyOf, mount, parseEndpointInput } from "../mount";
import { callerFor, organizerFor } from "../caller";

/**
 * Payment vouchers (docs/product.md § The exhibition API: /smeb/paymentVoucher/ list, save, delete; decision 018) with what
 * the exhibitor owes (bills), and the organizer's side (roleId 1): the voucher review and the bills
 * entered by booth. Everything is the session user's or, for the organizer, the organizer's own
 * exhibition; another's id answers like an unknown one (404). The area is Chinese only (docs/product.md § Sign-in and sessions).
 */
type Body = Record<string, unknown>;
/** Lists arrive as repeated form keys (arrays), or as "field[]" from some forms. */
const withLists = (body: Body, fields: string[]) => Object.fromEntries([...Object.entries(body), ...fields.map((f) => [f, body[f] ?? body[`${f}[]`]])]);

export function paymentVoucherRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  const exhibitorOf = async (req: Request, res: Response): Promise<VoucherCaller> => {
    const caller = await callerFor(deps, req, res);
    requireChinese(req);
    return caller;
  };
  // RoleId 1 is checked before the language, so nobody else learns more than 403 either way.
  const organizerOf = async (req: Request, res: Response): Promise<VoucherCaller> => {
    const caller = await organizerFor(deps, req, res);
    requireChinese(req);
    return caller;
  };

  mount(router, endpoints.bills, async ({ req, res }) => {
    const caller = await exhibitorOf(req, res);
    return billableItems(db, caller, requestLanguage(req));
  });
  mount(router, endpoints.list, async ({ req, res }) => listVouchers(db, await exhibitorOf(req, res), requestLanguage(req)));
  mount(router, endpoints.save, async ({ req, res }) => {
    const caller = await exhibitorOf(req, res);
    const input = parseEndpointInput(endpoints.save, withLists(bodyOf(req), ["itemKeys", "documentUrls"]));
    return saveVoucher(db, caller, input, requestLanguage(req), appClock.now());
  });
  mount(router, endpoints.remove, async ({ req, res, input }) => deleteVoucher(db, await exhibitorOf(req, res), input, appClock.now()));

  mount(router, endpoints.reviewList, async ({ req, res, input }) => reviewVouchers(db, await organizerOf(req, res), input, requestLanguage(req)));
  mount(router, endpoints.decide, async ({ req, res, input }) => decideVoucher(db, await organizerOf(req, res), input, requestLanguage(req), appClock.now()));

  mount(router, billEndpoints.list, async ({ req, res, input }) => listBills(db, await organizerOf(req, res), input.keyword, requestLanguage(req)));
  mount(router, billEndpoints.save, async ({ req, res, input }) => saveBill(db, await organizerOf(req, res), input, requestLanguage(req), appClock.now()));
  mount(router, billEndpoints.remove, async ({ req, res, input }) => deleteBill(db, await organizerOf(req, res), input.id, appClock.now()));

  return router;
}
