import { expect } from "vitest";
import { creditCodeCheckChar } from "../../../app/contracts/invoices/credit-code";
import type { TestApi } from "../../support/test-api";
import { uploadAs } from "../../support/uploads";
import { oncePerServer } from "../../support/idor-probe";
import { addDays, TEST_NOW } from "../../support/test-clock";

/** The test clock's day; an issued invoice is dated the day after. */
const TEST_DAY = TEST_NOW.slice(0, 10);

/**
 * Invoice applications and their QR page in the IDOR sweep (tests/api/idor.test.ts; the probes run
 * in tests/api/invoices.test.ts too). A (std01) has an application with a marker in its title and an
 * issued one with an e-invoice; B (raw01) naming their ids, items or PDF gets 403/404, none of A's
 * data, and A's applications stay as they were. The review routes are the organizer's: B, A and a
 * carrier get 403. A token for A's application opens that application only, and nothing of A's account.
 * A's QR link is revoked or renewed by A (and revoked by the organizer) only: B and a carrier get 404.
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string; carrier: string };
type Probe = (ctx: Ctx) => Promise<void>;

const MARKER = "A-发票抬头-MARKER-7713";
const ISSUED_MARKER = "A-已开票-MARKER-7714";
/** Something the QR answer must never carry: A's account. */
const ACCOUNT_DATA = ["std01", "深圳星河智能科技有限公司", "zhangsan@galaxy-smart.example.com", "13812345678", "1A01"];
/** The smallest bytes the upload sniffing takes for a PDF. */
export const SAMPLE_PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** A valid unified social credit code ending the first 17 characters with `n` (unique per test). */
export const creditCode = (n: number) => {
  const first17 = `91440300MA5F${String(n).padStart(5, "0")}`;
  return `${first17}${creditCodeCheckChar(first17)}`;
};

