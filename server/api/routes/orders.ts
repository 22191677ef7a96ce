import { Router, type Request, type Response } from "express";
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
} from "../../../app/schemas/orders";
import { addToCart, cartView, deleteCartItem, updateCartItem } from "../../orders/cart";
import { listCatalogue, type Owner } from "../../orders/catalogue";
import { claimPayment, completeOrder, deleteOrder, regenerateContract, updateContractor, uploadContract } from "../../orders/order-actions";
import { commitOrder, findOrderInExhibition, findOwnOrder, listExhibitionOrders, listOwnOrders, orderView, type Actor } from "../../orders/orders";
import { orderClock } from "../../orders/pricing";
import { ADMIN_ROLE_ID } from "../../seed/roles";
import type { ApiDeps } from "../context";
import { ApiCode, ApiError, handle, parseInput } from "../envelope";
import { requireSession } from "../require-session";

/**
 * /smeb/service/* (spec point 7, "service ordering" and "my orders"): the catalogue, the cart,
 * committing an order and the order's steps. Carts and orders are always the session user's:
 * every id in a request is looked up together with the caller's user id, and another user's id
 * answers exactly like an unknown one (404). Completing an order is the organizer's (roleId 1).
 */

type Body = Record<string, unknown>;
const bodyOf = (req: Request): Body => (req.body && typeof req.body === "object" ? (req.body as Body) : {});
/** Forms may name a list "field[]". */
const listField = (body: Body, field: string) => body[field] ?? body[`${field}[]`];

export function orderRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  const caller = async (req: Request, res: Response) => {
    const { user, session } = await requireSession(deps, req, res);
    const owner: Owner = { userId: user.id, exhibitionId: user.exhibitionId, sessionBoothId: session.boothId };
    const actor = { id: user.id, label: user.username } satisfies Actor;
    return { user, owner, actor, now: orderClock.now() };
  };
  const organizer = async (req: Request, res: Response) => {
    const context = await caller(req, res);
    if (context.user.roleId !== ADMIN_ROLE_ID) throw new ApiError(ApiCode.forbidden, "errors.insufficientPermissions");
    return context;
  };
  /** The caller's order named in the request; re-read on every attempt of a write. */
  const ownOrder = (userId: number, orderNo: string) => () => findOwnOrder(db, userId, orderNo);

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
      const { owner, actor, now } = await caller(req, res);
      const order = await commitOrder(db, owner, actor, parseInput(commitSchema, bodyOf(req)), now);
      return orderView(db, order);
    }),
  );

  router.get(
    "/smeb/service/order/list",
    handle(async (req, res) => {
      const { user } = await caller(req, res);
      return listOwnOrders(db, user.id, parseInput(orderListQuery, req.query));
    }),
  );
  router.get(
    "/smeb/service/order/detail",
    handle(async (req, res) => {
      const { user } = await caller(req, res);
      const { orderNo } = parseInput(orderNoSchema, req.query);
      return orderView(db, await findOwnOrder(db, user.id, orderNo));
    }),
  );

  router.post(
    "/smeb/service/order/delete",
    handle(async (req, res) => {
      const { user, actor, now } = await caller(req, res);
      const { orderNo } = parseInput(orderNoSchema, bodyOf(req));
      await deleteOrder(db, ownOrder(user.id, orderNo), actor, now);
      return { orderNo, deleted: true };
    }),
  );
  router.post(
    "/smeb/service/order/updateContractor",
    handle(async (req, res) => {
      const { user, actor, now } = await caller(req, res);
      const input = parseInput(updateContractorSchema, bodyOf(req));
      return orderView(db, await updateContractor(db, ownOrder(user.id, input.orderNo), actor, input, now));
    }),
  );
  router.post(
    "/smeb/service/order/regenerateContract",
    handle(async (req, res) => {
      const { user, actor, now } = await caller(req, res);
      const { orderNo } = parseInput(orderNoSchema, bodyOf(req));
      return orderView(db, await regenerateContract(db, ownOrder(user.id, orderNo), actor, now));
    }),
  );
  router.post(
    "/smeb/service/order/uploadContract",
    handle(async (req, res) => {
      const { user, actor, now } = await caller(req, res);
      const body = bodyOf(req);
      const input = parseInput(uploadContractSchema, { ...body, contractUrls: listField(body, "contractUrls") });
      // The order first: someone else's order number answers 404 whatever the files are.
      const load = ownOrder(user.id, input.orderNo);
      await load();
      return orderView(db, await uploadContract(db, load, actor, input.contractUrls, now));
    }),
  );
  router.post(
    "/smeb/service/order/claimPayment",
    handle(async (req, res) => {
      const { user, actor, now } = await caller(req, res);
      const input = parseInput(claimPaymentSchema, bodyOf(req));
      const load = ownOrder(user.id, input.orderNo);
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
