import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InvoiceApplication } from "../../app/contracts/invoices/api-types";
import { portalClient, type PortalClient } from "../support/portal-client";
import { loadRemixBuild, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";
import { billing, insertPaidBill } from "./idor/invoices";

/**
 * Revoking and renewing an invoice application's QR link on the exhibitor's page, as a browser
 * without JavaScript does it (plain posts, server-rendered answers): the old link's public page
 * then says the link is invalid, a renewed link opens the form, and refusals come back in the page.
 */
let api: TestApi;
let std01: PortalClient;
let std01Ticket: string;
beforeAll(async () => {
  api = await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: await loadRemixBuild() });
  [std01, std01Ticket] = await Promise.all([signedIn("std01"), api.login("std01", "Expo#2026")]);
});
afterAll(() => api?.close());

const PAGE = "/invoiceArea/billingApplication";
const zh = { "accept-language": "zh" };
const same = { "sec-fetch-site": "same-origin", "accept-language": "zh" };
const INVALID = "该链接无效，请向展商索取新的二维码";

async function signedIn(username: string) {
  const browser = portalClient(api.baseUrl);
  // The invoice area is Chinese only (docs/product.md § Menus and page access).
  browser.jar.set("lng", "zh");
  await browser.signIn(username, "Expo#2026");
  return browser;
}

/** A new application of std01's over a new paid bill. */
async function application(n: number) {
  const item = await insertPaidBill(api, "std01", 20_000 + n, `二维码链接页面 ${n}`);
  const saved = await api.call<InvoiceApplication>("/smeb/invoice/save", { json: billing(300 + n, { itemKeys: [item] }), ticket: std01Ticket, lang: "zh" });
  expect(saved.code, saved.message).toBe(200);
  return saved.data.id;
}

/** The QR page's path as the exhibitor's page links it, or null when it shows none. */
const qrPathIn = (html: string) => {
  const href = /data-testid="application-qr-link"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*data-testid="application-qr-link"/.exec(html);
  const link = href?.[1] ?? href?.[2];
  return link ? new URL(link.replace(/&amp;/g, "&")).pathname + new URL(link.replace(/&amp;/g, "&")).search : null;
};

/** The public QR page as the finance colleague's phone opens it, signed in nowhere. */
async function publicPage(path: string) {
  const phone = portalClient(api.baseUrl);
  phone.jar.set("lng", "zh");
  const response = await phone.request(path, { headers: zh });
  return { status: response.status, html: await response.text() };
}

describe("the QR link on the exhibitor's invoice page, without JavaScript", () => {
  it("asks before revoking; after it, the old link answers 'invalid' and the page shows only 'make a new link'", async () => {
    const id = await application(1);
    const oldLink = qrPathIn(await (await std01.request(`${PAGE}?id=${id}`, { headers: zh })).text());
    expect(oldLink).toMatch(/^\/invoiceArea\/saveQrCode\?token=EPI2\./);
    expect((await publicPage(oldLink!)).html).toContain('data-testid="qr-form"');

    const question = await (await std01.request(`${PAGE}?id=${id}&qrRevoke=1`, { headers: zh })).text();
    expect(question).toContain('data-testid="qr-revoke-confirm"');
    expect(question).toContain("确定撤销本申请的二维码链接吗？");
    const revoked = await std01.request(`${PAGE}?id=${id}&qrRevoke=1`, { body: new URLSearchParams({ intent: "revokeQr", id: String(id) }), headers: same });
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("location")).toBe(`${PAGE}?id=${id}`);

    const old = await publicPage(oldLink!);
    expect(old.status).toBe(400);
    expect(old.html).toContain(INVALID);
    expect(old.html).not.toContain('data-testid="qr-form"');
    const after = await (await std01.request(`${PAGE}?id=${id}`, { headers: zh })).text();
    expect(after).toContain('data-testid="application-qr-revoked"');
    expect(qrPathIn(after)).toBeNull();
  });

  it("renews: a new link opens the form, the old one stays invalid, and a form posted twice is refused in the page", async () => {
    const id = await application(2);
    const oldLink = qrPathIn(await (await std01.request(`${PAGE}?id=${id}`, { headers: zh })).text())!;
    const renewed = await std01.request(`${PAGE}?id=${id}`, {
      body: new URLSearchParams({ intent: "renewQr", id: String(id), linkVersion: "0" }),
      headers: same,
    });
    expect(renewed.status).toBe(302);
    const newLink = qrPathIn(await (await std01.request(`${PAGE}?id=${id}`, { headers: zh })).text())!;
    expect(newLink).toMatch(new RegExp(`token=EPI2\\.${id}\\.1\\.`));
    expect((await publicPage(newLink)).html).toContain('data-testid="qr-form"');
    expect((await publicPage(oldLink)).html).toContain(INVALID);

    // The same form again (a back button, a second tab): refused, said in the page, the new link kept.
    const twice = await std01.request(`${PAGE}?id=${id}`, {
      body: new URLSearchParams({ intent: "renewQr", id: String(id), linkVersion: "0" }),
      headers: same,
    });
    expect(twice.status).toBe(409);
    const html = await twice.text();
    expect(html).toContain('data-testid="qr-link-error"');
    expect(html).toContain("该记录已被修改，请刷新后重试");
    expect((await publicPage(newLink)).html).toContain('data-testid="qr-form"');
    // A form the server cannot read is refused the same way.
    const broken = await std01.request(`${PAGE}?id=${id}`, {
      body: new URLSearchParams({ intent: "renewQr", id: String(id), linkVersion: "x" }),
      headers: same,
    });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain("请输入正确的二维码链接");
  });

  it("another exhibitor posting the forms with std01's application changes nothing", async () => {
    const id = await application(3);
    const link = qrPathIn(await (await std01.request(`${PAGE}?id=${id}`, { headers: zh })).text())!;
    const raw01 = await signedIn("raw01");
    for (const form of <Record<string, string>[]>[
      { intent: "revokeQr", id: String(id) },
      { intent: "renewQr", id: String(id), linkVersion: "0" },
    ]) {
      const response = await raw01.request(PAGE, { body: new URLSearchParams(form), headers: same });
      expect(response.status, form.intent).toBe(404);
    }
    expect((await publicPage(link)).html).toContain('data-testid="qr-form"');
    expect(
      await api.db.selectFrom("invoice_applications").select(["qr_link_version", "qr_link_revoked_at"]).where("id", "=", id).executeTakeFirstOrThrow(),
    ).toEqual({ qr_link_version: 0, qr_link_revoked_at: null });
  });
});
