import crypto from "node:crypto";
import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";
import { insertStoredFile } from "../../support/stored-files";
import { fetchApi } from "../../support/idor-probe";

/**
 * The service-order pages' part of the IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01),
 * signed in to the portal in Chinese (the booking menus exist only in Chinese), naming exhibitor
 * A's (std01) order number or cart line in the pages' URLs and forms reads none of A's orders and
 * changes nothing of A's cart or orders; the organizer's page sends B to /401.
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A-页面-MARKER-5820";

async function call(ctx: Ctx, ticket: string, path: string, form: Record<string, string>) {
  const response = await fetchApi(ctx, ticket, `/smeb/service${path}`, form);
  return (await response.json()) as { code: number; data: Record<string, unknown> | null };
}

type Prepared = { aId: number; orderNo: string; serviceId: string; bFile: string };
let prepared: Promise<Prepared> | null = null;
/** A's committed order (contractor = marker); made once per sweep. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const service = await ctx.api.db.selectFrom("services").select("id").where("code", "=", "furn-round-table").executeTakeFirstOrThrow();
    const serviceId = String(service.id);
    expect((await call(ctx, ctx.a, "/cart/add", { serviceId, quantity: "1" })).code).toBe(200);
    const order = await call(ctx, ctx.a, "/order/commit", {
      idempotencyKey: `pages-${crypto.randomUUID()}`,
      contractorCompany: MARKER,
      contractorContact: MARKER,
    });
    expect(order.code).toBe(200);
    const a = await ctx.api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
    const b = await ctx.api.db.selectFrom("users").select("id").where("username", "=", "raw01").executeTakeFirstOrThrow();
    // A file of B's own, so only the order (not the file) can be why B's upload is refused.
    const bFile = await insertStoredFile(ctx.api.db, { ownerUserId: b.id, folder: "test", name: "b.png" });
    return { aId: a.id, orderNo: String(order.data!.orderNo), serviceId, bFile: bFile.url };
  })();
  return prepared;
}

/**
 * A line of A's cart, made sure of at the start of each run: the API's part of the sweep commits A's cart
 * as it prepares (tests/api/idor/orders.ts), before or after this part's tests.
 */
async function aCartLine(ctx: Ctx, serviceId: string) {
  const cart = await call(ctx, ctx.a, "/cart/add", { serviceId, quantity: "1" });
  expect(cart.code).toBe(200);
  const line = (cart.data!.lines as { itemId: number; serviceId: number }[]).findLast((l) => String(l.serviceId) === serviceId);
  return String(line!.itemId);
}

async function aState(ctx: Ctx, aId: number) {
  const cart = await ctx.api.db.selectFrom("cart_items").selectAll().where("user_id", "=", aId).orderBy("id").execute();
  const orders = await ctx.api.db.selectFrom("service_orders").selectAll().where("user_id", "=", aId).orderBy("id").execute();
  const events = await ctx.api.db
    .selectFrom("service_order_events")
    .select("id")
    .where("order_id", "in", orders.length ? orders.map((o) => o.id) : [0])
    .execute();
  return JSON.stringify({ cart, orders, events: events.length });
}

async function signedInB(ctx: Ctx) {
  const browser = portalClient(ctx.api.baseUrl);
  browser.jar.set("lng", "zh");
  await browser.signIn("raw01", "Expo#2026");
  return browser;
}

const post = (browser: Awaited<ReturnType<typeof signedInB>>, path: string, form: Record<string, string>) =>
  browser.request(path, { body: new URLSearchParams(form), headers: { "sec-fetch-site": "same-origin" } });

const readProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const browser = await signedInB(ctx);
  // B's own pages work (so the checks below are about A's data, not a closed door).
  const own = await browser.request("/bookingService/onlineBookingService");
  expect(own.status).toBe(200);
  const ownHtml = await own.text();
  expect(ownHtml).toContain("2B1");
  for (const path of ["/bookingService/onlineBookingService", "/bookingService/myOrder"]) {
    const html = await (await browser.request(path)).text();
    expect(html, path).not.toContain(MARKER);
    expect(html, path).not.toContain(p.orderNo);
    expect(html, path).not.toContain("1A01");
  }
  for (const path of [`/bookingService/myOrder/${p.orderNo}`, `/bookingService/myOrder/${p.orderNo}/contract`]) {
    const response = await browser.request(path);
    expect(response.status, path).toBe(404);
    expect(await response.text(), path).not.toContain(MARKER);
  }
};

const writeProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const itemId = await aCartLine(ctx, p.serviceId);
  const before = await aState(ctx, p.aId);
  const browser = await signedInB(ctx);
  const orderPage = `/bookingService/myOrder/${p.orderNo}`;
  const orderForms: Record<string, string>[] = [
    { intent: "contractor", contractorCompany: "B-hijack", contractorContact: "B" },
    { intent: "regenerate" },
    { intent: "delete" },
    { intent: "contract", rulesAccepted: "on", contractUrls: p.bFile },
    { intent: "voucher", voucherUrl: p.bFile },
  ];
  for (const form of orderForms) {
    const response = await post(browser, orderPage, form);
    expect([400, 404], form.intent).toContain(response.status);
    expect(await response.text()).not.toContain(MARKER);
  }
  const cartForms: Record<string, string>[] = [
    { intent: "update", itemId, quantity: "9" },
    { intent: "delete", itemId },
    { intent: "commit", idempotencyKey: `pages-b-${crypto.randomUUID()}` },
  ];
  for (const form of cartForms) {
    const response = await post(browser, "/bookingService/onlineBookingService", form);
    expect(await response.text()).not.toContain(MARKER);
  }
  expect(await aState(ctx, p.aId)).toBe(before);
};

const reviewProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx, p.aId);
  const browser = await signedInB(ctx);
  const list = await browser.request("/bookingService/orderReview");
  expect(list.status).toBe(302);
  expect(list.headers.get("location")).toBe("/401");
  const complete = await post(browser, "/bookingService/orderReview", { intent: "complete", orderNo: p.orderNo });
  expect(complete.headers.get("location")).toBe("/401");
  expect(await aState(ctx, p.aId)).toBe(before);
};

export const orderPagesSweep = {
  "routes/_shell.bookingService.onlineBookingService": { probe: writeProbe },
  "routes/_shell.bookingService.myOrder": { probe: readProbe },
  "routes/_shell.bookingService.myOrder_.$orderNo": { probe: writeProbe },
  "routes/bookingService.myOrder.$orderNo.contract": { probe: readProbe },
  "routes/_shell.bookingService.orderReview": { probe: reviewProbe },
};
