import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HomeContentPage } from "../../app/contracts/permission/api-types";
import { portalClient } from "../support/portal-client";
import { backendsOf, loadRemixBuild, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * The organizer edits the home area's content pages (issue 41): titles and texts in both languages,
 * read back by the public page; refused input is answered per field, translated, and saves nothing;
 * an exhibitor cannot list or save (403), and its page answers /401. The page's preview renders the
 * typed text without saving (JS off).
 */
describe.each(backendsOf(import.meta.url))("content pages on %s", (backend) => {
  let api: TestApi;
  let std01: string;
  let admin: string;

  beforeAll(async () => {
    api = await startTestApi(backend, {}, { remixBuild: await loadRemixBuild() });
    [std01, admin] = await Promise.all([api.login("std01", "Expo#2026"), api.login("admin", "Admin#2026")]);
  });
  afterAll(() => api?.close());

  const save = (form: Record<string, string>, ticket = admin, lang = "en") => api.call<HomeContentPage>("/smeb/content/save", { ticket, form, lang });
  const read = (slug: string) => api.call<HomeContentPage>("/smeb/content/page", { query: { slug } });

  it("saves a page in both languages, which the public page then shows; refuses bad input and saves nothing", async () => {
    const before = (await read("hotel")).data;
    const saved = await save({
      slug: "hotel",
      titleZh: "食宿行（新）",
      titleEn: "Food and travel",
      bodyZh: "## 酒店\n- 合作酒店 A",
      bodyEn: "## Hotels\n- Partner hotel A",
    });
    expect(saved.code, saved.message).toBe(200);
    expect(saved.message).toBe("Saved");
    expect((await read("hotel")).data).toEqual({
      slug: "hotel",
      title: "食宿行（新）",
      titleEn: "Food and travel",
      body: "## 酒店\n- 合作酒店 A",
      bodyEn: "## Hotels\n- Partner hotel A",
    });
    expect(before.title).not.toBe("食宿行（新）");

    const refused = await save({ slug: "hotel", titleZh: "", titleEn: "x", bodyZh: "y" }, admin, "zh");
    expect(refused.status).toBe(400);
    expect(refused.message).toBe("标题（中文）不能为空");
    expect((await save({ slug: "nope", titleZh: "x", titleEn: "x", bodyZh: "y" })).status).toBe(400);
    expect((await read("hotel")).data.title).toBe("食宿行（新）");
    const list = await api.call<HomeContentPage[]>("/smeb/content/list", { ticket: admin });
    expect(list.data.map((p) => p.slug)).toContain("hotel");
  });

  it("keeps editing to roleId 1: an exhibitor gets 403 and the page /401", async () => {
    expect((await api.call("/smeb/content/list", { ticket: std01 })).status).toBe(403);
    expect((await save({ slug: "promote", titleZh: "乙", titleEn: "B", bodyZh: "乙" }, std01)).status).toBe(403);
    const browser = portalClient(api.baseUrl);
    await browser.signIn("std01", "Expo#2026");
    const page = await browser.request("/index/content");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/401");
  });

  it("previews the typed text without saving, and saves it, without JavaScript", async () => {
    const browser = portalClient(api.baseUrl);
    await browser.signIn("admin", "Admin#2026");
    const form = { slug: "promote", titleZh: "全面宣传", titleEn: "Full promotion", bodyZh: "## 预览标题\n- 预览项目", bodyEn: "Preview text" };
    const post = (intent: string) =>
      browser.request("/index/content?page=promote", { body: new URLSearchParams({ ...form, intent }), headers: { "sec-fetch-site": "same-origin" } });
    const previewed = await post("preview");
    expect(previewed.status).toBe(200);
    const html = await previewed.text();
    expect(html).toContain("<h2");
    expect(html).toContain("预览标题");
    expect((await read("promote")).data.body).not.toContain("预览标题");
    const saved = await post("save");
    expect(saved.status).toBe(302);
    expect((await read("promote")).data.body).toBe("## 预览标题\n- 预览项目");
  });
});
