import { describe, expect, it } from "vitest";
import { fillPath, pageRoutes } from "../support/inventory";
import { signedInPortal } from "../support/pages-portal";

/**
 * Issue 36 item 5: a resource route (a download, an export, a redirecting index) asked with a
 * method it has no handler for answers 405 with an Allow header and a message in the caller's
 * language, not Remix's `{"message":"Unexpected Server Error"}`.
 */
const portal = signedInPortal("std01", "Expo#2026");

/** The routes Remix answers as resource routes: no component and no error boundary. */
function resourceRoutes() {
  return pageRoutes(portal.build).filter((route) => {
    const module = portal.build.routes[route.id]!.module;
    return !module.default && !module.ErrorBoundary;
  });
}

const MESSAGES = { zh: "此地址不接受该请求方式", en: "This request method is not allowed at this address" };

describe("methods a resource route has no handler for", () => {
  it("a write to a route with only a loader (downloads, exports) is 405, Allow: GET, HEAD, in the caller's language", async () => {
    const loaderOnly = resourceRoutes().filter((r) => r.hasLoader && !r.hasAction);
    expect(loaderOnly.map((r) => r.id)).toEqual(expect.arrayContaining(["routes/invoiceArea.billingApplication.pdf", "routes/exhibitTL.truckReview.export"]));
    const sameOrigin = { origin: new URL(portal.api.baseUrl).origin, "sec-fetch-site": "same-origin" };
    for (const route of loaderOnly) {
      const path = fillPath(route.path);
      for (const [method, language] of [
        ["POST", "zh"],
        ["DELETE", "en"],
      ] as const) {
        const response = await portal.client.request(path, {
          method,
          body: new URLSearchParams({ id: "1" }),
          headers: { ...sameOrigin, "accept-language": language },
        });
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get("allow"), path).toBe("GET, HEAD");
        expect(response.headers.get("content-type"), path).toMatch(/^text\/plain/);
        expect(response.headers.get("cache-control"), path).toBe("no-store");
        expect(await response.text(), path).toBe(MESSAGES[language]);
      }
    }
  });

  it("a read of a route with only an action is 405, Allow: POST", async () => {
    const actionOnly = resourceRoutes().filter((r) => r.hasAction && !r.hasLoader);
    expect(actionOnly.length).toBeGreaterThan(0);
    for (const route of actionOnly) {
      const path = fillPath(route.path);
      const response = await portal.client.request(path, { headers: { "accept-language": "en" } });
      expect(response.status, path).toBe(405);
      expect(response.headers.get("allow"), path).toBe("POST");
      expect(await response.text(), path).toBe(MESSAGES.en);
    }
  });

  it("the methods a route has still reach it", async () => {
    const download = await portal.client.request("/exhibitTL/truckReview/export");
    expect(download.status).not.toBe(405);
    await download.arrayBuffer();
    const head = await portal.client.request("/upload/signature?folder=feedback&fileName=a.png", { method: "HEAD" });
    expect(head.status).toBe(200);
  });
});
