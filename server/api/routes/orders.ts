import { pipeline } from "node:stream/promises";
import { Router, type Request, type Response } from "express";
import { z } from "zod";
import {
  cartAddSchema,
  cartDeleteSchema,
  cartListQuery,
  cartUpdateSchema,
  claimPaymentSchema,
  commitSchema,
  orderListQuery,
  orderNoSchema,
  updateContractorSchema,
  uploadContractSchema,
} from "../../../app/contracts/orders/schema";
import { contractForDownload, ensureGeneratedContract, type ContractDownload } from "../../orders/contract-files";
import { addToCart, cartView, deleteCartItem, updateCartItem } from "../../orders/cart";
import { listCatalogue, type Owner } from "../../orders/catalogue";
import { claimPayment, completeOrder, deleteOrder, regenerateContract, updateContractor, uploadContract } from "../../orders/order-actions";
import { commitOrder, findOrderInExhibition, findOwnOrder, listExhibitionOrders, listOwnOrders, orderView, type Actor } from "../../orders/orders";
import { appClock } from "../../clock";
import { ADMIN_ROLE_ID } from "../../seed/roles";
import type { ApiDeps } from "../context";
import { ApiCode, ApiError, handle, parseInput, requestLanguage } from "../envelope";
import { requireSession } from "../require-session";
import { CONTRACTOR_ORDER_ACTIONS } from "../../contractors/scope";

/**
 * /smeb/service/* (spec point 7, "service ordering" and "my orders"): the catalogue, the cart,
 * committing an order and the order's steps. Carts and orders are always the session user's:
 * every id in a request is looked up together with the caller's user id, and another user's id
 * answers exactly like an unknown one (404). Completing an order is the organizer's (roleId 1),
 * who may also download any contract of the organizer's exhibition.
 */

type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});
/** Forms may name a list "field[]". */
const listField = (body: Body, field: string) => body[field] ?? body[`${field}[]`];
const downloadContractQuery = orderNoSchema.extend({ which: z.preprocess((v) => v || undefined, z.enum(["generated", "stamped"], { message: "errors.badRequest" }).optional()) });

/** The contract as a download; the headers say which contract and version it is. */
async function sendContract(res: Response, deps: ApiDeps, download: ContractDownload, version: number) {
  const { store, logger } = deps;
  const info = await store.stat(download.file.storageKey);
  if (!info) throw new ApiError(ApiCode.notFound, "errors.notFound");
  const stream = await store.openRead(download.file.storageKey);
  res.status(200).set({
    "Content-Type": "application/pdf",
    "Content-Length": String(info.sizeBytes),
    "Content-Disposition": `attachment; filename="${download.fileName}"; filename*=UTF-8''${encodeURIComponent(download.fileName)}`,
    "X-Contract-Kind": download.kind,
    "X-Contract-Version": String(version),
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-store",
  });
  // Once bytes went out no error envelope can follow: the connection is cut instead.
  await pipeline(stream, res).catch((error: unknown) => logger.error({ err: error, fileId: download.file.id }, "contract download broke off"));
}

