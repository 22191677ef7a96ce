import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newExhibitor } from "../support/new-exhibitor";
import { portalClient } from "../support/portal-client";
import { postForm } from "../support/promotion";
import { loadRemixBuild, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";
import { uploadAs } from "../support/uploads";

/**
 * The public showcase page /ex/<code> (issue 40) as a phone opens it from the messaging app: the
 * page itself (not /wxBrowser), no script, its pictures; a hidden page is a translated 404.
 */
const WECHAT = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.49";

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: await loadRemixBuild() });
});
afterAll(() => api?.close());

/** A new exhibitor's showcase of one exhibit with a picture; its public code and owner. */
async function newShowcase() {
  const exhibitor = await newExhibitor(api);
  const exhibit = await postForm<{ id: number }>(api, "/smeb/invitation/exhibits/add", exhibitor.ticket, {
    nameZh: "展示页展品",
    nameEn: "Showcase exhibit",
    imageUrls: await uploadAs(api, exhibitor.ticket, "exhibits-img"),
  });
  expect(exhibit.code, exhibit.message).toBe(200);
  expect((await postForm(api, "/smeb/showcase/save", exhibitor.ticket, { exhibitIds: String(exhibit.data.id) })).code).toBe(200);
  const { public_code: code } = await api.db.selectFrom("showcases").select("public_code").where("user_id", "=", exhibitor.userId).executeTakeFirstOrThrow();
  return { code, userId: exhibitor.userId };
}

describe("the public showcase page", () => {
  it("opens inside the messaging app without script, with its exhibit picture, in both languages", async () => {
    const { code } = await newShowcase();
    const phone = portalClient(api.baseUrl);
    const page = await phone.request(`/ex/${code}`, { headers: { "user-agent": WECHAT } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Showcase exhibit");
    expect(html).toContain(`/ex/${code}/1`);
    expect(html).toMatch(/href="\/visit\/[A-Z2-9]{10}"/);
    expect(html).not.toMatch(/<script[^>]+src=/);
    const picture = await phone.request(`/ex/${code}/1`, { headers: { "user-agent": WECHAT } });
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/png");
    phone.jar.set("lng", "zh");
    const zh = await (await phone.request(`/ex/${code}`, { headers: { "user-agent": WECHAT } })).text();
    expect(zh).toContain("展示页展品");
  });

  it("answers a hidden or unknown page with a translated 404", async () => {
    const { code, userId } = await newShowcase();
    await api.db.updateTable("showcases").set({ hidden_by_organizer: true }).where("user_id", "=", userId).execute();
    const phone = portalClient(api.baseUrl);
    phone.jar.set("lng", "zh");
    for (const path of [`/ex/${code}`, "/ex/nope"]) {
      const page = await phone.request(path, { headers: { "user-agent": WECHAT } });
      expect(page.status, path).toBe(404);
      expect(await page.text()).toContain("该展示页不存在或暂不可用");
    }
    expect((await phone.request(`/ex/${code}/1`)).status).toBe(404);
  });
});
