import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type Item = { id: number | string; name: string; nameEn: string };

describe.each(backendsOf(import.meta.url))("address lookups and halls on %s", (backend) => {
  let api: TestApi;
  let ticket: string;
  beforeAll(async () => {
    api = await startTestApi(backend);
    ticket = await api.login("std01", "Expo#2026");
  });
  afterAll(() => api?.close());

  it("need a signed-in caller", async () => {
    expect((await api.call("/address/country/list")).code).toBe(401);
    expect((await api.call("/hall/list")).code).toBe(401);
  });

  it("list countries with China as id 37 first", async () => {
    const { data } = await api.call<Item[]>("/address/country/list", { ticket });
    expect(data.length).toBeGreaterThan(240);
    expect(data[0]).toEqual({ id: 37, name: "中国", nameEn: "China" });
  });

  it("chain province → city → district by parent id", async () => {
    const provinces = (await api.call<Item[]>("/address/province/list", { ticket, query: { countryId: "37" } })).data;
    const guangdong = provinces.find((p) => p.name === "广东省")!;
    expect(guangdong).toMatchObject({ id: "440000", nameEn: "Guangdong" });
    const cities = (await api.call<Item[]>("/address/city/list", { ticket, query: { parentId: "440000" } })).data;
    const shenzhen = cities.find((c) => c.name === "深圳市")!;
    expect(shenzhen.nameEn).toBe("Shenzhen");
    const districts = (await api.call<Item[]>("/address/getByParentId", { ticket, query: { parentId: String(shenzhen.id) } })).data;
    expect(districts.map((d) => d.name)).toContain("南山区");
    expect((await api.call<Item[]>("/address/province/list", { ticket, query: { countryId: "1" } })).data).toEqual([]);
  });

  it("refuses malformed parent ids with a 400 envelope", async () => {
    const bad = await api.call("/address/city/list", { ticket, query: { parentId: "1' or 1=1" } });
    expect(bad.code).toBe(400);
  });

  it("lists the halls of the caller's exhibition", async () => {
    const { data } = await api.call<Item[]>("/hall/list", { ticket, lang: "zh-CN" });
    expect(data).toHaveLength(12);
    expect(data[0]).toMatchObject({ name: "1号馆", nameEn: "Hall 1" });
  });
});

describe("POST /translate", () => {
  let plain: TestApi;
  let configured: TestApi;
  let provider: http.Server;
  let received: Record<string, unknown> | null = null;
  beforeAll(async () => {
    provider = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        received = JSON.parse(body);
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify({ translatedText: "Smart robots" }));
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
    [plain, configured] = await Promise.all([startTestApi(DEFAULT_BACKEND), startTestApi(DEFAULT_BACKEND, { TRANSLATE_URL: url })]);
  });
  afterAll(async () => {
    await plain?.close();
    await configured?.close();
    provider?.close();
  });

  it("says clearly when no translation service is configured", async () => {
    const ticket = await plain.login("std01", "Expo#2026");
    const result = await plain.call("/translate", { json: { content: "智能机器人" }, ticket });
    expect(result).toMatchObject({ code: 503, message: "translation service not configured" });
    const zh = await plain.call("/translate", { json: { content: "智能机器人" }, ticket, lang: "zh-CN" });
    expect(zh.message).toBe("翻译服务未配置");
  });

  it("needs the Chinese content first", async () => {
    const ticket = await configured.login("std01", "Expo#2026");
    const result = await configured.call("/translate", { json: { content: "  " }, ticket });
    expect(result).toMatchObject({ code: 400, message: "Translation needs the Chinese content first" });
  });

  it("translates through a LibreTranslate-compatible provider (cn → en by default)", async () => {
    const ticket = await configured.login("std01", "Expo#2026");
    const result = await configured.call<{ content: string }>("/translate", { json: { content: "智能机器人" }, ticket });
    expect(result.code).toBe(200);
    expect(result.data.content).toBe("Smart robots");
    expect(received).toMatchObject({ q: "智能机器人", source: "zh", target: "en" });
  });
});
