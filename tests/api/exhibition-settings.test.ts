import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExhibitionSettingsView } from "../../app/contracts/exhibition-settings/api-types";
import type { ChecklistOverview } from "../../app/contracts/home/overview-types";
import type { ContactWay } from "../../app/contracts/settings/endpoints.server";
import { portalClient } from "../support/portal-client";
import { PNG } from "../support/sample-files";
import { backendsOf, loadRemixBuild, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { uploadAs } from "../support/uploads";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * The organizer's general settings (issue 52, /index/settings): saved and read back, shown by every
 * page's frame (footer filing number, user guide, contact code, drawing link), hidden when empty,
 * bad input refused at its field with nothing saved, and only the organizer may read or save them.
 */
describe.each(backendsOf(import.meta.url))("the organizer's general settings (/smeb/exhibition/settings) on %s", (backend) => {
  let api: TestApi;
  let admin: string;
  let std01: string;
  let carrier: string;
  const tag = `${backend}-${crypto.randomBytes(3).toString("hex")}`;

  beforeAll(async () => {
    api = await startTestApi(backend, {}, { remixBuild: await loadRemixBuild() });
    [admin, std01, carrier] = await Promise.all([api.login("admin", "Admin#2026"), api.login("std01", "Expo#2026"), api.login("carrier01", "Expo#2026")]);
  });
  afterAll(async () => {
    await api?.close();
  });

  const read = async (ticket = admin) => api.call<ExhibitionSettingsView>("/smeb/exhibition/settings", { ticket });
  const save = async (form: Record<string, string>, ticket = admin) => api.call<ExhibitionSettingsView>("/smeb/exhibition/settings/save", { ticket, form });
  const names = { nameZh: `测试展会 ${tag}`, nameEn: `Test show ${tag}` };
  const full = {
    ...names,
    publicUrl: "https://expo.portal.test",
    filingNumber: `沪ICP备${tag}号`,
    userGuideUrl: `https://guide.portal.test/${tag}`,
    contactWayUrl: `https://work.weixin.qq.com/ca/${tag}`,
    contactTip1Zh: "扫码添加展商服务",
    contactTip1En: "Scan to add exhibitor service",
    contactTip2Zh: "",
    contactTip2En: "Weekdays 9 to 6",
    drawingSiteUrl: `https://drawings.portal.test/${tag}`,
    exhibitorServiceEmail: "service@portal.test",
    mailSenderName: "Test Show Service",
    smsSignName: "测试展会",
  };
  const settingRows = async () => JSON.stringify(await api.db.selectFrom("exhibition_settings").select(["key", "value"]).orderBy("key").execute());

  /** A page as std01 sees it, in Chinese (the user guide exists in Chinese only). */
  async function pageHtml(path = "/index/schedule") {
    const browser = portalClient(api.baseUrl);
    await browser.signIn("std01", "Expo#2026");
    browser.jar.set("lng", "zh");
    const response = await browser.request(path);
    expect(response.status).toBe(200);
    return response.text();
  }

  it("saves every field, reads them back, and every page's frame shows them", async () => {
    const saved = await save(full);
    expect(saved.code, saved.message).toBe(200);
    expect(saved.message).toBe("Settings saved");
    const { missing, smsProviderConfigured, ...stored } = (await read()).data;
    expect(stored).toEqual({ ...full, contactQrUrl: "" });
    expect(missing).toEqual([]);
    expect(smsProviderConfigured).toBe(false);
    const exhibition = await api.db.selectFrom("exhibitions").select(["name_zh", "name_en"]).orderBy("id").executeTakeFirstOrThrow();
    expect(exhibition).toEqual({ name_zh: names.nameZh, name_en: names.nameEn });

    const html = await pageHtml();
    expect(html).toContain(`备案号：${full.filingNumber}`);
    expect(html).toContain(`href="${full.userGuideUrl}"`);
    expect(html).toContain('href="/contact"');
    const home = await pageHtml("/index/promote");
    expect(home).toContain(`href="${full.drawingSiteUrl}"`);

    // The contact code: the link drawn, the tips in the reader's language (the other one's when empty).
    const en = await api.call<ContactWay>("/wx/getContactWay", { ticket: std01 });
    expect(en.data.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(en.data.tips).toEqual(["Scan to add exhibitor service", "Weekdays 9 to 6"]);
    const zh = await api.call<ContactWay>("/wx/getContactWay", { ticket: std01, lang: "zh" });
    expect(zh.data.tips).toEqual(["扫码添加展商服务", "Weekdays 9 to 6"]);
  });

  it("takes an uploaded QR picture instead of a link, and sends it with the contact dialog", async () => {
    const picture = await uploadAs(api, admin, "contact-code", "qr.png", PNG);
    const saved = await save({ ...full, contactWayUrl: "", contactQrUrl: picture });
    expect(saved.code, saved.message).toBe(200);
    expect(saved.data.contactQrUrl).toBe(picture);
    const contact = await api.call<ContactWay>("/wx/getContactWay", { ticket: std01 });
    expect(contact.data.qrCode).toBe(`data:image/png;base64,${PNG.toString("base64")}`);
    // Saved again as it is shown: the same picture stays.
    expect((await save({ ...full, contactWayUrl: "", contactQrUrl: picture })).code).toBe(200);
  });

  it("hides every element whose setting is empty, and the organizer's home lists what is missing", async () => {
    const saved = await save(names);
    expect(saved.code, saved.message).toBe(200);
    expect(saved.data.missing).toEqual(["publicUrl", "filingNumber", "contactCode", "userGuideUrl", "exhibitorServiceEmail", "mailSenderName"]);

    const html = await pageHtml();
    expect(html).not.toContain("备案号");
    expect(html).not.toContain("使用指南");
    expect(html).not.toContain('href="/contact"');
    expect(await pageHtml("/index/promote")).not.toContain("特装图纸提交");
    const signedOut = await portalClient(api.baseUrl).request("/index/schedule", { headers: { "accept-language": "zh" } });
    expect(await signedOut.text()).not.toContain("备案号");
    expect((await api.call<ContactWay>("/wx/getContactWay", { ticket: std01 })).data).toEqual({ qrCode: null, tips: [] });

    const overview = await api.call<ChecklistOverview>("/smeb/worksheet/overview", { ticket: admin });
    expect(overview.code, overview.message).toBe(200);
    expect(overview.data.missingSettings).toEqual(saved.data.missing);
    const browser = portalClient(api.baseUrl);
    await browser.signIn("admin", "Admin#2026");
    const homePage = await (await browser.request("/index")).text();
    expect(homePage).toContain('href="/index/settings#setting-filingNumber"');

    // The extension request has nowhere to go: refused with its own message, nothing sent.
    const items = await api.call<{ id: number }[]>("/smeb/worksheet/worksheet", { ticket: admin });
    const refused = await api.call("/smeb/worksheet/extension", { ticket: admin, form: { itemId: String(items.data[0]!.id), reason: "late" } });
    expect(refused).toMatchObject({
      status: 400,
      message: "The organizer has not set an address for extension requests yet; please contact the organizer directly",
    });
  });

  it("refuses bad input at its field with its own message, saving nothing", async () => {
    expect((await save(full)).code).toBe(200);
    const before = await settingRows();
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const signed = await api.call("/oss/signature/getSignature", {
      ticket: admin,
      query: { timesp: String(Date.now()), folder: "contact-code", fileName: "qr.pdf" },
    });
    // A QR "picture" that is not one is refused by the upload itself: by its name, and by its bytes.
    expect(signed.code).toBe(400);
    const disguised = await api.call<{ key: string; fields: Record<string, string> }>("/oss/signature/getSignature", {
      ticket: admin,
      query: { timesp: String(Date.now()), folder: "contact-code", fileName: "qr.png" },
    });
    const form = new FormData();
    for (const [k, v] of Object.entries(disguised.data.fields)) form.append(k, v);
    form.append("file", new File([new Uint8Array(pdf)], "qr.png"));
    expect((await fetch(`${api.baseUrl}/storage`, { method: "POST", body: form })).status).toBe(200);
    const claimed = await api.call("/oss/complete", { ticket: admin, form: { key: disguised.data.key, name: "qr.png" } });
    expect(claimed.code).toBe(400);
    expect(claimed.message).toMatch(/not one of/);
    const someoneElses = await uploadAs(api, std01, "feedback", "shot.png", PNG);
    const cases: [Record<string, string>, string, string][] = [
      [{ publicUrl: "expo.portal.test" }, "publicUrl", "exhibitionSettings.errors.url|exhibitionSettings.fields.publicUrl"],
      [{ userGuideUrl: "javascript:alert(1)" }, "userGuideUrl", "exhibitionSettings.errors.url|exhibitionSettings.fields.userGuideUrl"],
      [{ drawingSiteUrl: "not a url" }, "drawingSiteUrl", "exhibitionSettings.errors.url|exhibitionSettings.fields.drawingSiteUrl"],
      [{ exhibitorServiceEmail: "service-at-portal" }, "exhibitorServiceEmail", "exhibitionSettings.errors.email"],
      [{ filingNumber: "备".repeat(101) }, "filingNumber", "validation.tooLong|exhibitionSettings.fields.filingNumber|100"],
      [{ nameZh: "" }, "nameZh", "validation.required|exhibitionSettings.fields.nameZh"],
      [{ smsSignName: "【测试】" }, "smsSignName", "exhibitionSettings.errors.smsSignBrackets|exhibitionSettings.fields.smsSignName"],
      [{ contactQrUrl: someoneElses }, "contactWayUrl", "exhibitionSettings.errors.contactBoth"],
      [{ contactWayUrl: "", contactQrUrl: someoneElses }, "contactQrUrl", "exhibitionSettings.errors.contactQrNotYours"],
    ];
    for (const [change, field, message] of cases) {
      const refused = await save({ ...full, nameZh: "改过的名字", ...change });
      expect(refused.status, field).toBe(400);
      expect((refused.data as unknown as { fields: Record<string, string[]> }).fields[field], field).toEqual([message]);
      expect(refused.message, field).not.toMatch(/\|/);
    }
    expect(await settingRows()).toBe(before);
    expect((await read()).data.nameZh).toBe(names.nameZh);
  });

  it("is the organizer's only: an exhibitor or a carrier gets 403 and changes nothing; their pages go to /401", async () => {
    expect((await save(full)).code).toBe(200);
    const before = await settingRows();
    for (const ticket of [std01, carrier]) {
      expect((await read(ticket)).status).toBe(403);
      expect((await save({ ...full, filingNumber: "被改了" }, ticket)).status).toBe(403);
    }
    expect((await api.call("/smeb/exhibition/settings")).status).toBe(401);
    expect(await settingRows()).toBe(before);
    const browser = portalClient(api.baseUrl);
    await browser.signIn("std01", "Expo#2026");
    const page = await browser.request("/index/settings");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/401");
    // The frame's public answer names only what every page shows (and the demo mark: this is the demo).
    const site = await api.call("/site/settings");
    expect(site.data).toEqual({
      filingNumber: full.filingNumber,
      userGuideUrl: full.userGuideUrl,
      hasContactCode: true,
      drawingSiteUrl: full.drawingSiteUrl,
      demo: true,
    });
  });
});
