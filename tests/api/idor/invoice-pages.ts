import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";
import { addDays, testCalendar } from "../../support/test-clock";
import { fetchApi } from "../../support/idor-probe";

/**
 * The invoice area's pages in the IDOR sweep (tests/api/idor.test.ts): exhibitor B (raw01), signed in
 * to the portal in Chinese, naming exhibitor A's (std01) application, voucher and earlier billing
 * details in the pages' views, forms and downloads reads none of A's data and changes nothing. The
 * organizer's desk sends B to /401; the public QR page opens nothing without a valid token.
 */
type Ctx = { api: TestApi; a: string; b: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A发票页MARKER";
const PAGE = "/invoiceArea/billingApplication";

async function call(ctx: Ctx, ticket: string, path: string, form?: Record<string, string | string[]>) {
  const response = await fetchApi(ctx, ticket, path, form, "zh");
  return (await response.json()) as { code: number; data: { id: number; version: number } };
}

let prepared: Promise<{ applicationId: number; voucherId: number }> | null = null;
/** A's paid bill with an application whose title is the marker, and an unpaid bill with a voucher. */
function prepare(ctx: Ctx) {
  prepared ??= (async () => {
    const a = await ctx.api.db.selectFrom("users").select(["id", "exhibition_id"]).where("username", "=", "std01").executeTakeFirstOrThrow();
    const bill = (title: string) =>
      ctx.api.db
        .insertInto("bills")
        .values({ exhibition_id: a.exhibition_id, user_id: a.id, kind: "other", title_zh: title, title_en: title, amount_cents: 12345 })
        .returning("id")
        .executeTakeFirstOrThrow();
    const paid = await bill(`${MARKER}-paid`);
    const voucher = await ctx.api.db
      .insertInto("payment_vouchers")
      .values({
        exhibition_id: a.exhibition_id,
        user_id: a.id,
        name: MARKER,
        product_type: "other",
        amount_cents: 12345,
        paid_on: addDays(testCalendar.seededOn, -3),
        payer_account_name: MARKER,
        status: "confirmed",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await ctx.api.db
      .insertInto("payment_voucher_items")
      .values({ voucher_id: voucher.id, item_key: `bill:${paid.id}`, amount_cents: 12345 })
      .execute();
    const application = await call(ctx, ctx.a, "/smeb/invoice/save", {
      invoiceType: "vatGeneral",
      title: MARKER,
      taxpayerId: "91350100M000100Y43",
      receivingEmail: "finance-a@example.com",
      itemKeys: [`bill:${paid.id}`],
    });
    expect(application.code).toBe(200);
    const unpaid = await bill(`${MARKER}-unpaid`);
    const pending = await ctx.api.db
      .insertInto("payment_vouchers")
      .values({
        exhibition_id: a.exhibition_id,
        user_id: a.id,
        name: `${MARKER}-pending`,
        product_type: "other",
        amount_cents: 12345,
        paid_on: addDays(testCalendar.seededOn, -3),
        payer_account_name: MARKER,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await ctx.api.db
      .insertInto("payment_voucher_items")
      .values({ voucher_id: pending.id, item_key: `bill:${unpaid.id}`, amount_cents: 12345 })
      .execute();
    return { applicationId: application.data.id, voucherId: pending.id };
  })();
  return prepared;
}

async function aState(ctx: Ctx) {
  const applications = await ctx.api.db
    .selectFrom("invoice_applications")
    .select(["id", "title", "status", "version", "urgent", "qr_link_version", "qr_link_revoked_at"])
    .where("title", "like", `${MARKER}%`)
    .orderBy("id")
    .execute();
  const vouchers = await ctx.api.db
    .selectFrom("payment_vouchers")
    .select(["id", "status", "version", "deleted_at"])
    .where("name", "like", `${MARKER}%`)
    .orderBy("id")
    .execute();
  return JSON.stringify({ applications, vouchers });
}

async function signedInB(ctx: Ctx) {
  const browser = portalClient(ctx.api.baseUrl);
  // The area is hidden in English (docs/product.md § Menus and page access).
  browser.jar.set("lng", "zh");
  await browser.signIn("raw01", "Expo#2026");
  return browser;
}

const zh = { "accept-language": "zh" };
const sameOrigin = { "sec-fetch-site": "same-origin", "accept-language": "zh" };

const applicationProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx);
  const browser = await signedInB(ctx);
  const own = await browser.request(PAGE, { headers: zh });
  expect(own.status).toBe(200);
  expect(await own.text()).not.toContain(MARKER);
  for (const view of ["id", "edit", "from"]) {
    const response = await browser.request(`${PAGE}?${view}=${p.applicationId}`, { headers: zh });
    expect(response.status, view).toBe(404);
    expect(await response.text(), view).not.toContain(MARKER);
  }
  for (const form of <Record<string, string>[]>[
    {
      intent: "update",
      id: String(p.applicationId),
      version: "0",
      invoiceType: "vatGeneral",
      title: "B",
      taxpayerId: "91350100M000100Y43",
      receivingEmail: "b@example.com",
      itemKeys: "bill:1",
    },
    { intent: "urgent", id: String(p.applicationId), urgentReason: "B" },
    { intent: "revokeQr", id: String(p.applicationId) },
    { intent: "renewQr", id: String(p.applicationId), linkVersion: "0" },
  ]) {
    const response = await browser.request(PAGE, { body: new URLSearchParams(form), headers: sameOrigin });
    expect(await response.text(), form.intent).not.toContain(MARKER);
  }
  const pdf = await browser.request(`${PAGE}/pdf?id=${p.applicationId}`, { headers: zh });
  expect(pdf.status).toBe(404);
  expect(pdf.headers.get("content-type") ?? "").not.toContain("pdf");
  const found = await browser.request(`${PAGE}/baseInfo?title=${encodeURIComponent(MARKER)}`, { headers: zh });
  expect(await found.json()).toEqual({ found: [] });
  expect(await aState(ctx)).toBe(before);
};

const voucherProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx);
  const browser = await signedInB(ctx);
  const view = await browser.request(`/invoiceArea/paymentVoucher?delete=${p.voucherId}`, { headers: zh });
  expect(view.status).toBe(200);
  const html = await view.text();
  expect(html).not.toContain(MARKER);
  expect(html).not.toContain('data-testid="confirm-delete"');
  const post = await browser.request("/invoiceArea/paymentVoucher", {
    body: new URLSearchParams({ intent: "delete", id: String(p.voucherId), version: "0" }),
    headers: sameOrigin,
  });
  expect([403, 404]).toContain(post.status);
  expect(await aState(ctx)).toBe(before);
};

const deskProbe: Probe = async (ctx) => {
  await prepare(ctx);
  const before = await aState(ctx);
  const browser = await signedInB(ctx);
  for (const path of ["/invoiceArea/financeDesk", "/invoiceArea/financeDesk?tab=vouchers", "/invoiceArea/financeDesk/export"]) {
    const response = await browser.request(path, { headers: zh });
    expect(response.status, path).toBe(302);
    expect(response.headers.get("location"), path).toMatch(/\/401/);
  }
  const decide = await browser.request("/invoiceArea/financeDesk", {
    body: new URLSearchParams({ deskAction: "voucher", id: "1", decision: "confirm" }),
    headers: sameOrigin,
  });
  expect(decide.status).toBe(302);
  expect(await aState(ctx)).toBe(before);
};

/** The public page: a made-up token for A's application shows and changes nothing. */
const qrPageProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx);
  const stranger = portalClient(ctx.api.baseUrl);
  const forged = `EPI1.${p.applicationId}.9999999999.${"A".repeat(22)}`;
  const page = await stranger.request(`/invoiceArea/saveQrCode?token=${forged}`, { headers: zh });
  expect(page.status).toBe(400);
  expect(await page.text()).not.toContain(MARKER);
  const post = await stranger.request("/invoiceArea/saveQrCode", {
    body: new URLSearchParams({
      token: forged,
      version: "0",
      invoiceType: "vatGeneral",
      title: "B",
      taxpayerId: "91350100M000100Y43",
      receivingEmail: "b@example.com",
    }),
    headers: sameOrigin,
  });
  expect(await post.text()).not.toContain(MARKER);
  expect(await aState(ctx)).toBe(before);
};

const SESSION_AREA = "the area layout and its index: the caller's own menus; no id is read";

export const invoicePagesSweep = {
  "routes/_shell.invoiceArea": { noOwnedId: SESSION_AREA },
  "routes/_shell.invoiceArea._index": { noOwnedId: SESSION_AREA },
  "routes/_shell.invoiceArea.billingApplication": { probe: applicationProbe },
  "routes/invoiceArea.billingApplication.pdf": { probe: applicationProbe },
  "routes/invoiceArea.billingApplication.baseInfo": { probe: applicationProbe },
  "routes/_shell.invoiceArea.paymentVoucher": { probe: voucherProbe },
  "routes/_shell.invoiceArea.financeDesk": { probe: deskProbe },
  "routes/invoiceArea.financeDesk.export": { probe: deskProbe },
  "routes/invoiceArea.saveQrCode": { probe: qrPageProbe },
};
