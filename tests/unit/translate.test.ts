import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiCode, ApiError } from "../../server/api/envelope";
import { createTranslator, providerLanguage } from "../../server/machine-translation/libretranslate";

type Seen = { method?: string; url?: string; contentType?: string; body: Record<string, unknown> };

let server: http.Server;
let baseUrl: string;
let seen: Seen[] = [];
let respondWith: { status: number; body: unknown } = { status: 200, body: {} };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      seen.push({ method: req.method, url: req.url, contentType: req.headers["content-type"], body });
      const reply = respondWith.status === 200 && respondWith.body === null ? { translatedText: `EN(${String(body.q)})` } : respondWith.body;
      res.writeHead(respondWith.status, { "content-type": "application/json" });
      res.end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen = [];
  respondWith = { status: 200, body: null };
});

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("LibreTranslate provider", () => {
  it("posts q/source/target/format and returns translatedText", async () => {
    const translator = createTranslator({ TRANSLATE_URL: `${baseUrl}/` });
    expect(translator.configured).toBe(true);
    const result = await translator.translate({ content: "你好，世界", from: "cn", to: "en" });
    expect(result).toBe("EN(你好，世界)");
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: "POST", url: "/translate" });
    expect(seen[0]!.contentType).toContain("application/json");
    expect(seen[0]!.body).toEqual({ q: "你好，世界", source: "zh", target: "en", format: "text" });
  });

  it("sends the API key when one is configured", async () => {
    const translator = createTranslator({ TRANSLATE_URL: baseUrl, TRANSLATE_API_KEY: "secret-key" });
    await translator.translate({ content: "Hello", from: "en", to: "cn" });
    expect(seen[0]!.body).toEqual({ q: "Hello", source: "en", target: "zh", format: "text", api_key: "secret-key" });
  });

  it("turns a failing provider into a 503 translateFailed", async () => {
    respondWith = { status: 500, body: { error: "boom" } };
    const translator = createTranslator({ TRANSLATE_URL: baseUrl });
    const error = await rejection(translator.translate({ content: "你好", from: "cn", to: "en" }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: ApiCode.unavailable, messageKey: "errors.translateFailed" });
    expect(ApiCode.unavailable).toBe(503);
  });

  it("treats a response without translatedText as a failure", async () => {
    respondWith = { status: 200, body: { nothing: true } };
    const translator = createTranslator({ TRANSLATE_URL: baseUrl });
    const error = await rejection(translator.translate({ content: "你好", from: "cn", to: "en" }));
    expect(error).toMatchObject({ code: 503, messageKey: "errors.translateFailed" });
  });

  it("turns a network failure into translateFailed", async () => {
    const failingFetch = (async () => {
      throw new TypeError("fetch failed");
    }) as unknown as typeof fetch;
    const translator = createTranslator({ TRANSLATE_URL: baseUrl }, failingFetch);
    const error = await rejection(translator.translate({ content: "你好", from: "cn", to: "en" }));
    expect(error).toMatchObject({ code: 503, messageKey: "errors.translateFailed" });
  });

  it("maps the spec's language codes", () => {
    expect(providerLanguage("cn")).toBe("zh");
    expect(providerLanguage("zh")).toBe("zh");
    expect(providerLanguage("en")).toBe("en");
  });
});

describe("unconfigured translator", () => {
  it("reports translateNotConfigured", async () => {
    const translator = createTranslator({});
    expect(translator.configured).toBe(false);
    const error = await rejection(translator.translate({ content: "你好", from: "cn", to: "en" }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 503, messageKey: "errors.translateNotConfigured" });
  });
});