/** A paid item of `username`'s: a bill and a confirmed voucher covering it (the voucher routes are written elsewhere). */
export async function insertPaidBill(api: TestApi, username: string, cents: number, title: string, confirmed = true) {
  const user = await api.db.selectFrom("users").select(["id", "exhibition_id"]).where("username", "=", username).executeTakeFirstOrThrow();
  const owner = { exhibition_id: user.exhibition_id, user_id: user.id };
  const bill = await api.db
    .insertInto("bills")
    .values({ ...owner, kind: "other", title_zh: title, title_en: title, amount_cents: cents })
    .returning("id")
    .executeTakeFirstOrThrow();
  const voucher = await api.db
    .insertInto("payment_vouchers")
    .values({
      ...owner,
      name: `凭证 ${title}`,
      product_type: "other",
      amount_cents: cents,
      paid_on: "2026-11-20",
      payer_account_name: "付款账户",
      status: confirmed ? "confirmed" : "submitted",
      updated_at: new Date(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await api.db
    .insertInto("payment_voucher_items")
    .values({ voucher_id: voucher.id, item_key: `bill:${bill.id}`, amount_cents: cents })
    .execute();
  return `bill:${bill.id}`;
}

export const billing = (n: number, extra: Record<string, unknown> = {}) => ({
  invoiceType: "vatGeneral",
  title: `深圳星河智能科技有限公司 ${n}`,
  taxpayerId: creditCode(n),
  addressPhone: "深圳市南山区科技园 0755-12345678",
  bankAccount: "",
  receivingEmail: `finance${n}@galaxy-smart.example.com`,
  urgent: false,
  ...extra,
});

async function call(ctx: Ctx, ticket: string | null, path: string, body?: unknown) {
  const headers: Record<string, string> = { "accept-language": "zh", "content-type": "application/json" };
  if (ticket) headers.ticket = ticket;
  const response = await fetch(`${ctx.api.baseUrl}/api${path}`, { method: body ? "POST" : "GET", headers, body: body ? JSON.stringify(body) : undefined });
  return { status: response.status, text: Buffer.from(await response.arrayBuffer()).toString("latin1") };
}
const json = <T>(result: { text: string }) => JSON.parse(Buffer.from(result.text, "latin1").toString("utf8")) as { code: number; data: T };
const textOf = (result: { text: string }) => Buffer.from(result.text, "latin1").toString("utf8");

type Prepared = { aId: number; aVersion: number; aItem: string; issuedId: number; token: string; bId: number; bToken: string };

/** A's open application (marker title) and issued one (with a PDF), and B's own application, once per server. */
const prepare = oncePerServer(async (ctx: Ctx): Promise<Prepared> => {
  const save = async (ticket: string, itemKeys: string[], title: string) => {
    const saved = await call(ctx, ticket, "/smeb/invoice/save", { ...billing(9001), title, itemKeys });
    expect(saved.status, textOf(saved)).toBe(200);
    return json<{ id: number; version: number }>(saved).data;
  };
  const aItem = await insertPaidBill(ctx.api, "std01", 12_300, "IDOR 展位费");
  const a = await save(ctx.a, [aItem], MARKER);
  const issued = await save(ctx.a, [await insertPaidBill(ctx.api, "std01", 4_500, "IDOR 证件")], ISSUED_MARKER);
  const pdfUrl = await uploadPdf(ctx);
  const decided = await call(ctx, ctx.admin, "/smeb/invoice/review/decide", {
    id: issued.id,
    decision: "issue",
    invoiceNo: "IDOR20261124",
    invoiceDate: addDays(TEST_DAY, 1),
    pdfUrl,
    version: issued.version,
  });
  expect(decided.status, textOf(decided)).toBe(200);
  const b = await save(ctx.b, [await insertPaidBill(ctx.api, "raw01", 7_700, "IDOR B")], "广州远航机器人有限公司");
  const tokenOf = async (ticket: string, id: number) => {
    const detail = json<{ qr: { url: string } }>(await call(ctx, ticket, `/smeb/invoice/detail?id=${id}`)).data;
    return new URL(detail.qr.url, "http://x").searchParams.get("token")!;
  };
  return { aId: a.id, aVersion: a.version, aItem, issuedId: issued.id, token: await tokenOf(ctx.a, a.id), bId: b.id, bToken: await tokenOf(ctx.b, b.id) };
});

/** The organizer's e-invoice PDF, uploaded the way the browser does. */
const uploadPdf = (ctx: Ctx) => uploadAs(ctx.api, ctx.admin, "invoice", "e-invoice.pdf", SAMPLE_PDF);

async function aState(ctx: Ctx) {
  const rows = await ctx.api.db.selectFrom("invoice_applications").selectAll().where("title", "in", [MARKER, ISSUED_MARKER]).orderBy("id").execute();
  const items = await ctx.api.db
    .selectFrom("invoice_application_items")
    .selectAll()
    .where(
      "application_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("application_id")
    .orderBy("item_key")
    .execute();
  return JSON.stringify({ rows, items });
}

const refused = (path: string, result: { status: number; text: string }) => {
  expect([403, 404], `${path}: ${textOf(result)}`).toContain(result.status);
  expect(textOf(result), path).not.toContain(MARKER);
  expect(textOf(result), path).not.toContain(ISSUED_MARKER);
  expect(result.text.includes("%PDF"), path).toBe(false);
};

const exhibitorProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Controls: A reads its own, so the refusals below are about ownership.
  expect(textOf(await call(ctx, ctx.a, `/smeb/invoice/detail?id=${p.aId}`))).toContain(MARKER);
  expect(textOf(await call(ctx, ctx.a, "/smeb/invoice/list"))).toContain(MARKER);
  expect((await call(ctx, ctx.a, `/smeb/invoice/pdfUrl?id=${p.issuedId}`)).text.startsWith("%PDF")).toBe(true);

  const before = await aState(ctx);
  for (const ticket of [ctx.b, ctx.carrier]) {
    refused("detail", await call(ctx, ticket, `/smeb/invoice/detail?id=${p.aId}`));
    refused("pdfUrl", await call(ctx, ticket, `/smeb/invoice/pdfUrl?id=${p.issuedId}`));
    refused("baseInfoByLogId", await call(ctx, ticket, `/smeb/invoice/baseInfoByLogId?id=${p.aId}`));
    refused("update", await call(ctx, ticket, "/smeb/invoice/update", { ...billing(9002), id: p.aId, version: p.aVersion, itemKeys: [p.aItem] }));
    refused("update issued", await call(ctx, ticket, "/smeb/invoice/update", { ...billing(9002), id: p.issuedId, version: 1, itemKeys: [p.aItem] }));
    refused("urgent", await call(ctx, ticket, "/smeb/invoice/urgent", { id: p.aId, urgentReason: "B" }));
    // Lists and searches answer the caller's own only.
    for (const path of ["/smeb/invoice/list", "/smeb/invoice/openList", `/smeb/invoice/baseInfoByName?title=${encodeURIComponent("MARKER")}`]) {
      const own = await call(ctx, ticket, path);
      expect([200, 403], path).toContain(own.status);
      expect(textOf(own), path).not.toContain(MARKER);
      expect(textOf(own), path).not.toContain(p.aItem);
    }
    // A's item is unknown to anyone else: saving it is refused and takes nothing.
    const taken = await call(ctx, ticket, "/smeb/invoice/save", { ...billing(9003), itemKeys: [p.aItem] });
    expect([400, 403], textOf(taken)).toContain(taken.status);
    expect(textOf(taken)).not.toContain(MARKER);
  }
  expect(await aState(ctx)).toBe(before);
};

const reviewProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // Control: the organizer sees A's application in the queue and its export.
  expect(textOf(await call(ctx, ctx.admin, `/smeb/invoice/review/list?keyword=${encodeURIComponent(MARKER)}`))).toContain(MARKER);
  expect((await call(ctx, ctx.admin, "/smeb/invoice/review/export")).status).toBe(200);

  const before = await aState(ctx);
  for (const ticket of [ctx.b, ctx.a, ctx.carrier]) {
    for (const [path, body] of [
      ["/smeb/invoice/review/list?pageSize=50"],
      [`/smeb/invoice/review/list?keyword=${encodeURIComponent(MARKER)}`],
      ["/smeb/invoice/review/export"],
      ["/smeb/invoice/review/decide", { id: p.aId, decision: "return", reason: "B", version: p.aVersion }],
      [
        "/smeb/invoice/review/decide",
        { id: p.aId, decision: "issue", invoiceNo: "B0000000001", invoiceDate: addDays(TEST_DAY, 1), pdfUrl: "/files/x", version: p.aVersion },
      ],
    ] as [string, unknown?][]) {
      const result = await call(ctx, ticket, path, body);
      expect(result.status, `${path}: ${textOf(result)}`).toBe(403);
      expect(textOf(result), path).not.toContain(MARKER);
    }
  }
  expect(await aState(ctx)).toBe(before);
};

const qrProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  // A's token opens A's application: its billing details only, nothing of the account or other applications.
  const info = await call(ctx, null, `/invoice/qr/info?token=${encodeURIComponent(p.token)}`);
  expect(info.status, textOf(info)).toBe(200);
  const data = json<Record<string, unknown>>(info).data;
  expect(data.title).toBe(MARKER);
  expect(Object.keys(data).sort()).toEqual([
    "addressPhone",
    "amountCents",
    "bankAccount",
    "exhibitionName",
    "invoiceType",
    "receivingEmail",
    "status",
    "taxpayerId",
    "title",
    "version",
  ]);
  for (const secret of [...ACCOUNT_DATA, ISSUED_MARKER, "广州远航", p.aItem, "IDOR 展位费"]) expect(textOf(info), secret).not.toContain(secret);

  const before = await aState(ctx);
  const bBefore = JSON.stringify(await ctx.api.db.selectFrom("invoice_applications").selectAll().where("id", "=", p.bId).execute());
  // A token edited to name another application (B's, or A's issued one) fails its signature.
  const [prefix, , linkVersion, expires, signature] = p.token.split(".");
  for (const id of [p.bId, p.issuedId]) {
    const edited = `${prefix}.${id}.${linkVersion}.${expires}.${signature}`;
    expect((await call(ctx, null, `/invoice/qr/info?token=${encodeURIComponent(edited)}`)).status).toBe(404);
    const saved = await call(ctx, null, "/invoice/qrSave", { ...billing(9004), token: edited, version: 0 });
    expect(saved.status).toBe(404);
    expect(textOf(saved)).not.toContain("广州远航");
  }
  // B's own token opens B's application only, never A's.
  const bInfo = await call(ctx, null, `/invoice/qr/info?token=${encodeURIComponent(p.bToken)}`);
  expect(textOf(bInfo)).not.toContain(MARKER);
  expect(await aState(ctx)).toBe(before);
  expect(JSON.stringify(await ctx.api.db.selectFrom("invoice_applications").selectAll().where("id", "=", p.bId).execute())).toBe(bBefore);
};

const qrLinkProbe: Probe = async (ctx) => {
  const p = await prepare(ctx);
  const before = await aState(ctx);
  for (const ticket of [ctx.b, ctx.carrier]) {
    for (const [path, body] of [
      ["/smeb/invoice/qr/revoke", { id: p.aId }],
      ["/smeb/invoice/qr/renew", { id: p.aId, linkVersion: 0 }],
      ["/smeb/invoice/qr/renew", { id: p.issuedId, linkVersion: 0 }],
    ] as const) {
      const result = await call(ctx, ticket, path, body);
      refused(path, result);
      expect(textOf(result), path).not.toContain("saveQrCode");
    }
  }
  // Renewing hands out a link: not even the organizer does it for A.
  refused("renew by the organizer", await call(ctx, ctx.admin, "/smeb/invoice/qr/renew", { id: p.aId, linkVersion: 0 }));
  expect(await aState(ctx)).toBe(before);
  expect((await call(ctx, null, `/invoice/qr/info?token=${encodeURIComponent(p.token)}`)).status).toBe(200);
  // Control, on an application of A's own made for it (A's prepared token must keep working): A renews it.
  const spare = await call(ctx, ctx.a, "/smeb/invoice/save", {
    ...billing(9005),
    title: "A-二维码对照",
    itemKeys: [await insertPaidBill(ctx.api, "std01", 3_300, "IDOR 二维码对照")],
  });
  const spareId = json<{ id: number }>(spare).data.id;
  expect((await call(ctx, ctx.a, "/smeb/invoice/qr/renew", { id: spareId, linkVersion: 0 })).status).toBe(200);
};

export const invoicesSweep = {
  "GET /api/smeb/invoice/openList": { probe: exhibitorProbe },
  "GET /api/smeb/invoice/list": { probe: exhibitorProbe },
  "GET /api/smeb/invoice/detail": { probe: exhibitorProbe },
  "POST /api/smeb/invoice/save": { probe: exhibitorProbe },
  "POST /api/smeb/invoice/update": { probe: exhibitorProbe },
  "POST /api/smeb/invoice/urgent": { probe: exhibitorProbe },
  "GET /api/smeb/invoice/pdfUrl": { probe: exhibitorProbe },
  "GET /api/smeb/invoice/baseInfoByName": { probe: exhibitorProbe },
  "GET /api/smeb/invoice/baseInfoByLogId": { probe: exhibitorProbe },
  "GET /api/smeb/invoice/review/list": { probe: reviewProbe },
  "POST /api/smeb/invoice/review/decide": { probe: reviewProbe },
  "GET /api/smeb/invoice/review/export": { probe: reviewProbe },
  "POST /api/smeb/invoice/qr/revoke": { probe: qrLinkProbe },
  "POST /api/smeb/invoice/qr/renew": { probe: qrLinkProbe },
  "GET /api/invoice/qr/info": { probe: qrProbe },
  "POST /api/invoice/qrSave": { probe: qrProbe },
};
