import { requireActionOpen } from "../../auth/button-check";
import { DEADLINE_ACTIONS } from "../../../app/contracts/calendar/values";
import { Router, type Request, type Response } from "express";
import { ordersEndpoints, type OrderDeleted } from "../../../app/contracts/orders/endpoints.server";
import { contractForDownload, ensureGeneratedContract, type ContractDownload } from "../../orders/contract-files";
import { addToCart, cartView, deleteCartItem, updateCartItem } from "../../orders/cart";
import { listCatalogue, type Owner } from "../../orders/catalogue";
import { claimPayment, completeOrder, deleteOrder, regenerateContract, updateContractor, uploadContract } from "../../orders/order-actions";
import { commitOrder, findOrderInExhibition, findOwnOrder, listExhibitionOrders, listOwnOrders, orderView, type Actor } from "../../orders/orders";
import { appClock } from "../../clock";
import type { ApiDeps } from "../context";
import { requestLanguage, notFound } from "../envelope";
import { bodyOf, mount, parseEndpointInput } from "../mount";
import { assertOrganizer, requireSession } from "../require-session";
import { CONTRACTOR_ORDER_ACTIONS } from "../../contractors/scope";
import { ORGANIZER_ROLE_ID } from "../../../app/contracts/permission/roles";
import { attachmentDisposition, PDF_CONTENT_TYPE, sendStoredFile } from "../file-answer";

/**
 * /smeb/service/* (docs/product.md § The exhibition API, "service ordering" and "my orders"): the catalogue, the cart,
 * committing an order and the order's steps. Carts and orders are always the session user's:
 * every id in a request is looked up together with the caller's user id, and another user's id
 * answers exactly like an unknown one (404). Completing an order is the organizer's (roleId 1),
 * who may also download any contract of the organizer's exhibition.
 */

/** Forms may name a list "field[]". */
const listField = (body: Record<string, unknown>, field: string) => body[field] ?? body[`${field}[]`];

