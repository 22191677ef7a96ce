import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trackingCodeOf } from "../../server/promotion/tracking";
import { portalClient } from "../support/portal-client";
import { loadRemixBuild, DEFAULT_BACKEND, startTestApiInTempDir, type TempDirTestApi } from "../support/test-api";
import { readOutboxSms } from "../support/outbox";

/**
 * The public pre-registration page /visit/<code> as a phone without JavaScript uses it: plain posts
 * answered with the page, the typed values kept, the SMS code sent by a second button of the same
 * form, errors in the page, the visitor number at the end. Opened inside the messaging app too.
 */
const PHONE = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const WECHAT = `${PHONE} MicroMessenger/8.0.49`;

let api: TempDirTestApi;
let code: string;
let classId: number;
beforeAll(async () => {
  api = await startTestApiInTempDir(DEFAULT_BACKEND, "portal-visit-page-", {}, { remixBuild: await loadRemixBuild() });
  const std = await api.db.selectFrom("users").select(["id", "exhibition_id"]).where("username", "=", "std01").executeTakeFirstOrThrow();
  code = await trackingCodeOf(api.db, { userId: std.id, exhibitionId: std.exhibition_id! });
  classId = (await api.db.selectFrom("exhibit_classes").select("id").where("exhibition_id", "=", std.exhibition_id!).orderBy("id").executeTakeFirstOrThrow())
    .id;
});
afterAll(() => api?.close());

const smsTo = (mobile: string) => readOutboxSms(api.dataDir).filter((sms) => sms.to === mobile);
const views = async () => (await api.db.selectFrom("promotion_views").select("visitor_key").where("code", "=", code).execute()).length;

describe("the visitor pre-registration page without JavaScript", () => {
  it("shows the exhibition and the inviter, counts the view, ships no script, and is not sent to /wxBrowser", async () => {
    const before = await views();
    const phone = portalClient(api.baseUrl);
    const page = await phone.request(`/visit/${code}`, { headers: { "user-agent": WECHAT } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Shenzhen Galaxy Smart Technology Co., Ltd.");
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).toContain('name="intent" value="sendCode"');
    expect(html).toContain(`value="${classId}"`);
    expect(await views()).toBe(before + 1);
    // In Chinese after the language switch, like the other public pages.
    phone.jar.set("lng", "zh");
    const zh = await (await phone.request(`/visit/${code}`, { headers: { "user-agent": WECHAT, "accept-language": "zh" } })).text();
    expect(zh).toContain("观众预登记");
    expect(zh).toContain("深圳星河智能科技有限公司");
    expect(await views()).toBe(before + 1);
  });

  it("sends the code with the typed values kept, shows refusals in the page and ends with the visitor number", async () => {
    const phone = portalClient(api.baseUrl);
    const headers = { "user-agent": PHONE, "sec-fetch-site": "same-origin" };
    const fields = (extra: Record<string, string> = {}) => {
      const body = new URLSearchParams({
        name: "李四",
        company: "佛山家居用品有限公司",
        position: "Buyer",
        mobile: "13766665555",
        email: "lisi@example.com",
        countryId: "37",
        provinceCode: "",
        consent: "on",
        ...extra,
      });
      body.append("interests", String(classId));
      return body;
    };
    const sent = await phone.request(`/visit/${code}`, { body: fields({ intent: "sendCode" }), headers });
    expect(sent.status).toBe(200);
    const sentHtml = await sent.text();
    expect(sentHtml).toContain('data-testid="code-sent"');
    expect(sentHtml).toContain('value="李四"');
    expect(sentHtml).toContain('value="lisi@example.com"');
    const smsCode = smsTo("13766665555")
      .at(-1)!
      .text.match(/\b(\d{6})\b/)![1]!;

    // No province for China: the message at its field, everything typed still there.
    const refused = await phone.request(`/visit/${code}`, { body: fields({ smsCode }), headers });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("Please choose the province");
    expect(refusedHtml).toContain('value="佛山家居用品有限公司"');
    expect(refusedHtml).toMatch(/<input[^>]*checked[^>]*name="consent"|name="consent"[^>]*checked/);

    const done = await phone.request(`/visit/${code}`, { body: fields({ smsCode, provinceCode: "440000" }), headers });
    expect(done.status).toBe(200);
    const doneHtml = await done.text();
    expect(doneHtml).toMatch(/data-testid="visitor-number"[^>]*>V\d{6}</);
    const row = await api.db.selectFrom("visitors").select(["inviter_user_id", "consent"]).where("mobile", "=", "13766665555").executeTakeFirstOrThrow();
    expect(row.consent).toBe(true);
    expect(row.inviter_user_id).not.toBeNull();

    const twice = await phone.request(`/visit/${code}`, { body: fields({ smsCode, provinceCode: "440000" }), headers });
    expect(twice.status).toBe(400);
    expect(await twice.text()).toContain("already registered");
  });
});
