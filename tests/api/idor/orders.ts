import crypto from "node:crypto";
import { expect } from "vitest";
import type { TestApi } from "../../support/test-api";
import { insertStoredFile, userIdOf } from "../../support/stored-files";
import { callApi } from "../../support/idor-probe";

/**
 * Service ordering's part of the IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01) naming
 * exhibitor A's (std01) cart line, booth, order number or file gets 403/404, none of A's data,
 * and changes nothing of A's cart or orders.
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A-搭建-MARKER-4417";

async function call(ctx: Ctx, ticket: string, path: string, form?: Record<string, string>) {
  const answer = await callApi(ctx, ticket, `/smeb/service${path}`, form);
  return { ...answer, body: JSON.parse(answer.text) as { code: number; data: Record<string, unknown> | null } };
}

async function fileOf(ctx: Ctx, username: string) {
  const owner = await userIdOf(ctx.api.db, username);
  return (await insertStoredFile(ctx.api.db, { ownerUserId: owner, folder: "test", name: "a.jpg", contentType: "image/jpeg" })).url;
}

type Prepared = { aId: number; aBoothId: number; orderNo: string; serviceId: string; aFile: string; bFile: string };
let prepared: Promise<Prepared> | null = null;
/** A's committed order (with a marker); made once per sweep. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const service = await ctx.api.db.selectFrom("services").select("id").where("code", "=", "furn-folding-chair").executeTakeFirstOrThrow();
    const serviceId = String(service.id);
    expect((await call(ctx, ctx.a, "/cart/add", { serviceId, quantity: "2" })).status).toBe(200);
    const order = await call(ctx, ctx.a, "/order/commit", {
      idempotencyKey: `idor-${crypto.randomUUID()}`,
      contractorCompany: MARKER,
      contractorContact: MARKER,
    });
    expect(order.body.code).toBe(200);
    const a = await ctx.api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
    const booth = await ctx.api.db.selectFrom("booths").select("id").where("booth_no", "=", "1A01").executeTakeFirstOrThrow();
    return {
      aId: a.id,
      aBoothId: booth.id,
      orderNo: String(order.body.data!.orderNo),
      serviceId,
      aFile: await fileOf(ctx, "std01"),
      bFile: await fileOf(ctx, "raw01"),
    };
  })();
  return prepared;
}

/**
 * A line of A's cart, made sure of at the start of each run: the order pages' part of the sweep commits
 * A's cart as it prepares (tests/api/idor/order-pages.ts), before or after this part's tests.
 */
async function aCartLine(ctx: Ctx, serviceId: string) {
  const cart = await call(ctx, ctx.a, "/cart/add", { serviceId, quantity: "1" });
  expect(cart.status, cart.text).toBe(200);
  const line = (cart.body.data!.lines as { itemId: number; serviceId: number }[]).findLast((l) => String(l.serviceId) === serviceId);
  return String(line!.itemId);
}

/** Everything of A's that an order call could change. */
async function aState(ctx: Ctx, aId: number) {
  const cart = await ctx.api.db.selectFrom("cart_items").selectAll().where("user_id", "=", aId).orderBy("id").execute();
  const orders = await ctx.api.db.selectFrom("service_orders").selectAll().where("user_id", "=", aId).orderBy("id").execute();
  const events = await ctx.api.db
    .selectFrom("service_order_events")
    .select("id")
    .where("order_id", "in", orders.length ? orders.map((o) => o.id) : [0])
    .execute();
  // A payment claim is also a payment voucher (decision 018): a refused one writes none.
  const vouchers = await ctx.api.db.selectFrom("payment_vouchers").select(["id", "status", "version"]).where("user_id", "=", aId).orderBy("id").execute();
  return JSON.stringify({ cart, orders, events: events.length, vouchers });
}

function refused(result: { status: number; text: string }, path: string, orderNo?: string) {
  expect([403, 404], `${path}: ${result.text}`).toContain(result.status);
  expect(result.text, path).not.toContain(MARKER);
  expect(result.text, path).not.toContain("1A01");
  if (orderNo) expect(result.text, path).not.toContain(orderNo);
}

const cartProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const itemId = await aCartLine(ctx, p.serviceId);
  const before = await aState(ctx, p.aId);
  for (const [path, form] of [
    ["/cart/update", { itemId, quantity: "9" }],
    ["/cart/update", { itemId, quantity: "0" }],
    ["/cart/delete", { itemId }],
    ["/cart/add", { serviceId: p.serviceId, quantity: "1", boothId: String(p.aBoothId) }],
    [`/cart/list?boothId=${p.aBoothId}`, undefined],
  ] as const) {
    refused(await call(ctx, ctx.b, path, form), path);
  }
  const own = await call(ctx, ctx.b, `/cart/list?itemId=${itemId}&userId=${p.aId}`);
  expect(own.status).toBe(200);
  expect(own.text).not.toContain("1A01");
  expect(await aState(ctx, p.aId)).toBe(before);
  // Control: the owner does see the line, so the refusals were about ownership.
  expect((await call(ctx, ctx.a, "/cart/list")).text).toContain(`"itemId":${itemId}`);
};

const commitProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx, p.aId);
  refused(await call(ctx, ctx.b, "/order/commit", { idempotencyKey: `idor-b-${crypto.randomUUID()}`, boothId: String(p.aBoothId) }), "/order/commit boothId");
  // B's own cart line with A's drawing: refused, and B's cart is left as it was.
  await call(ctx, ctx.b, "/cart/add", { serviceId: p.serviceId, quantity: "1" });
  refused(
    await call(ctx, ctx.b, "/order/commit", { idempotencyKey: `idor-b-${crypto.randomUUID()}`, installationDrawingUrl: p.aFile }),
    "/order/commit drawing",
  );
  const bCart = await call(ctx, ctx.b, "/cart/list");
  for (const line of bCart.body.data!.lines as { itemId: number }[]) await call(ctx, ctx.b, "/cart/delete", { itemId: String(line.itemId) });
  expect(await aState(ctx, p.aId)).toBe(before);
};

const orderProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx, p.aId);
  const no = { orderNo: p.orderNo };
  for (const [path, form] of [
    [`/order/detail?orderNo=${p.orderNo}`, undefined],
    ["/order/updateContractor", { ...no, contractorCompany: "B-hijack", contractorContact: "B" }],
    ["/order/regenerateContract", no],
    ["/order/uploadContract", { ...no, rulesAccepted: "on", contractUrls: p.bFile }],
    ["/order/claimPayment", { ...no, voucherUrl: p.bFile }],
    ["/order/delete", no],
  ] as const) {
    refused(await call(ctx, ctx.b, path, form), path, form ? undefined : p.orderNo);
  }
  const list = await call(ctx, ctx.b, `/order/list?pageSize=100&userId=${p.aId}`);
  expect(list.status).toBe(200);
  expect(list.text).not.toContain(p.orderNo);
  expect(list.text).not.toContain(MARKER);
  expect(await aState(ctx, p.aId)).toBe(before);
  expect((await call(ctx, ctx.a, `/order/detail?orderNo=${p.orderNo}`)).text).toContain(MARKER);
};

const downloadProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx, p.aId);
  const download = async (ticket: string, query: string) => {
    const response = await fetch(`${ctx.api.baseUrl}/api/smeb/service/order/downloadContract?${query}`, { headers: { ticket, "accept-language": "en" } });
    const bytes = Buffer.from(await response.arrayBuffer());
    return { status: response.status, text: bytes.toString("latin1"), type: response.headers.get("content-type") };
  };
  for (const query of [
    `orderNo=${p.orderNo}`,
    `orderNo=${p.orderNo}&which=generated`,
    `orderNo=${p.orderNo}&which=stamped`,
    `orderNo=${p.orderNo}&userId=${p.aId}`,
  ]) {
    const result = await download(ctx.b, query);
    refused(result, `/order/downloadContract?${query}`, p.orderNo);
    expect(result.text).not.toContain("%PDF");
  }
  expect(await aState(ctx, p.aId)).toBe(before);
  // Controls: the owner and the organizer do get the PDF, so the 404s were about ownership.
  for (const ticket of [ctx.a, ctx.admin]) {
    const result = await download(ticket, `orderNo=${p.orderNo}`);
    expect(result.status).toBe(200);
    expect(result.type).toBe("application/pdf");
  }
};

const organizerProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx, p.aId);
  for (const [path, form] of [
    ["/order/adminList?pageSize=100", undefined],
    ["/order/complete", { orderNo: p.orderNo }],
  ] as const) {
    const result = await call(ctx, ctx.b, path, form);
    expect(result.status, path).toBe(403);
    expect(result.text, path).not.toContain(p.orderNo);
  }
  expect(await aState(ctx, p.aId)).toBe(before);
  // Control: the organizer does see A's order.
  expect((await call(ctx, ctx.admin, "/order/adminList?pageSize=100")).text).toContain(p.orderNo);
};

export const ordersSweep = {
  "GET /api/smeb/service/service/list": { noOwnedId: "the exhibition's service catalogue and prices, the same for every exhibitor; no owned id" },
  "GET /api/smeb/service/cart/list": { probe: cartProbe },
  "POST /api/smeb/service/cart/add": { probe: cartProbe },
  "POST /api/smeb/service/cart/update": { probe: cartProbe },
  "POST /api/smeb/service/cart/delete": { probe: cartProbe },
  "POST /api/smeb/service/order/commit": { probe: commitProbe },
  "GET /api/smeb/service/order/list": { probe: orderProbe },
  "GET /api/smeb/service/order/detail": { probe: orderProbe },
  "POST /api/smeb/service/order/delete": { probe: orderProbe },
  "POST /api/smeb/service/order/updateContractor": { probe: orderProbe },
  "POST /api/smeb/service/order/regenerateContract": { probe: orderProbe },
  "POST /api/smeb/service/order/uploadContract": { probe: orderProbe },
  "POST /api/smeb/service/order/claimPayment": { probe: orderProbe },
  "GET /api/smeb/service/order/downloadContract": { probe: downloadProbe },
  "GET /api/smeb/service/order/adminList": { probe: organizerProbe },
  "POST /api/smeb/service/order/complete": { probe: organizerProbe },
};