/** The contract as a download; the headers say which contract and version it is. */
async function sendContract(req: Request, res: Response, deps: ApiDeps, download: ContractDownload, version: number) {
  const info = await deps.store.stat(download.file.storageKey);
  if (!info) throw notFound();
  await sendStoredFile(req, res, deps, {
    key: download.file.storageKey,
    size: info.sizeBytes,
    contentType: PDF_CONTENT_TYPE,
    headers: {
      "Content-Disposition": attachmentDisposition(download.fileName, download.fileName),
      "X-Contract-Kind": download.kind,
      "X-Contract-Version": String(version),
      "Cache-Control": "private, no-store",
    },
    log: { message: "contract download broke off", context: { fileId: download.file.id } },
  });
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
    const actor = {
      id: user.id,
      label: contractor ? `${contractor.companyName} (${contractor.contactName}) → ${user.username}` : user.username,
    } satisfies Actor;
    return { user, owner, actor, contractor, now: appClock.now() };
  };
  /** Ordering (cart and commit) runs inside the window of the calendar's order button (decision 035). */
  const orderingCaller = async (req: Request, res: Response) => {
    const context = await caller(req, res);
    await requireActionOpen(db, context.user, DEADLINE_ACTIONS.serviceOrders);
    return context;
  };
  /** The order as the caller may act on it: a contractor is offered only what it may do. */
  const viewFor = async (row: Parameters<typeof orderView>[1], contractor: { accessId: number } | null) => {
    const view = await orderView(db, row);
    if (contractor) view.allowedActions = view.allowedActions.filter((a) => (CONTRACTOR_ORDER_ACTIONS as readonly string[]).includes(a));
    return view;
  };
  const organizer = async (req: Request, res: Response) => {
    const context = await caller(req, res);
    assertOrganizer(context.user.roleId);
    return context;
  };
  /** The caller's order named in the request; re-read on every attempt of a write. */
  const ownOrder = (owner: Owner, orderNo: string) => () => findOwnOrder(db, owner.userId, orderNo, owner.contractorAccessId);

  mount(router, ordersEndpoints.catalogue, async ({ req, res }) => {
    const { owner, now } = await caller(req, res);
    return listCatalogue(db, owner.exhibitionId, now);
  });

  mount(router, ordersEndpoints.cart, async (call) => {
    const { owner, now } = await caller(call.req, call.res);
    const { boothId } = call.input;
    return cartView(db, owner, boothId, now);
  });
  mount(router, ordersEndpoints.cartAdd, async (call) => {
    const { owner, now } = await orderingCaller(call.req, call.res);
    return addToCart(db, owner, call.input, now);
  });
  mount(router, ordersEndpoints.cartUpdate, async (call) => {
    const { owner, now } = await orderingCaller(call.req, call.res);
    return updateCartItem(db, owner, call.input, now);
  });
  mount(router, ordersEndpoints.cartRemove, async (call) => {
    const { owner, now } = await caller(call.req, call.res);
    return deleteCartItem(db, owner, call.input.itemId, now);
  });

  mount(router, ordersEndpoints.commit, async (call) => {
    const { req } = call;
    const { owner, actor, contractor, now } = await orderingCaller(req, call.res);
    const input = call.input;
    // A contractor's order names the contractor unless the form says otherwise.
    if (contractor)
      Object.assign(input, {
        contractorCompany: input.contractorCompany ?? contractor.companyName,
        contractorContact: input.contractorContact ?? contractor.contactName,
      });
    const order = await commitOrder(db, owner, actor, input, now);
    // The order stands even if its contract cannot be made now: the download makes it later.
    const withContract = await ensureGeneratedContract(db, store, order, requestLanguage(req), now).catch((error: unknown) => {
      logger.error({ err: error, orderNo: order.order_no }, "contract PDF could not be generated at commit");
      return order;
    });
    return viewFor(withContract, contractor);
  });

  mount(router, ordersEndpoints.list, async (call) => {
    const { owner } = await caller(call.req, call.res);
    return listOwnOrders(db, owner.userId, call.input, owner.contractorAccessId);
  });
  mount(router, ordersEndpoints.detail, async (call) => {
    const { owner, contractor } = await caller(call.req, call.res);
    const { orderNo } = call.input;
    return viewFor(await ownOrder(owner, orderNo)(), contractor);
  });

  mount(router, ordersEndpoints.remove, async (call) => {
    const { owner, actor, now } = await caller(call.req, call.res);
    const { orderNo } = call.input;
    await deleteOrder(db, ownOrder(owner, orderNo), actor, now);
    const deleted: OrderDeleted = { orderNo, deleted: true };
    return deleted;
  });
  mount(router, ordersEndpoints.updateContractor, async (call) => {
    const { owner, actor, contractor, now } = await caller(call.req, call.res);
    const input = call.input;
    return viewFor(await updateContractor(db, ownOrder(owner, input.orderNo), actor, input, now), contractor);
  });
  mount(router, ordersEndpoints.regenerateContract, async (call) => {
    const { req } = call;
    const { owner, actor, contractor, now } = await caller(req, call.res);
    const { orderNo } = call.input;
    return viewFor(await regenerateContract(db, store, ownOrder(owner, orderNo), actor, requestLanguage(req), now), contractor);
  });
  mount(router, ordersEndpoints.uploadContract, async ({ req, res }) => {
    const { owner, actor, now } = await caller(req, res);
    const body = bodyOf(req);
    const input = parseEndpointInput(ordersEndpoints.uploadContract, { ...body, contractUrls: listField(body, "contractUrls") });
    // The order first: someone else's order number answers 404 whatever the files are.
    const load = ownOrder(owner, input.orderNo);
    await load();
    return orderView(db, await uploadContract(db, store, load, actor, input.contractUrls, now));
  });
  // docs/product.md § The exhibition API, my orders' "download": the owner's contract, or any in the organizer's exhibition.
  mount(router, ordersEndpoints.downloadContract, async (call) => {
    const { req, res } = call;
    const { user, owner, contractor, now } = await caller(req, res);
    const { orderNo, which } = call.input;
    const order =
      user.roleId === ORGANIZER_ROLE_ID && !contractor ? await findOrderInExhibition(db, user.exhibitionId, orderNo) : await ownOrder(owner, orderNo)();
    const download = await contractForDownload(db, store, order, which, requestLanguage(req), now);
    await sendContract(req, res, deps, download, order.contract_version);
  });
  mount(router, ordersEndpoints.claimPayment, async (call) => {
    const { owner, actor, now } = await caller(call.req, call.res);
    const input = call.input;
    const load = ownOrder(owner, input.orderNo);
    await load();
    return orderView(db, await claimPayment(db, load, actor, input.voucherUrl, now));
  });

  // The organizer's side (roleId 1), limited to the organizer's own exhibition.
  mount(router, ordersEndpoints.adminList, async (call) => {
    const { user } = await organizer(call.req, call.res);
    return listExhibitionOrders(db, user.exhibitionId, call.input);
  });
  mount(router, ordersEndpoints.complete, async (call) => {
    const { user, actor, now } = await organizer(call.req, call.res);
    const { orderNo } = call.input;
    const order = await completeOrder(db, () => findOrderInExhibition(db, user.exhibitionId, orderNo), actor, now);
    return orderView(db, order, true);
  });

  return router;
}
