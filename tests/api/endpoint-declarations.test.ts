import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declaredEndpoints } from "../support/declared-endpoints";
import { serverRoutes } from "../support/inventory";
import { startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";

/**
 * The API is mounted from its declarations (docs/decisions/029): every route of /api is a declared
 * endpoint, and every declared endpoint is mounted with its method. A route written by hand, or a
 * declaration the server forgot, fails here.
 */
describe("endpoint declarations", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(DEFAULT_BACKEND);
  });
  afterAll(() => api?.close());

  it("every /api route is declared once, and every declaration is mounted", async () => {
    const declared = await declaredEndpoints();
    expect(declared.length).toBeGreaterThan(150);
    const byKey = new Map<string, string[]>();
    for (const d of declared) byKey.set(d.key, [...(byKey.get(d.key) ?? []), d.name]);
    expect([...byKey].filter(([, names]) => names.length > 1)).toEqual([]);

    const mounted = serverRoutes(api.app)
      .filter((r) => r.path.startsWith("/api/"))
      .map((r) => r.key);
    expect(mounted.filter((key) => !byKey.has(key)).sort()).toEqual([]);
    expect([...byKey.keys()].filter((key) => !mounted.includes(key)).sort()).toEqual([]);
  });
});
