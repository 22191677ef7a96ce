import { expect } from "vitest";
import type { TestApi } from "../../support/test-api";
import { uploadAs } from "../../support/uploads";
import { callApiZhRaw, oncePerServer } from "../../support/idor-probe";
import { addDays, TEST_NOW } from "../../support/test-clock";

/**
 * Payment vouchers and bills in the IDOR sweep (tests/api/idor.test.ts). A (std01) has a bill and a
 * voucher for it, both with a marker; B (raw01) naming A's voucher id, A's item key or A's document
 * gets 403/404, none of A's data, and changes nothing of A's. On the organizer's routes every
 * non-organizer, A and B alike, gets 403; the organizer is the control. Requests are in Chinese:
 * in English every route refuses anyway (the area is Chinese only).
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string; carrier: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A-凭证-MARKER-7730";

const call = callApiZhRaw;

const voucherFile = (ctx: Ctx, ticket: string, name: string) => uploadAs(ctx.api, ticket, "payment-voucher", name);

async function newBill(ctx: Ctx, boothNo: string, title: string) {
  const saved = await call(ctx, ctx.admin, "/smeb/bill/save", { boothNo, kind: "other", titleZh: title, titleEn: title, amount: "88.00" });
  expect(saved.status, saved.text).toBe(200);
  return `bill:${(JSON.parse(saved.text).data as { id: number }).id}`;
}

type Prepared = { aId: number; aBillId: string; aItem: string; aVoucherId: string; aVersion: string; aFile: string; bItem: string; bFile: string };
/** A's bill and voucher (marked), B's own bill and document; made once per server. */
const prepare = oncePerServer(async (ctx: Ctx): Promise<Prepared> => {
  const aItem = await newBill(ctx, "1A01", MARKER);
  const bItem = await newBill(ctx, "2B12", "B 的账单");
  const aFile = await voucherFile(ctx, ctx.a, "a-transfer.png");
  const saved = await call(ctx, ctx.a, "/smeb/paymentVoucher/save", {
    name: MARKER,
    productType: "other",
    amount: "88.00",
    paidOn: addDays(TEST_NOW.slice(0, 10), -30),
    payerAccountName: MARKER,
    itemKeys: aItem,
    documentUrls: aFile,
  });
  expect(saved.status, saved.text).toBe(200);
  const voucher = JSON.parse(saved.text).data as { id: number; version: number };
  const a = await ctx.api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
  return {
    aId: a.id,
    aBillId: aItem.slice("bill:".length),
    aItem,
    aVoucherId: String(voucher.id),
    aVersion: String(voucher.version),
    aFile,
    bItem,
    bFile: await voucherFile(ctx, ctx.b, "b-transfer.png"),
  };
});

/** Everything of A's a voucher or bill call could change. */
async function aState(ctx: Ctx, aId: number) {
  const vouchers = await ctx.api.db.selectFrom("payment_vouchers").selectAll().where("user_id", "=", aId).orderBy("id").execute();
  const ids = vouchers.length ? vouchers.map((v) => v.id) : [0];
  const items = await ctx.api.db
    .selectFrom("payment_voucher_items")
    .selectAll()
    .where("voucher_id", "in", ids)
    .orderBy("voucher_id")
    .orderBy("item_key")
    .execute();
  const files = await ctx.api.db.selectFrom("payment_voucher_files").selectAll().where("voucher_id", "in", ids).orderBy("voucher_id").orderBy("sort").execute();
  const bills = await ctx.api.db.selectFrom("bills").selectAll().where("user_id", "=", aId).orderBy("id").execute();
  return JSON.stringify({ vouchers, items, files, bills });
}

const refused = (path: string, result: { status: number; text: string }, statuses = [403, 404]) => {
  expect(statuses, `${path}: ${result.text}`).toContain(result.status);
  expect(result.text, path).not.toContain(MARKER);
};

const exhibitorProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Control: A reads its own voucher and bill, so what B does not see below is about ownership.
  expect((await call(ctx, ctx.a, "/smeb/paymentVoucher/list")).text).toContain(MARKER);
  expect((await call(ctx, ctx.a, "/smeb/paymentVoucher/bills")).text).toContain(p.aItem);

  const before = await aState(ctx, p.aId);
  for (const ticket of [ctx.b, ctx.carrier]) {
    for (const path of [`/smeb/paymentVoucher/list?id=${p.aVoucherId}&userId=${p.aId}`, `/smeb/paymentVoucher/bills?userId=${p.aId}`]) {
      const listed = await call(ctx, ticket, path);
      // B reads its own (empty) lists; a carrier's account has none to read (server/transport/carrier-scope.ts).
      expect(listed.status, path).toBe(ticket === ctx.carrier ? 403 : 200);
      expect(listed.text, path).not.toContain(MARKER);
      expect(listed.text, path).not.toContain(`"${p.aItem}"`);
      expect(listed.text, path).not.toContain(p.aFile);
    }
    refused("delete", await call(ctx, ticket, "/smeb/paymentVoucher/delete", { id: p.aVoucherId, version: p.aVersion }));
  }
  const voucher = { name: "B", productType: "other", amount: "88.00", paidOn: addDays(TEST_NOW.slice(0, 10), -30), payerAccountName: "B" };
  refused("save with A's item", await call(ctx, ctx.b, "/smeb/paymentVoucher/save", { ...voucher, itemKeys: p.aItem, documentUrls: p.bFile }));
  refused("save with A's file", await call(ctx, ctx.b, "/smeb/paymentVoucher/save", { ...voucher, itemKeys: p.bItem, documentUrls: p.aFile }));
  expect(await aState(ctx, p.aId)).toBe(before);
  // B's own bill is still free: nothing of B's was saved with A's file either.
  expect((await call(ctx, ctx.b, "/smeb/paymentVoucher/bills")).text).toContain(`"key":"${p.bItem}"`);
  expect(await ctx.api.db.selectFrom("payment_voucher_items").select("voucher_id").where("item_key", "=", p.bItem).execute()).toEqual([]);
};

const organizerProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Control: the organizer sees A's voucher and bill.
  expect((await call(ctx, ctx.admin, `/smeb/paymentVoucher/review/list?keyword=${encodeURIComponent(MARKER)}`)).text).toContain(MARKER);
  expect((await call(ctx, ctx.admin, "/smeb/bill/list")).text).toContain(MARKER);

  const before = await aState(ctx, p.aId);
  for (const ticket of [ctx.b, ctx.a, ctx.carrier]) {
    for (const [path, form] of [
      ["/smeb/paymentVoucher/review/list?pageSize=50"],
      [`/smeb/paymentVoucher/review/list?keyword=${encodeURIComponent(MARKER)}`],
      ["/smeb/paymentVoucher/review/decide", { id: p.aVoucherId, decision: "confirm", version: p.aVersion }],
      ["/smeb/paymentVoucher/review/decide", { id: p.aVoucherId, decision: "return", reason: "B", version: p.aVersion }],
      ["/smeb/bill/list"],
      ["/smeb/bill/save", { boothNo: "1A01", kind: "other", titleZh: "B", titleEn: "B", amount: "1.00" }],
      ["/smeb/bill/delete", { id: p.aBillId }],
    ] as [string, Record<string, string>?][]) {
      refused(path, await call(ctx, ticket, path, form), [403]);
    }
  }
  expect(await aState(ctx, p.aId)).toBe(before);
};

export const paymentVouchersSweep = {
  "GET /api/smeb/paymentVoucher/bills": { probe: exhibitorProbe },
  "GET /api/smeb/paymentVoucher/list": { probe: exhibitorProbe },
  "POST /api/smeb/paymentVoucher/save": { probe: exhibitorProbe },
  "POST /api/smeb/paymentVoucher/delete": { probe: exhibitorProbe },
  "GET /api/smeb/paymentVoucher/review/list": { probe: organizerProbe },
  "POST /api/smeb/paymentVoucher/review/decide": { probe: organizerProbe },
  "GET /api/smeb/bill/list": { probe: organizerProbe },
  "POST /api/smeb/bill/save": { probe: organizerProbe },
  "POST /api/smeb/bill/delete": { probe: organizerProbe },
};
