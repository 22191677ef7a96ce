import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalClient } from "../support/portal-client";
import { loadRemixBuild, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";

/**
 * Issue 51: the promotional video's share link (/exhibitorInfo/promotionalVideo?code=…) is made to be
 * opened in the messaging app, so its in-app browser shows it (docs/product.md § Public pages); the
 * same address without a code (the exhibitor's own page) or with a code that plays nothing still
 * asks for a real browser (/wxBrowser), as every other page does.
 */
const WECHAT = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36 MicroMessenger/8.0.49";
const PAGE = "/exhibitorInfo/promotionalVideo";

let api: TestApi;
let code: string;
beforeAll(async () => {
  api = await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: await loadRemixBuild() });
  // std01's video, as a finished generation leaves it (the page only links the stored files).
  const std01 = await api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
  const video = await api.db
    .updateTable("promotional_videos")
    .set({ state: "done", mp4_key: "videos/share-test.mp4", poster_key: "videos/share-test.jpg", size_bytes: 1000, shows_uploaded: false })
    .where("user_id", "=", std01.id)
    .returning("public_code")
    .executeTakeFirstOrThrow();
  code = video.public_code;
});
afterAll(() => api?.close());

describe("the promotional video's share link inside the messaging app", () => {
  it("opens the share page with a code that plays a video, signed out and signed in", async () => {
    const phone = portalClient(api.baseUrl);
    const shared = await phone.request(`${PAGE}?code=${code}`, { headers: { "user-agent": WECHAT } });
    expect(shared.status).toBe(200);
    expect(await shared.text()).toContain(`src="/v/${code}.mp4"`);
    await phone.signIn("std01", "Expo#2026");
    const signedIn = await phone.request(`${PAGE}?code=${code}`, { headers: { "user-agent": WECHAT } });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toContain('data-testid="public-video-player"');
  });

  it("sends the exhibitor's own page and a code that plays nothing to /wxBrowser", async () => {
    const phone = portalClient(api.baseUrl);
    for (const path of [PAGE, `${PAGE}?code=NoSuchCode123`, `${PAGE}?code=`]) {
      const answer = await phone.request(path, { headers: { "user-agent": WECHAT } });
      expect(answer.status, path).toBe(302);
      expect(answer.headers.get("location"), path).toBe("/wxBrowser");
    }
    await phone.signIn("std01", "Expo#2026");
    const own = await phone.request(PAGE, { headers: { "user-agent": WECHAT } });
    expect(own.status).toBe(302);
    expect(own.headers.get("location")).toBe("/wxBrowser");
    // Another page keeps its notice whatever its query says.
    const other = await phone.request(`/index/schedule?code=${code}`, { headers: { "user-agent": WECHAT } });
    expect(other.headers.get("location")).toBe("/wxBrowser");
    // In an ordinary browser the exhibitor's page opens.
    expect((await phone.request(PAGE)).status).toBe(200);
  });
});
