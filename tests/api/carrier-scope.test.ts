import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carrierMayCall } from "../../server/transport/carrier-scope";
import { serverRoutes } from "../support/inventory";
import { portalClient } from "../support/portal-client";
import { loadRemixBuild, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";
import { until } from "../support/until";

/**
 * A carrier's account (carrier01, roleId 3) acts for exhibitors only on the carrier pages: every
 * other route that needs a session answers it 403 before anything is read (server/transport/
 * carrier-scope.ts, checked in requireSession). Read from the running server's router, so a route
 * added later is swept too.
 */
describe("a carrier's account outside the carrier pages", () => {
  let api: TestApi;
  let carrier: string;

  beforeAll(async () => {
    api = await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: await loadRemixBuild() });
    carrier = await api.login("carrier01", "Expo#2026");
  });
  afterAll(async () => {
    await api?.close();
  });

  const status = async (method: string, path: string, ticket?: string) => {
    // In Chinese: the transport area, the carrier's, answers only in Chinese.
    const headers: Record<string, string> = { "accept-language": "zh" };
    if (ticket) headers.ticket = ticket;
    const response = await fetch(`${api.baseUrl}${path}`, { method, headers });
    await response.arrayBuffer();
    return response.status;
  };

  it("gets 403 from every API route that needs a session, except the carrier's own", async () => {
    const routes = serverRoutes(api.app).filter((r) => r.path.startsWith("/api/") && !r.path.includes(":") && r.method !== "ALL");
    const refused: string[] = [];
    const opened: string[] = [];
    const wrong: string[] = [];
    for (const route of routes) {
      if ((await status(route.method, route.path)) !== 401) continue; // public, or no session asked
      const path = route.path.slice("/api".length);
      const answer = await status(route.method, route.path, carrier);
      if (carrierMayCall(path)) {
        opened.push(route.key);
        if (answer === 403 || answer === 401) wrong.push(`${route.key} → ${answer} (a carrier's route)`);
      } else {
        refused.push(route.key);
        if (answer !== 403) wrong.push(`${route.key} → ${answer}`);
      }
    }
    expect(wrong).toEqual([]);
    // The sweep reached the exhibitors' areas and the carrier's pages alike.
    expect(refused.length).toBeGreaterThan(100);
    expect(refused).toContain("POST /api/node/service/exhibitor/video/generate");
    expect(opened).toContain("GET /api/shipment/review/list");
    expect(opened).toContain("GET /api/smeb/permission/getInfo");
  });

  it("saves nothing when it posts a valid form of an exhibitor's area", async () => {
    const carrierId = (await api.db.selectFrom("users").select("id").where("username", "=", "carrier01").executeTakeFirstOrThrow()).id;
    const refused = await api.call("/node/service/exhibitor/video/generate", { ticket: carrier, form: { orientation: "portrait" }, lang: "zh" });
    expect(refused.status).toBe(403);
    expect(refused.message).toBe("权限不足");
    expect(await api.db.selectFrom("promotional_videos").select("id").where("user_id", "=", carrierId).execute()).toEqual([]);
  });

  it("still opens its own pages' data", async () => {
    expect((await api.call("/shipment/review/list", { ticket: carrier, lang: "zh" })).status).toBe(200);
    expect((await api.call("/shipment/home", { ticket: carrier, lang: "zh" })).status).toBe(200);
    expect((await api.call("/smeb/permission/getInfo", { ticket: carrier, lang: "zh" })).status).toBe(200);
  });

  it("opens every page of its own with no API call refused on the way", async () => {
    const client = portalClient(api.baseUrl);
    await client.signIn("carrier01", "Expo#2026");
    for (const path of ["/index", "/exhibitTL/review", "/exhibitTL/carriageOrder", "/changePassword", "/feedback", "/skin"]) {
      const from = api.logLines.length;
      const response = await client.request(path, { headers: { "accept-language": "zh", cookie: `${client.cookieHeader()}; lng=zh` } });
      expect(response.status, path).toBe(200);
      await response.text();
      // The access line is written once the answer has gone out: wait for this page's.
      await until(() => api.logLines.slice(from).some((line) => (line.req as { url?: string } | undefined)?.url === path));
      const calls = api.logLines.slice(from).flatMap((line) => (line.api as { url: string; status: number }[] | undefined) ?? []);
      expect(calls.length, path).toBeGreaterThan(0);
      expect(
        calls.filter((call) => call.status === 401 || call.status === 403),
        path,
      ).toEqual([]);
    }
  });
});
