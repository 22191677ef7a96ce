import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import * as z from "zod";
import { endpoint } from "../../app/contracts/api/endpoint";
import { API_TIMEOUT_MS, createApiClient, handleAuthErrors, requireOk, UPLOAD_TIMEOUT_MS } from "../../app/lib/api.server";

type Seen = { url: string; init: RequestInit & { headers: Headers } };

function fakeFetch(reply: (seen: Seen) => Response | Promise<Response>) {
  const calls: Seen[] = [];
  const impl = (async (url: URL, init: RequestInit) => {
    const seen = { url: String(url), init: init as Seen["init"] };
    calls.push(seen);
    return reply(seen);
  }) as unknown as typeof fetch;
  return { impl, calls };
}

const envelope = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const context = { secureCookies: false, sessionSecrets: ["unit-test-secret-123456"], apiBaseUrl: "http://api.test" } as AppLoadContext;

// Declarations of the shapes the client sends; the API's own are in app/contracts/<domain>/endpoints.server.ts.
const saveName = endpoint.post("/x", z.object({ name: z.string(), empty: z.string().optional() })).answers<{ a: number }>();
const verify = endpoint.postJson("/vcode/verify", z.object({ points: z.array(z.object({ x: z.number(), y: z.number() })) })).answers<null>();
const lookup = endpoint.get("/x", z.object({ keyword: z.string(), tags: z.array(z.string()), page: z.number().optional() })).answers<unknown>();
const plain = endpoint.get("/x").answers<unknown>();
const exportFile = endpoint.get("/export").file();

