import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseFingerprint, fillPath, pageRoutes, serverRoutes } from "../support/inventory";
import { portalClient, type PortalClient } from "../support/portal-client";
import { loadRemixBuild, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";

/**
 * A page on another site must not be able to make a signed-in browser change anything here,
 * and reading a page must never change data. Every action and API route is taken from the
 * running server, so a new one is covered without being listed.
 */
const EVIL = "https://evil.example";
const crossSiteVariants: Record<string, Record<string, string>> = {
  "Sec-Fetch-Site cross-site": { "sec-fetch-site": "cross-site", origin: EVIL },
  "Sec-Fetch-Site same-site (a sibling subdomain)": { "sec-fetch-site": "same-site", origin: "https://shop.portal.example" },
  "Origin only (browsers without Fetch Metadata)": { origin: EVIL },
  "Origin null (sandboxed frame, data: URL)": { origin: "null" },
  // Issue 36 item 5: a foreign Origin is refused whatever Sec-Fetch-Site claims.
  "Sec-Fetch-Site same-origin with a foreign Origin": { "sec-fetch-site": "same-origin", origin: EVIL },
  "Sec-Fetch-Site none with a foreign Origin": { "sec-fetch-site": "none", origin: EVIL },
};

let build: ServerBuild;
let api: TestApi;
let client: PortalClient;
let ticket: string;
beforeAll(async () => {
  build = await loadRemixBuild();
  api = await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: build });
  client = portalClient(api.baseUrl);
  await client.signIn("std01", "Expo#2026");
  ticket = await api.login("std01", "Expo#2026");
});
afterAll(() => api?.close());

const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE", "ALL"];

describe("cross-site writes are refused", () => {
  it("covers a useful inventory", () => {
    expect(pageRoutes(build).filter((r) => r.hasAction).length).toBeGreaterThanOrEqual(7);
    expect(serverRoutes(api.app).filter((r) => WRITE_METHODS.includes(r.method)).length).toBeGreaterThanOrEqual(10);
  });

  it("every page action refuses a POST from another site, in the caller's language, and changes nothing", async () => {
    const before = await databaseFingerprint(api.db);
    for (const route of pageRoutes(build).filter((r) => r.hasAction)) {
      const path = fillPath(route.path);
      for (const [variant, headers] of Object.entries(crossSiteVariants)) {
        const body = new URLSearchParams({ content: "forged", type: "1", skin: "skin2", lng: "en", collapsed: "true", boothId: "1", intent: "confirm" });
        const response = await client.request(path, { body, headers: { ...headers, "accept-language": "zh-CN" } });
        expect(response.status, `${route.id} (${variant})`).toBe(403);
        expect(await response.text()).toBe("该请求来自其他网站，已被拒绝");
      }
    }
    expect(await databaseFingerprint(api.db)).toEqual(before);
    // The forged language switch would have signed the user out: the session is intact.
    expect((await client.request("/index")).status).toBe(200);
  });

  it("every server route that writes (API, storage host) refuses a request from another site with a 403", async () => {
    const before = await databaseFingerprint(api.db);
    for (const route of serverRoutes(api.app).filter((r) => WRITE_METHODS.includes(r.method))) {
      const method = route.method === "ALL" ? "POST" : route.method;
      const url = `${api.baseUrl}${fillPath(route.path)}`;
      for (const [variant, headers] of Object.entries(crossSiteVariants)) {
        const response = await fetch(url, {
          method,
          headers: { ...headers, ticket, "content-type": "application/x-www-form-urlencoded", "accept-language": "en" },
          body: new URLSearchParams({ content: "forged", type: "1", skin: "skin2", boothId: "1" }),
        });
        expect(response.status, `${route.key} (${variant})`).toBe(403);
        const message = "This request came from another site and was refused";
        if (route.path.startsWith("/api/")) expect(await response.json()).toEqual({ code: 403, message, data: null });
        else expect(await response.text()).toBe(message);
      }
    }
    expect(await databaseFingerprint(api.db)).toEqual(before);
  });

  it("the same requests from this site itself go through (the check does not refuse everything)", async () => {
    const own = new URL(api.baseUrl).origin;
    const page = await client.request("/skin", { body: new URLSearchParams({ skin: "skin2" }), headers: { origin: own, "sec-fetch-site": "same-origin" } });
    expect(page.status).toBeLessThan(400);
    const viaOrigin = await fetch(`${api.baseUrl}/api/smeb/user/skin`, {
      method: "POST",
      headers: { origin: own, ticket, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ skin: "skin1" }),
    });
    expect((await viaOrigin.json()).code).toBe(200);
  });

  it("a plain form post from a no-referrer page (Origin: null, Sec-Fetch-Site: same-origin) goes through", async () => {
    // Browsers send Origin: null for a form posted from a page whose Referrer-Policy is no-referrer (the token pages).
    const post = await fetch(`${api.baseUrl}/invoiceArea/saveQrCode`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: "null", "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: "not a token", version: "0" }),
    });
    expect(post.status).toBe(400);
    await post.arrayBuffer();
  });
});

// Several hundred reads one after the other: on a busy CI machine they take minutes, so the test's
// limit only guards against a hang.
describe("no GET changes data", { timeout: 300_000 }, () => {
  it("reading every page and every API GET route, as an exhibitor and as the organizer, leaves the database as it was", async () => {
    const admin = portalClient(api.baseUrl);
    await admin.signIn("admin", "Admin#2026");
    const adminTicket = await api.login("admin", "Admin#2026");
    const before = await databaseFingerprint(api.db);
    let reads = 0;
    for (const [pages, apiTicket] of [
      [client, ticket],
      [admin, adminTicket],
    ] as const) {
      for (const route of pageRoutes(build).filter((r) => r.hasLoader)) {
        if (route.path === "/logout" || route.path === "/language") continue; // their GET only redirects; checked below
        const response = await pages.request(fillPath(route.path, { slug: "guide" }));
        expect(response.status, route.id).toBeLessThan(500);
        await response.arrayBuffer();
        reads++;
      }
      for (const route of serverRoutes(api.app).filter((r) => r.method === "GET")) {
        const response = await fetch(`${api.baseUrl}${fillPath(route.path)}?id=1&menuId=2&boothId=1&slug=guide`, { headers: { ticket: apiTicket } });
        expect(response.status, route.key).toBeLessThan(500);
        await response.arrayBuffer();
        reads++;
      }
    }
    // GET /logout and /language redirect without signing anyone out.
    for (const path of ["/logout", "/language"]) expect((await client.request(path)).status).toBe(302);
    expect((await client.request("/index")).status).toBe(200);
    expect(reads).toBeGreaterThan(30);
    expect(await databaseFingerprint(api.db)).toEqual(before);
  });
});
