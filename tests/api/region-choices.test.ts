import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RegionChoices } from "../../app/contracts/lookups/region-choices";
import type { RegionNode } from "../../app/contracts/lookups/schema";
import { portalClient } from "../support/portal-client";
import { backendsOf, loadRemixBuild, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * Issue 51: the address pickers took a server round trip per level. Every region now comes in one
 * answer: the API's public tree (reference data, the same for everyone), and the page's compact list
 * in one language at /regions, kept by caches for a week when asked for with the build's version
 * (decision 050); the profile page names that address, and its first HTML keeps the chosen lists.
 */
describe.each(backendsOf(import.meta.url))("the region list for the address pickers on %s", (backend) => {
  let api: TestApi;
  let build: ServerBuild;
  beforeAll(async () => {
    build = await loadRemixBuild();
    api = await startTestApi(backend, {}, { remixBuild: build });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("the API answers every province, city and district as one tree, signed out too", async () => {
    const answer = await api.call<RegionNode[]>("/address/regions");
    expect(answer.code).toBe(200);
    const guangdong = answer.data.find((p) => p.id === "440000")!;
    expect(guangdong).toMatchObject({ name: "广东省", nameEn: expect.any(String) });
    const shenzhen = guangdong.children!.find((c) => c.id === "440300")!;
    expect(shenzhen.name).toBe("深圳市");
    expect(shenzhen.children!.map((d) => d.id)).toContain("440305");
    // Municipalities have their one city above the districts, as the city list answers it.
    const beijing = answer.data.find((p) => p.id === "110000")!;
    expect(beijing.children!.map((c) => c.id)).toEqual(["110100"]);
    const count = (nodes: RegionNode[]): number => nodes.reduce((n, node) => n + 1 + count(node.children ?? []), 0);
    const stored = await api.db
      .selectFrom("regions")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(count(answer.data)).toBe(Number(stored.n));
  });

  it("/regions answers one language's compact lists, cached a week for this build's version, five minutes for another", async () => {
    const client = portalClient(api.baseUrl);
    const current = await client.request(`/regions?lang=en&v=${encodeURIComponent(build.assets.version)}`);
    expect(current.status).toBe(200);
    expect(current.headers.get("cache-control")).toBe("public, max-age=604800, immutable");
    const en = (await current.json()) as RegionChoices;
    expect(en.provinces.find(([code]) => code === "440000")?.[1]).toMatch(/Guangdong/);
    expect(en.under["440000"]?.map(([code]) => code)).toContain("440300");
    expect(en.under["440300"]?.map(([code]) => code)).toContain("440305");
    expect(en.under["440305"]).toBeUndefined();

    const old = await client.request("/regions?lang=zh&v=an-older-build");
    expect(old.headers.get("cache-control")).toBe("public, max-age=300");
    const zh = (await old.json()) as RegionChoices;
    expect(zh.under["440000"]?.find(([code]) => code === "440300")?.[1]).toBe("深圳市");
  });

  it("a browser that sends its session gets the list but never cached; the profile page names the list's address and keeps the chosen lists in its HTML", async () => {
    const client = portalClient(api.baseUrl);
    await client.signIn("std01", "Expo#2026");
    const signedIn = await client.request(`/regions?lang=zh&v=${encodeURIComponent(build.assets.version)}`);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get("cache-control")).toBe("no-store");
    await signedIn.arrayBuffer();

    const saved = await client.request("/exhibitorInfo/exhibitorData?step=company", {
      body: new URLSearchParams({ step: "company", intent: "save", countryId: "37", provinceCode: "440000", cityCode: "440300" }),
      headers: { "sec-fetch-site": "same-origin" },
    });
    expect(saved.status).toBe(302);
    const html = await (await client.request("/exhibitorInfo/exhibitorData?step=company")).text();
    expect(html).toMatch(new RegExp(`/regions\\?lang=en(&|&amp;|\\\\u0026)v=${build.assets.version}`));
    // The chosen province's cities and the chosen city's districts, with no request after the page.
    expect(html).toMatch(/<option value="440100"[^>]*>/);
    expect(html).toMatch(/<option value="440305"[^>]*>/);
  });
});