describe("the exhibition API client", () => {
  it("sends the ticket, Accept-Language, the client's address, and a form-encoded body by default", async () => {
    const { impl, calls } = fakeFetch(() => envelope({ code: 200, message: "ok", data: { a: 1 } }));
    const api = createApiClient({ baseUrl: "http://api.test", language: "en", ticket: "T1", clientIp: "203.0.113.9", fetchImpl: impl });
    const result = await api.call(saveName, { name: "展商", empty: undefined });
    expect(result).toEqual({ ok: true, code: 200, message: "ok", data: { a: 1 } });
    const { init, url } = calls[0]!;
    expect(url).toBe("http://api.test/x");
    expect(init.method).toBe("POST");
    expect(init.headers.get("ticket")).toBe("T1");
    expect(init.headers.get("accept-language")).toBe("en");
    expect(init.headers.get("x-forwarded-for")).toBe("203.0.113.9");
    expect(init.headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect(String(init.body)).toBe("name=%E5%B1%95%E5%95%86");
  });

  it("sends JSON where asked and Chinese Accept-Language for zh", async () => {
    const { impl, calls } = fakeFetch(() => envelope({ code: 200, message: "", data: null }));
    const api = createApiClient({ baseUrl: "http://api.test", language: "zh", fetchImpl: impl });
    await api.call(verify, { points: [{ x: 1, y: 2 }] });
    expect(calls[0]!.init.headers.get("content-type")).toBe("application/json");
    expect(calls[0]!.init.headers.get("accept-language")).toMatch(/^zh/);
    expect(calls[0]!.init.body).toBe('{"points":[{"x":1,"y":2}]}');
  });

  it("sends a GET's input as the query, a list as the key repeated, and no body", async () => {
    const { impl, calls } = fakeFetch(() => envelope({ code: 200, message: "", data: null }));
    await createApiClient({ baseUrl: "http://api.test", language: "en", fetchImpl: impl }).call(lookup, { keyword: "a b", tags: ["x", "y"], page: undefined });
    expect(calls[0]!.url).toBe("http://api.test/x?keyword=a+b&tags=x&tags=y");
    expect(calls[0]!.init.method).toBe("GET");
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it("refuses at compile time what the declaration does not allow (tsc checks these lines)", async () => {
    const { impl } = fakeFetch(() => envelope({ code: 200, message: "", data: { a: 1 } }));
    const api = createApiClient({ baseUrl: "http://api.test", language: "en", fetchImpl: impl });
    // @ts-expect-error: a field the endpoint does not declare (a renamed field) is a type error
    await api.call(saveName, { nmae: "x" });
    // @ts-expect-error: an endpoint that takes input cannot be called without it
    await api.call(saveName);
    const result = await api.call(saveName, { name: "x" });
    // @ts-expect-error: the answer has the declared type, not any
    if (result.ok) expect(result.data.b).toBeUndefined();
    // @ts-expect-error: a JSON endpoint's input is the schema's input type
    await api.call(verify, { points: "none" });
  });

  it("uses the spec's timeouts: 300 s, 600 s for uploads", () => {
    expect(API_TIMEOUT_MS).toBe(300_000);
    expect(UPLOAD_TIMEOUT_MS).toBe(600_000);
  });

  it("gives up on an answer that does not come at the call's timeout, and leaves no timer behind once answered", async () => {
    vi.useFakeTimers();
    try {
      // A server that never answers: fetch waits until its signal aborts, as fetch does.
      const silent = fakeFetch(({ init }) => new Promise<Response>((_, reject) => init.signal!.addEventListener("abort", () => reject(init.signal!.reason))));
      const pending = createApiClient({ baseUrl: "http://api.test", language: "en", fetchImpl: silent.impl }).call(plain, undefined, { timeoutMs: 5000 });
      await vi.advanceTimersByTimeAsync(4999);
      expect(silent.calls[0]!.init.signal!.aborted).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ ok: false, code: 0, data: { detail: "TimeoutError" } });
      const answered = fakeFetch(() => envelope({ code: 200, message: "", data: 1 }));
      await createApiClient({ baseUrl: "http://api.test", language: "en", fetchImpl: answered.impl }).call(plain);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("returns the server's message for other codes", async () => {
    const { impl } = fakeFetch(() => envelope({ code: 500, message: "库存不足", data: null }, 500));
    const result = await createApiClient({ baseUrl: "http://api.test", language: "zh", fetchImpl: impl }).call(plain);
    expect(result).toMatchObject({ ok: false, code: 500, message: "库存不足" });
  });

  it("turns a network failure into 'Network exception, please try reconnecting' with the status", async () => {
    const { impl } = fakeFetch(() => {
      throw new TypeError("fetch failed");
    });
    const result = await createApiClient({ baseUrl: "http://api.test", language: "en", fetchImpl: impl }).call(plain);
    expect(result).toMatchObject({ ok: false, code: 0 });
    expect(result.message).toMatch(/^Network exception, please try reconnecting \(Status 0/);
    const html = fakeFetch(() => new Response("<html>bad gateway</html>", { status: 502, headers: { "content-type": "text/html" } }));
    const gateway = await createApiClient({ baseUrl: "http://api.test", language: "en", fetchImpl: html.impl }).call(plain);
    expect(gateway.message).toMatch(/Status 502/);
  });

  it("passes downloads through untouched", async () => {
    const file = new Response("a,b\n1,2\n", { headers: { "content-type": "application/octet-stream", "content-disposition": 'attachment; filename="x.csv"' } });
    const { impl } = fakeFetch(() => file);
    const response = await createApiClient({ baseUrl: "http://api.test", language: "en", fetchImpl: impl }).download(exportFile);
    expect(response.headers.get("content-disposition")).toContain("attachment");
    expect(await response.text()).toBe("a,b\n1,2\n");
  });
});

describe("docs/product.md § Messages and errors in loaders and actions", () => {
  const request = new Request("http://portal.test/changePassword?tab=2", { method: "POST" });

  it("401: clears the ticket, leaves a one-time notice, goes to /login with the return path", async () => {
    const thrown = await handleAuthErrors({ ok: false, code: 401, message: "expired", data: null }, request, context).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("location")).toBe("/login?redirectTo=%2FchangePassword%3Ftab%3D2");
    const cookies = thrown.headers.get("set-cookie");
    expect(cookies).toMatch(/ticket=;.*Max-Age=0/);
    expect(cookies).toMatch(/notice=session\.expired/);
  });

  it("403: goes to /401", async () => {
    const thrown = await handleAuthErrors({ ok: false, code: 403, message: "no", data: null }, request, context).catch((e) => e);
    expect(thrown.headers.get("location")).toBe("/401");
  });

  it("other failures: loaders get an error response carrying the server's message", async () => {
    const thrown = await requireOk({ ok: false, code: 500, message: "System error", data: null }, request, context).catch((e) => e);
    expect(thrown.status).toBe(500);
    expect(await thrown.text()).toBe("System error");
    expect(await requireOk({ ok: true, code: 200, message: "", data: 5 }, request, context)).toBe(5);
  });
});

describe("the ticket cookie", () => {
  it("is HttpOnly and SameSite=Lax, and __Host-/Secure when the portal is served over https", async () => {
    const { setTicket } = await import("../../app/lib/cookies.server");
    const plain = await setTicket(context, "T");
    expect(plain).toMatch(/^ticket=/);
    expect(plain).toMatch(/HttpOnly/);
    expect(plain).toMatch(/SameSite=Lax/);
    expect(plain).not.toMatch(/Secure/);
    const secure = await setTicket({ ...context, secureCookies: true } as AppLoadContext, "T");
    expect(secure).toMatch(/^__Host-ticket=/);
    expect(secure).toMatch(/Secure/);
    expect(secure).toMatch(/Path=\//);
    expect(secure).not.toMatch(/Domain=/);
  });
});