export function orderRoutes(deps: ApiDeps): Router {
  const { db, store, logger } = deps;
  const router = Router();

  const caller = async (req: Request, res: Response) => {
    const { user, session, contractor } = await requireSession(deps, req, res);
    const owner: Owner = {
      userId: user.id,
      exhibitionId: user.exhibitionId,
      sessionBoothId: contractor ? contractor.boothId : session.boothId,
      contractorAccessId: contractor?.accessId ?? null,
    };
    // The audit trail names the contractor who acted for the exhibitor.
    const actor = { id: user.id, label: contractor ? `${contractor.companyName} (${contractor.contactName}) → ${user.username}` : user.username } satisfies Actor;
    return { user, owner, actor, contractor, now: appClock.now() };
  };
  /** The order as the caller may act on it: a contractor is offered only what it may do. */
  const viewFor = async (row: Parameters<typeof orderView>[1], contractor: { accessId: number } | null) => {
    const view = await orderView(db, row);
    if (contractor) view.allowedActions = view.allowedActions.filter((a) => (CONTRACTOR_ORDER_ACTIONS as readonly string[]).includes(a));
    return view;
  };
  const organizer = async (req: Request, res: Response) => {
    const context = await caller(req, res);
    if (context.user.roleId !== ADMIN_ROLE_ID) throw new ApiError(ApiCode.forbidden, "errors.insufficientPermissions");
    return context;
  };
  /** The caller's order named in the request; re-read on every attempt of a write. */
  const ownOrder = (owner: Owner, orderNo: string) => () => findOwnOrder(db, owner.userId, orderNo, owner.contractorAccessId);

  router.get(
    "/smeb/service/service/list",
    handle(async (req, res) => {
      const { owner, now } = await caller(req, res);
      return listCatalogue(db, owner.exhibitionId, now);
    }),
  );

  router.get(
    "/smeb/service/cart/list",
    handle(async (req, res) => {
      const { owner, now } = await caller(req, res);
      const { boothId } = parseInput(cartListQuery, req.query);
      return cartView(db, owner, boothId, now);
    }),
  );
  router.post(
    "/smeb/service/cart/add",
    handle(async (req, res) => {
      const { owner, now } = await caller(req, res);
      return addToCart(db, owner, parseInput(cartAddSchema, bodyOf(req)), now);
    }),
  );
  router.post(
    "/smeb/service/cart/update",
    handle(async (req, res) => {
      const { owner, now } = await caller(req, res);
      return updateCartItem(db, owner, parseInput(cartUpdateSchema, bodyOf(req)), now);
    }),
  );
  router.post(
    "/smeb/service/cart/delete",
    handle(async (req, res) => {
      const { owner, now } = await caller(req, res);
      return deleteCartItem(db, owner, parseInput(cartDeleteSchema, bodyOf(req)).itemId, now);
    }),
  );

  router.post(
    "/smeb/service/order/commit",
    handle(async (req, res) => {
      const { owner, actor, contractor, now } = await caller(req, res);
      const input = parseInput(commitSchema, bodyOf(req));
      // A contractor's order names the contractor unless the form says otherwise.
      if (contractor) Object.assign(input, { contractorCompany: input.contractorCompany ?? contractor.companyName, contractorContact: input.contractorContact ?? contractor.contactName });
      const order = await commitOrder(db, owner, actor, input, now);
      // The order stands even if its contract cannot be made now: the download makes it later.
      const withContract = await ensureGeneratedContract(db, store, order, requestLanguage(req), now).catch((error: unknown) => {
        logger.error({ err: error, orderNo: order.order_no }, "contract PDF could not be generated at commit");
        return order;
      });
      return viewFor(withContract, contractor);
    }),
  );

  router.get(
    "/smeb/service/order/list",
    handle(async (req, res) => {
      const { owner } = await caller(req, res);
      return listOwnOrders(db, owner.userId, parseInput(orderListQuery, req.query), owner.contractorAccessId);
    }),
  );
  router.get(
    "/smeb/service/order/detail",
    handle(async (req, res) => {
      const { owner, contractor } = await caller(req, res);
      const { orderNo } = parseInput(orderNoSchema, req.query);
      return viewFor(await ownOrder(owner, orderNo)(), contractor);
    }),
  );

  router.post(
    "/smeb/service/order/delete",
    handle(async (req, res) => {
      const { owner, actor, now } = await caller(req, res);
      const { orderNo } = parseInput(orderNoSchema, bodyOf(req));
      await deleteOrder(db, ownOrder(owner, orderNo), actor, now);
      return { orderNo, deleted: true };
    }),
  );
  router.post(
    "/smeb/service/order/updateContractor",
    handle(async (req, res) => {
      const { owner, actor, contractor, now } = await caller(req, res);
      const input = parseInput(updateContractorSchema, bodyOf(req));
      return viewFor(await updateContractor(db, ownOrder(owner, input.orderNo), actor, input, now), contractor);
    }),
  );
  router.post(
    "/smeb/service/order/regenerateContract",
    handle(async (req, res) => {
      const { owner, actor, contractor, now } = await caller(req, res);
      const { orderNo } = parseInput(orderNoSchema, bodyOf(req));
      return viewFor(await regenerateContract(db, store, ownOrder(owner, orderNo), actor, requestLanguage(req), now), contractor);
    }),
  );
  router.post(
    "/smeb/service/order/uploadContract",
    handle(async (req, res) => {
      const { owner, actor, now } = await caller(req, res);
      const body = bodyOf(req);
      const input = parseInput(uploadContractSchema, { ...body, contractUrls: listField(body, "contractUrls") });
      // The order first: someone else's order number answers 404 whatever the files are.
      const load = ownOrder(owner, input.orderNo);
      await load();
      return orderView(db, await uploadContract(db, store, load, actor, input.contractUrls, now));
    }),
  );
  // Spec point 7, my orders' "download": the owner's contract, or any in the organizer's exhibition.
  router.get(
    "/smeb/service/order/downloadContract",
    handle(async (req, res) => {
      const { user, owner, contractor, now } = await caller(req, res);
      const { orderNo, which } = parseInput(downloadContractQuery, req.query);
      const order = user.roleId === ADMIN_ROLE_ID && !contractor ? await findOrderInExhibition(db, user.exhibitionId, orderNo) : await ownOrder(owner, orderNo)();
      const download = await contractForDownload(db, store, order, which, requestLanguage(req), now);
      await sendContract(res, deps, download, order.contract_version);
    }),
  );
  router.post(
    "/smeb/service/order/claimPayment",
    handle(async (req, res) => {
      const { owner, actor, now } = await caller(req, res);
      const input = parseInput(claimPaymentSchema, bodyOf(req));
      const load = ownOrder(owner, input.orderNo);
      await load();
      return orderView(db, await claimPayment(db, load, actor, input.voucherUrl, now));
    }),
  );

  // The organizer's side (roleId 1), limited to the organizer's own exhibition.
  router.get(
    "/smeb/service/order/adminList",
    handle(async (req, res) => {
      const { user } = await organizer(req, res);
      return listExhibitionOrders(db, user.exhibitionId, parseInput(orderListQuery, req.query));
    }),
  );
  router.post(
    "/smeb/service/order/complete",
    handle(async (req, res) => {
      const { user, actor, now } = await organizer(req, res);
      const { orderNo } = parseInput(orderNoSchema, bodyOf(req));
      const order = await completeOrder(db, () => findOrderInExhibition(db, user.exhibitionId, orderNo), actor, now);
      return orderView(db, order, true);
    }),
  );

  return router;
}
