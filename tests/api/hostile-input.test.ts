import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { translateMessage } from "../../app/contracts/i18n/translate.server";
import { portalClient } from "../support/portal-client";
import { loadRemixBuild, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";

/**
 * The five findings of the outside scan (issue 13), each as it was reported: the pages and the API
 * answer with a safe redirect or a translated 400, never a 500 and never another site.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: await loadRemixBuild() });
});
afterAll(() => api?.close());

const same = { "sec-fetch-site": "same-origin" };
const CHINESE = /[\u4e00-\u9fff]/;

async function signInPosting(redirectTo: string) {
  const browser = portalClient(api.baseUrl);
  return browser.request("/login", { body: new URLSearchParams({ username: "std01", password: "Expo#2026", redirectTo }), headers: same });
}

describe("1. the return path after signing in stays on this site", () => {
  it.each(["/\t/evil.example", "/\n/evil.example", "/\\evil.example", "//evil.example", "/%2F%2Fevil.example", "/ /evil.example", "https://evil.example/"])(
    "%j lands on the home page",
    async (redirectTo) => {
      const response = await signInPosting(redirectTo);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/index");
    },
  );

  it("keeps a path of this site", async () => {
    const response = await signInPosting("/bookingService/myOrder?status=submitted");
    expect(response.headers.get("location")).toBe("/bookingService/myOrder?status=submitted");
  });

  it("the language switch, the booth switch and the sidebar form use the same check", async () => {
    const browser = portalClient(api.baseUrl);
    const language = await browser.request("/language", { body: new URLSearchParams({ lng: "en", redirectTo: "/\t/evil.example" }), headers: same });
    expect(language.headers.get("location")).toBe("/login");
    await browser.signIn("raw01", "Expo#2026");
    const booth = await browser.request("/booth", { body: new URLSearchParams({ boothId: "0", redirectTo: "/\\evil.example" }), headers: same });
    expect(booth.headers.get("location")).not.toMatch(/evil/);
    const ui = await browser.request("/ui", { body: new URLSearchParams({ intent: "toggleSidebar", redirectTo: "/\n/evil.example" }), headers: same });
    expect(ui.headers.get("location") ?? "").not.toMatch(/evil/);
  });
});

describe("2. a return path with a line break or a NUL is no 500", () => {
  it.each(["/index\r\nSet-Cookie: x=1", "/index\u0000", "/index%0d%0aX: y"])("%j", async (redirectTo) => {
    const response = await signInPosting(redirectTo);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/index");
  });

  it("nor on the language switch back to the sign-in page", async () => {
    const browser = portalClient(api.baseUrl);
    const response = await browser.request("/language", {
      body: new URLSearchParams({ lng: "zh", redirectTo: "/login?x=1\r\nSet-Cookie: y=1" }),
      headers: same,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
  });
});

describe("3. a new password longer than the encryption carries", () => {
  it("is refused at its field with the limit, in the user's language: 70 Chinese characters are 210 bytes", async () => {
    const browser = portalClient(api.baseUrl);
    browser.jar.set("lng", "zh");
    await browser.signIn("raw01", "Expo#2026");
    const tooLong = "密".repeat(70);
    const response = await browser.request("/changePassword", {
      body: new URLSearchParams({ password: "Expo#2026", newPassword: tooLong, newPassword1: tooLong }),
      headers: same,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("密码最多 190 字节");
  });

  it("at 63 Chinese characters (189 bytes) passes the schema and reaches the API (the old password is checked there)", async () => {
    const browser = portalClient(api.baseUrl);
    await browser.signIn("raw01", "Expo#2026");
    const fits = "密".repeat(63);
    const response = await browser.request("/changePassword", {
      body: new URLSearchParams({ password: "not-the-old-one", newPassword: fits, newPassword1: fits }),
      headers: same,
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("The old password is incorrect");
    expect(html).not.toContain("190 bytes");
  });
});

describe("4. control characters are refused at the API's edge, on every route", () => {
  it("a NUL in the sign-in user name: 400 with the field and a translated message", async () => {
    const zh = await api.call<{ fields?: Record<string, string[]> }>("/login/login", { form: { username: "std01\u0000", password: "x" }, lang: "zh" });
    expect(zh.status).toBe(400);
    expect(zh.message).toBe(translateMessage("zh", "validation.unstorable"));
    expect(zh.data.fields).toEqual({ username: ["validation.unstorable"] });
    const en = await api.call("/login/login", { json: { username: "std01", password: "x\u0001" } });
    expect(en).toMatchObject({ status: 400, message: translateMessage("en", "validation.unstorable") });
  });

  it("a NUL in the captcha check's user name (a query)", async () => {
    const response = await api.call("/login/captchaRequired", { query: { username: "std\u000001" }, lang: "zh" });
    expect(response.status).toBe(400);
    expect(response.message).toMatch(CHINESE);
  });

  it("a lone surrogate in a JSON body", async () => {
    const response = await fetch(`${api.baseUrl}/api/login/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"username":"\\ud800","password":"x"}',
    });
    expect(response.status).toBe(400);
  });

  it("keeps tabs and line breaks, and right-to-left marks, which multi-line text may hold", async () => {
    const ticket = await api.login("std01", "Expo#2026");
    const saved = await api.call("/smeb/feedback/save", { form: { type: "1", content: "第一行\n\t第二行 \u202e" }, ticket });
    expect(saved.status).toBe(200);
  });

  it("a NUL typed into a page's form comes back beside its field, the typed text kept, no 500", async () => {
    const browser = portalClient(api.baseUrl);
    browser.jar.set("lng", "en");
    await browser.signIn("std01", "Expo#2026");
    const response = await browser.request("/feedback", { body: new URLSearchParams({ type: "1", content: "before\u0000after" }), headers: same });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(translateMessage("en", "validation.unstorable"));
    expect(html).toContain("before");
  });
});

describe("5. a JSON body of the wrong shape", () => {
  it("gets a portal text in the caller's language, not zod's English", async () => {
    const ticket = await api.login("std01", "Expo#2026");
    const response = await api.call("/oss/complete", { json: { key: "x", name: "a.png", kinds: "image" }, ticket, lang: "zh" });
    expect(response.status).toBe(400);
    expect(response.message).toMatch(CHINESE);
    expect(response.message).not.toMatch(/Invalid|expected/);
  });
});
