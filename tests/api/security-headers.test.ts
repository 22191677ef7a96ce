import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PageHandle } from "../../app/contracts/permission/page-handle";
import { fillPath, pageRoutes } from "../support/inventory";
import { portalClient } from "../support/portal-client";
import { loadRemixBuild, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";

/** Every page of the build, signed in and signed out, must carry the security headers. */
let build: ServerBuild;
beforeAll(async () => {
  build = await loadRemixBuild();
});

/** Token pages send no Referer at all (issue 36, page-caching.test.ts); every other page the site's policy. */
function expectSecurityHeaders(response: Response, path: string, referrerPolicy = "strict-origin-when-cross-origin") {
  const csp = response.headers.get("content-security-policy");
  expect(csp, `${path}: CSP`).toBeTruthy();
  expect(response.headers.get("content-security-policy-report-only"), `${path}: enforced, not report-only`).toBeNull();
  const directives = Object.fromEntries(
    csp!.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values];
    }),
  );
  expect(directives["script-src"], path).toEqual(expect.arrayContaining(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/=]{16,}'$/)]));
  expect(directives["script-src"], `${path}: no unsafe-inline/eval for scripts`).not.toEqual(expect.arrayContaining(["'unsafe-inline'"]));
  expect(directives["script-src"]).not.toEqual(expect.arrayContaining(["'unsafe-eval'"]));
  expect(directives["object-src"]).toEqual(["'none'"]);
  expect(directives["base-uri"]).toEqual(["'none'"]);
  expect(directives["frame-ancestors"]).toEqual(["'none'"]);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy"), path).toBe(referrerPolicy);
  return directives["script-src"]!.find((v) => v.startsWith("'nonce-"))!.slice(7, -1);
}

/** Every <script> the page ships carries this response's nonce, so the enforced policy lets it run. */
function expectScriptsCarryNonce(html: string, nonce: string, path: string) {
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  for (const tag of scripts) expect(tag, `${path}: ${tag}`).toContain(`nonce="${nonce}"`);
  return scripts.length;
}

describe("security headers (development config: plain http)", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: build });
  });
  afterAll(() => api?.close());

  it("every page route, signed in, answers with the CSP nonce on all its scripts and the other headers", async () => {
    const client = portalClient(api.baseUrl);
    await client.signIn("std01", "Expo#2026");
    const nonces = new Set<string>();
    let pagesWithScripts = 0;
    const cameraPages: string[] = [];
    for (const route of pageRoutes(build).filter((r) => r.hasLoader || r.path !== "/")) {
      const path = fillPath(route.path, { slug: "guide" });
      const response = await client.request(path);
      const handle = build.routes[route.id]!.module.handle as PageHandle | undefined;
      const tokenPage = Boolean(handle?.tokenInUrl);
      const nonce = expectSecurityHeaders(response, path, tokenPage ? "no-referrer" : undefined);
      // The camera, and compiling the QR reader's WebAssembly, only where a page reads QR codes.
      const camera = Boolean(handle?.camera);
      if (camera) cameraPages.push(path);
      expect(response.headers.get("permissions-policy"), path).toBe(`camera=${camera ? "(self)" : "()"}, microphone=(), geolocation=()`);
      expect(response.headers.get("content-security-policy")?.includes("'wasm-unsafe-eval'"), path).toBe(camera);
      nonces.add(nonce);
      if ((response.headers.get("content-type") ?? "").startsWith("text/html")) {
        if (expectScriptsCarryNonce(await response.text(), nonce, path) > 0) pagesWithScripts++;
      } else {
        await response.arrayBuffer();
      }
    }
    expect(pagesWithScripts).toBeGreaterThan(3);
    expect(cameraPages.sort()).toEqual(["/exhibitorInfo/badgeCheckIn", "/leads/scan"]);
    // A fresh nonce per response: a nonce seen once is no use to an attacker.
    expect(nonces.size).toBeGreaterThan(3);
  });

  it("signed-out pages, the error pages and the API carry them too", async () => {
    for (const path of ["/login", "/404", "/401", "/no-such-page", "/wxBrowser"]) {
      const response = await fetch(`${api.baseUrl}${path}`, { redirect: "manual" });
      const nonce = expectSecurityHeaders(response, path);
      if ((response.headers.get("content-type") ?? "").startsWith("text/html")) expectScriptsCarryNonce(await response.text(), nonce, path);
    }
    const envelope = await fetch(`${api.baseUrl}/api/hall/list`);
    expectSecurityHeaders(envelope, "/api/hall/list");
  });

  it("an asset of another build answers a plain 404, not the not-found page's redirect", async () => {
    const response = await fetch(`${api.baseUrl}/build/_shared/chunk-GONE.js`, { redirect: "manual" });
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
  });

  it("no HSTS over plain http; cookies are HttpOnly and SameSite", async () => {
    const client = portalClient(api.baseUrl);
    const login = await client.request("/login");
    expect(login.headers.get("strict-transport-security")).toBeNull();
    await client.signIn("std01", "Expo#2026");
    await client.request("/language", { body: new URLSearchParams({ lng: "zh", redirectTo: "/login" }) });
    expect(client.setCookies.length).toBeGreaterThan(1);
    for (const cookie of client.setCookies) {
      expect(cookie, cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie, cookie).toMatch(/;\s*SameSite=(Lax|Strict)/i);
    }
  });
});

describe("security headers (production config: https public address)", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(DEFAULT_BACKEND, { NODE_ENV: "production", PUBLIC_URL: "https://portal.example.test" }, { remixBuild: build });
  });
  afterAll(() => api?.close());

  it("sends HSTS and sets the ticket as a __Host- cookie, Secure, HttpOnly, SameSite", async () => {
    const client = portalClient(api.baseUrl);
    const page = await client.request("/login");
    expect(page.headers.get("strict-transport-security")).toMatch(/max-age=(\d{8,})/);
    await client.signIn("std01", "Expo#2026");
    const ticket = client.setCookies.find((c) => c.startsWith("__Host-ticket="));
    expect(ticket).toBeTruthy();
    expect(ticket).toMatch(/;\s*Secure/i);
    expect(ticket).toMatch(/;\s*Path=\//i);
    expect(ticket).not.toMatch(/;\s*Domain=/i);
    for (const cookie of client.setCookies) {
      expect(cookie, cookie).toMatch(/;\s*Secure/i);
      expect(cookie, cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie, cookie).toMatch(/;\s*SameSite=(Lax|Strict)/i);
    }
    // The signed-in page is reached with that cookie.
    const home = await client.request("/index");
    expect(home.status).toBe(200);
  });
});
