import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalClient, type PortalClient } from "../support/portal-client";
import { loadRemixBuild, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";
import { testCalendar as cal } from "../support/test-clock";

/**
 * "A session that expires mid-form must not lose what was typed", page by page: the form is
 * posted after the session ended, the browser signs in again, and the same page shows the typed
 * values (form-hold.server.ts). The exhibitor profile and online booking have their own e2e tests.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: await loadRemixBuild() });
});
afterAll(() => api?.close());

const same = { "sec-fetch-site": "same-origin" };

async function signedIn(username = "std01") {
  const browser = portalClient(api.baseUrl);
  browser.jar.set("lng", "zh");
  await browser.signIn(username, "Expo#2026");
  return browser;
}

/** Ends every session of the user behind the browser's back, posts the form, signs in again, and reads the page. */
async function postAfterExpiry(browser: PortalClient, path: string, form: Record<string, string>, username = "std01") {
  await api.db
    .deleteFrom("sessions")
    .where("user_id", "=", (await api.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id)
    .execute();
  const posted = await browser.request(path, { body: new URLSearchParams(form), headers: same });
  expect(posted.status, path).toBe(302);
  expect(posted.headers.get("location"), path).toMatch(/^\/login\?redirectTo=/);
  await browser.signIn(username, "Expo#2026");
  const page = await browser.request(path);
  expect(page.status, path).toBe(200);
  return page.text();
}

describe("typed input survives an ended session", () => {
  it("on the air compressor application", async () => {
    const marker = `空压机-${crypto.randomUUID().slice(0, 6)}`;
    const html = await postAfterExpiry(await signedIn(), "/bookingService/offlineBookingService/airCompressorService", {
      intent: "apply",
      flow: "1.0",
      pressure: "0.8",
      quantity: "3",
      startDate: cal.rawMoveIn.from,
      endDate: cal.opensOn,
      contactName: marker,
      contactPhone: "13812345678",
      remarks: "",
    });
    expect(html).toContain(`value="${marker}"`);
    expect(html).toContain(`value="${cal.opensOn}"`);
  });

  it("on a new special power commitment", async () => {
    const marker = `焊机-${crypto.randomUUID().slice(0, 6)}`;
    const html = await postAfterExpiry(await signedIn(), "/bookingService/LeakageElectric", {
      intent: "save",
      equipmentName: marker,
      powerKw: "7.5",
      reason: "现场焊接",
      signerName: "张三",
    });
    expect(html).toContain(`value="${marker}"`);
    expect(html).toContain("现场焊接");
  });

  it("on the feedback form", async () => {
    const marker = `反馈-${crypto.randomUUID().slice(0, 6)}`;
    const html = await postAfterExpiry(await signedIn(), "/feedback", { type: "2", content: marker });
    expect(html).toContain(marker);
  });

  it("on an order's contractor details", async () => {
    const ticket = await api.login("std01", "Expo#2026");
    const service = (await api.call<{ list: { id: number }[] }>("/smeb/service/service/list", { ticket })).data.list[0]!;
    await api.call("/smeb/service/cart/add", { ticket, form: { serviceId: String(service.id), quantity: "1" } });
    const order = await api.call<{ orderNo: string }>("/smeb/service/order/commit", { ticket, form: { idempotencyKey: crypto.randomUUID() } });
    const marker = `搭建-${crypto.randomUUID().slice(0, 6)}`;
    const html = await postAfterExpiry(await signedIn(), `/bookingService/myOrder/${order.data.orderNo}`, {
      intent: "contractor",
      contractorCompany: marker,
      contractorContact: "王工",
      contractorPhone: "",
    });
    expect(html).toContain(`value="${marker}"`);
  });

  it("never for another account signing in on the same browser", async () => {
    const browser = await signedIn();
    const marker = `别人的-${crypto.randomUUID().slice(0, 6)}`;
    await api.db.deleteFrom("sessions").execute();
    await browser.request("/feedback", { body: new URLSearchParams({ type: "1", content: marker }), headers: same });
    await browser.signIn("raw01", "Expo#2026");
    expect(await (await browser.request("/feedback")).text()).not.toContain(marker);
  });
});
