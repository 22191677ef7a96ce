import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PageHandle } from "../../app/contracts/permission/page-handle";
import { fillPath, pageRoutes } from "../support/inventory";
import { portalClient } from "../support/portal-client";
import { loadRemixBuild, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";

/**
 * Issue 36 item 3: what a signed-in page or a page opened with a token shows (a taxpayer ID, a bank
 * account) must stay out of every cache, and a token page's address must never leave it as a
 * Referer. Documents and Remix data requests (`?_data=`) alike; public pages and assets keep theirs.
 */
let build: ServerBuild;
let api: TestApi;
beforeAll(async () => {
  build = await loadRemixBuild();
  api = await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: build });
});
afterAll(() => api?.close());

const FORGED_TOKEN = `EPI2.1.0.9999999999.${"A".repeat(22)}`;
const sameOrigin = () => ({ origin: new URL(api.baseUrl).origin, "sec-fetch-site": "same-origin" });
const cacheDirectives = (response: Response) => (response.headers.get("cache-control") ?? "").split(",").map((d) => d.trim().toLowerCase());
const tokenRoutes = () => pageRoutes(build).filter((route) => (build.routes[route.id]!.module.handle as PageHandle | undefined)?.tokenInUrl);

describe("signed-in pages are never cached", () => {
  it("every page and resource route, as a document and as a data request, answers Cache-Control: no-store", async () => {
    const client = portalClient(api.baseUrl);
    await client.signIn("std01", "Expo#2026");
    let checked = 0;
    for (const route of pageRoutes(build).filter((r) => r.hasLoader)) {
      const path = fillPath(route.path, { slug: "guide" });
      for (const url of [path, `${path}?_data=${encodeURIComponent(route.id)}`]) {
        const response = await client.request(url);
        expect(cacheDirectives(response), `${url} (${response.status})`).toContain("no-store");
        await response.arrayBuffer();
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
    // The session is intact: nothing above signed it out.
    expect((await client.request("/index")).status).toBe(200);
  });

  it("the answer that sets the session cookie is not cached either", async () => {
    const client = portalClient(api.baseUrl);
    const signIn = await client.signIn("std01", "Expo#2026");
    expect(cacheDirectives(signIn)).toContain("no-store");
  });
});

describe("token pages are never cached and send no Referer", () => {
  it("knows the token pages by their handle: at least the invoice QR page", () => {
    expect(tokenRoutes().map((r) => r.path)).toContain("/invoiceArea/saveQrCode");
  });

  it("each answers no-store and Referrer-Policy: no-referrer for its document, its data request and its form post, signed out", async () => {
    expect(tokenRoutes().length).toBeGreaterThan(0);
    for (const route of tokenRoutes()) {
      const path = fillPath(route.path);
      const query = `token=${encodeURIComponent(FORGED_TOKEN)}`;
      const answers = {
        document: await fetch(`${api.baseUrl}${path}?${query}`, { redirect: "manual" }),
        "data request": await fetch(`${api.baseUrl}${path}?${query}&_data=${encodeURIComponent(route.id)}`, { redirect: "manual" }),
        "form post": await fetch(`${api.baseUrl}${path}?${query}`, {
          method: "POST",
          redirect: "manual",
          headers: { ...sameOrigin(), "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ token: FORGED_TOKEN, version: "0" }),
        }),
      };
      for (const [kind, response] of Object.entries(answers)) {
        expect(response.status, `${path} ${kind}`).toBeLessThan(500);
        expect(response.headers.get("cache-control"), `${path} ${kind}`).toBe("no-store");
        // One policy, not the site-wide one with this appended.
        expect(response.headers.get("referrer-policy"), `${path} ${kind}`).toBe("no-referrer");
        await response.arrayBuffer();
      }
    }
  });

  it("a token page asked with another letter case is still a token page", async () => {
    const response = await fetch(`${api.baseUrl}/invoicearea/SAVEQRCODE?token=${FORGED_TOKEN}`, { redirect: "manual" });
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("cache-control")).toBe("no-store");
    await response.arrayBuffer();
  });
});

describe("public pages and assets keep their caching", () => {
  it("the signed-out login page is not marked no-store and keeps the site's referrer policy", async () => {
    const login = await fetch(`${api.baseUrl}/login`);
    expect(cacheDirectives(login)).not.toContain("no-store");
    expect(login.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    await login.arrayBuffer();
  });

  it("a fingerprinted asset stays cacheable for a year, even asked with a session cookie", async () => {
    const client = portalClient(api.baseUrl);
    await client.signIn("std01", "Expo#2026");
    const asset = await client.request(build.assets.entry.module);
    expect(asset.status).toBe(200);
    expect(cacheDirectives(asset)).toEqual(expect.arrayContaining(["public", "max-age=31536000", "immutable"]));
    await asset.arrayBuffer();
  });

  it("a script goes out as the brotli or gzip copy made at build time, never compressed per request", async () => {
    const asset = build.assets.entry.module;
    const onDisk = (suffix = "") => fs.readFileSync(path.join("public", `${asset}${suffix}`));
    const brotli = await rawGet(asset, "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers["content-type"]).toMatch(/javascript/);
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(brotli.headers["cache-control"]).toContain("immutable");
    expect(brotli.body.equals(onDisk(".br"))).toBe(true);
    expect(zlib.brotliDecompressSync(brotli.body).equals(onDisk())).toBe(true);
    const gzip = await rawGet(asset, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.body.equals(onDisk(".gz"))).toBe(true);
    const plain = await rawGet(asset, "br;q=0, identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(onDisk())).toBe(true);
  });
});

describe("the browser's default icon address", () => {
  it("/favicon.ico leads to the portal's icon instead of rendering the not-found page", async () => {
    const icon = await fetch(`${api.baseUrl}/favicon.ico`, { redirect: "manual" });
    expect(icon.status).toBe(301);
    expect(icon.headers.get("location")).toBe("/favicon.svg");
    expect(cacheDirectives(icon)).toContain("max-age=86400");
    await icon.arrayBuffer();
    const svg = await fetch(`${api.baseUrl}/favicon.ico`);
    expect(svg.headers.get("content-type")).toMatch(/image\/svg\+xml/);
    await svg.arrayBuffer();
  });
});

/** A GET whose body is kept as sent (fetch would decode it). */
function rawGet(pathname: string, acceptEncoding: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${api.baseUrl}${pathname}`, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}
