import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendActivation } from "../../server/auth/password-links";
import { createLogger } from "../../server/logger";
import { createNotifier } from "../../server/notify";
import { readOutbox } from "../support/outbox";
import { portalClient } from "../support/portal-client";
import { loadRemixBuild, DEFAULT_BACKEND, startTestApiInTempDir, type TempDirTestApi } from "../support/test-api";
import { until } from "../support/until";
import { insertImportedAccount } from "../support/accounts";

const LINK = /\/setPassword\/([A-Za-z0-9_-]{43})/;
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");

/**
 * The invitation and forgot-password pages as a browser without scripts uses them (they ship none:
 * `hydrate: false`): plain posts, answers in zh and en, the token page's headers. The API's rules are
 * in tests/api/password-links.test.ts (both databases).
 */
describe("the set-password and forgot-password pages", () => {
  let api: TempDirTestApi;

  beforeAll(async () => {
    api = await startTestApiInTempDir(DEFAULT_BACKEND, "password-pages-", {}, { remixBuild: await loadRemixBuild() });
  });
  afterAll(() => api?.close());

  async function account(contacts: { email?: string; phone?: string }) {
    const username = `pwp-${crypto.randomBytes(3).toString("hex")}`;
    return insertImportedAccount(api.db, { username, businessName: username, ...contacts });
  }
  async function nextMessage(to: string, seen: number) {
    const mine = () => readOutbox(api.dataDir).filter((m) => m.to === to.toLowerCase());
    return until(() => mine().length > seen && mine().at(-1));
  }

  it("links the sign-in page to /forgotPassword, in both languages", async () => {
    const browser = portalClient(api.baseUrl);
    const en = await (await browser.request("/login")).text();
    expect(en).toContain('href="/forgotPassword"');
    expect(text(en)).toContain("Forgot password?");
    const zh = await (await browser.request("/login", { headers: { "accept-language": "zh-CN" } })).text();
    expect(text(zh)).toContain("忘记密码？");
  });

  it("invitation: opens the link, refuses a mismatch, sets the password, signs in and goes home; the used link says so", async () => {
    const email = `page-invite-${crypto.randomBytes(3).toString("hex")}@example.com`;
    const user = await account({ email });
    await sendActivation(
      { db: api.db, config: api.config, notifier: createNotifier({ config: api.config, db: api.db }), logger: createLogger("silent") },
      user.id,
      "en",
    );
    const token = LINK.exec((await nextMessage(email, 0)).text)?.[1] ?? "";
    const page = `/setPassword/${token}`;

    const browser = portalClient(api.baseUrl);
    const opened = await browser.request(page);
    expect(opened.status).toBe(200);
    expect(opened.headers.get("cache-control")).toContain("no-store");
    expect(opened.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await opened.text();
    expect(text(html)).toContain("Set your password");
    expect(text(html)).toContain(user.username);
    // No script: the form is a plain post.
    expect(html).not.toMatch(/<script[^>]+src=/);

    const mismatch = await browser.request(page, { body: new URLSearchParams({ newPassword: "Page#2026", newPassword1: "Page#2027" }) });
    expect(mismatch.status).toBe(400);
    const mismatchHtml = await mismatch.text();
    expect(text(mismatchHtml)).toContain("the two new passwords do not match");
    expect(mismatchHtml).not.toContain("Page#2026");

    const saved = await browser.request(page, { body: new URLSearchParams({ newPassword: "Page#2026", newPassword1: "Page#2026" }) });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/");
    expect(browser.jar.has("ticket")).toBe(true);
    expect((await browser.request("/index")).status).toBe(200);

    const again = await portalClient(api.baseUrl).request(page, { headers: { "accept-language": "zh-CN" } });
    const againText = text(await again.text());
    expect(againText).toContain("此链接已被使用。");
    expect(againText).toContain("重新获取链接");

    await portalClient(api.baseUrl).signIn(user.username, "Page#2026");
  });

  it("a forged link gets its own message and a way to ask for a new one", async () => {
    const html = await (await portalClient(api.baseUrl).request(`/setPassword/${"A".repeat(43)}`)).text();
    expect(text(html)).toContain("This link is not valid. Please check that it was copied in full.");
    expect(html).toContain('href="/forgotPassword"');
  });

  it("forgot password by user name: one confirmation, the e-mail's link sets the new password", async () => {
    const email = `page-reset-${crypto.randomBytes(3).toString("hex")}@example.com`;
    const user = await account({ email });
    const browser = portalClient(api.baseUrl);
    expect((await browser.request("/forgotPassword")).status).toBe(200);
    const known = text(
      await (await browser.request("/forgotPassword", { body: new URLSearchParams({ intent: "request", identifier: user.username }) })).text(),
    );
    const unknown = text(
      await (
        await portalClient(api.baseUrl).request("/forgotPassword", { body: new URLSearchParams({ intent: "request", identifier: `${user.username}-x` }) })
      ).text(),
    );
    const confirmation = "If an account matches, we have sent a reset link by e-mail (valid for 60 minutes) or a code by SMS (valid for 10 minutes).";
    expect(known).toContain(confirmation);
    expect(unknown).toContain(confirmation);

    const token = LINK.exec((await nextMessage(email, 0)).text)?.[1] ?? "";
    const page = `/setPassword/${token}`;
    expect(text(await (await browser.request(page)).text())).toContain("Choose a new password");
    const saved = await browser.request(page, { body: new URLSearchParams({ newPassword: "Reset#2026", newPassword1: "Reset#2026" }) });
    expect(saved.status).toBe(302);
    await portalClient(api.baseUrl).signIn(user.username, "Reset#2026");
  });

  it("forgot password by mobile: the code form signs in with the SMS code; a wrong code is said at its field (zh)", async () => {
    const phone = `1360000${String(Math.floor(Math.random() * 10000)).padStart(4, "0")}`;
    const user = await account({ phone });
    const browser = portalClient(api.baseUrl);
    const zh = { "accept-language": "zh-CN" };
    const asked = text(
      await (await browser.request("/forgotPassword", { body: new URLSearchParams({ intent: "request", identifier: phone }), headers: zh })).text(),
    );
    expect(asked).toContain("如有匹配的账号");
    expect(asked).toContain("短信验证码");
    const code = /(\d{6})[,，]/.exec((await nextMessage(phone, 0)).text)?.[1] ?? "";
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const form = (c: string) => new URLSearchParams({ intent: "code", username: user.username, code: c, newPassword: "Sms#2026", newPassword1: "Sms#2026" });

    const wrong = await browser.request("/forgotPassword", { body: form(wrongCode), headers: zh });
    expect(wrong.status).toBe(400);
    expect(text(await wrong.text())).toContain("用户名或验证码不正确");
    const done = await browser.request("/forgotPassword", { body: form(code), headers: zh });
    expect(done.status, done.status === 302 ? "" : text(await done.text()).slice(0, 3000)).toBe(302);
    expect(done.headers.get("location")).toBe("/");
    await portalClient(api.baseUrl).signIn(user.username, "Sms#2026");
  });
});
