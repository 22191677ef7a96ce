import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as z from "zod";
import { endpoint } from "../../app/contracts/api/endpoint";
import { authEndpoints } from "../../app/contracts/auth/endpoints.server";
import { homeEndpoints } from "../../app/contracts/home/endpoints.server";
import { createApiClient } from "../../app/lib/api.server";
import { portalClient } from "../support/portal-client";
import { loadRemixBuild, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";

/**
 * The pages reach our own API in-process (server/api/in-process.ts). It must answer exactly as the
 * HTTP transport does, which stays for an organizer's backend (API_BASE_URL).
 */
let api: TestApi;
let build: ServerBuild;
let inProcess: typeof fetch;
beforeAll(async () => {
  build = await loadRemixBuild();
  api = await startTestApi(DEFAULT_BACKEND, { SERVER_TIMING: "true" }, { remixBuild: build });
  inProcess = api.app.locals.apiFetch as typeof fetch;
});
afterAll(() => api?.close());

/** The extension request sent as JSON of the wrong shape, which the real form never sends. */
const extensionAsJson = endpoint.postJson("/smeb/worksheet/extension", z.object({ not: z.string() })).answers<unknown>();

const clients = (ticket: string | null, language: "zh" | "en" = "en") => ({
  http: createApiClient({ baseUrl: `${api.baseUrl}/api`, language, ticket }),
  inProcess: createApiClient({ baseUrl: `${api.baseUrl}/api`, language, ticket, fetchImpl: inProcess }),
});

describe("in-process transport to our own API", () => {
  it("is what the pages use when no API_BASE_URL is set; with one, the pages go over HTTP", async () => {
    expect(inProcess).toBeTypeOf("function");
    // A second portal whose API is the first one's, over HTTP: no in-process transport, and its pages still work.
    const remote = await startTestApi(DEFAULT_BACKEND, { API_BASE_URL: `${api.baseUrl}/api` }, { remixBuild: build });
    try {
      expect(remote.app.locals.apiFetch).toBeUndefined();
      const browser = portalClient(remote.baseUrl);
      await browser.signIn("std01", "Expo#2026");
      const home = await browser.request("/index");
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('data-testid="business-name"');
    } finally {
      await remote.close();
    }
  });

  it("answers a signed-in GET with query as HTTP does (ticket and language travel)", async () => {
    const ticket = await api.login("std01", "Expo#2026");
    for (const language of ["zh", "en"] as const) {
      const { http, inProcess: local } = clients(ticket, language);
      const [overHttp, overLocal] = await Promise.all([http.call(homeEndpoints.worksheet), local.call(homeEndpoints.worksheet)]);
      expect(overLocal).toEqual(overHttp);
      expect(overLocal.ok).toBe(true);
    }
  });

  it("gives the same 401 envelope, translated, without a ticket", async () => {
    const { http, inProcess: local } = clients("not-a-ticket", "zh");
    const overLocal = await local.call(authEndpoints.authTicket);
    expect(overLocal).toEqual(await http.call(authEndpoints.authTicket));
    expect(overLocal).toMatchObject({ ok: false, code: 401 });
    expect(overLocal.message).toMatch(/[\u4e00-\u9fff]/);
  });

  it("posts form bodies (a sign-in through it gives a ticket that works over HTTP) and refuses a wrong password the same way", async () => {
    const { http, inProcess: local } = clients(null);
    const wrong = await local.call(authEndpoints.login, { username: "std01", password: "wrong-password" });
    expect(wrong.ok).toBe(false);
    expect(wrong.code).toBe((await http.call(authEndpoints.login, { username: "std01", password: "wrong-password" })).code);
    const signedIn = await local.call(authEndpoints.login, { username: "raw01", password: "Expo#2026" });
    expect(signedIn.ok).toBe(true);
    const state = await createApiClient({ baseUrl: `${api.baseUrl}/api`, language: "en", ticket: signedIn.ok ? signedIn.data.ticket : "" }).call(
      authEndpoints.authTicket,
    );
    expect(state.ok).toBe(true);
  });

  it("posts JSON bodies and passes a refusal of bad input through unchanged", async () => {
    const ticket = await api.login("std01", "Expo#2026");
    const { http, inProcess: local } = clients(ticket);
    const bad = { not: "what the endpoint wants" };
    expect(await local.call(extensionAsJson, bad)).toEqual(await http.call(extensionAsJson, bad));
  });

  it("passes downloads (attachments) through with their headers", async () => {
    const ticket = await api.login("std01", "Expo#2026");
    const { http, inProcess: local } = clients(ticket);
    const [overHttp, overLocal] = await Promise.all([http.download(homeEndpoints.exportWorksheet), local.download(homeEndpoints.exportWorksheet)]);
    expect(overLocal.status).toBe(overHttp.status);
    expect(overLocal.headers.get("content-type")).toBe(overHttp.headers.get("content-type"));
    expect(overLocal.headers.get("content-disposition")).toBe(overHttp.headers.get("content-disposition"));
    expect(Buffer.from(await overLocal.arrayBuffer()).equals(Buffer.from(await overHttp.arrayBuffer()))).toBe(true);
  });

  it("counts a page's SQL statements with its in-process API calls (Server-Timing, when enabled)", async () => {
    const client = portalClient(api.baseUrl);
    await client.signIn("std01", "Expo#2026");
    const statementsOf = async () => {
      const response = await client.request("/index");
      expect(response.status).toBe(200);
      return Number(/db;desc="(\d+) SQL statements"/.exec(response.headers.get("server-timing") ?? "")?.[1]);
    };
    // The first page also loads the permission info; later pages reuse it while the session's state is unchanged.
    const first = await statementsOf();
    const again = await statementsOf();
    // At least the session lookup and the checklist: the API calls ran inside the page's count.
    expect(again).toBeGreaterThanOrEqual(3);
    expect(first).toBeGreaterThan(again);
    // One session lookup per page, however many loaders and API calls ask (pageReadMemo), the checklist's
    // items and their done checks: 3, not the 21 of before.
    expect(again).toBe(3);
  });
});
