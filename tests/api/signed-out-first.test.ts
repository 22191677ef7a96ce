import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { declaredEndpoints, type DeclaredEndpoint } from "../support/declared-endpoints";
import { fieldNames } from "../support/schemas";
import { randomIp } from "../support/portal-client";
import { startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";

/**
 * Issue 50 item 14: 48 endpoints answered a signed-out caller 400 (its input refused) before 401,
 * telling an outsider what each endpoint takes. Every endpoint that is not declared public
 * (`publicEndpoint`) asks for the session before it reads anything; the public ones stay open.
 */
let api: TestApi;
let endpoints: DeclaredEndpoint[];
beforeAll(async () => {
  api = await startTestApi(DEFAULT_BACKEND);
  endpoints = await declaredEndpoints();
});
afterAll(() => api?.close());

/** Input no schema takes: each known field a wrong value, a NUL (refused at the edge), a huge id. */
function invalidInput(declared: DeclaredEndpoint) {
  const names = declared.endpoint.input ? fieldNames(declared.endpoint.input) : [];
  return Object.fromEntries([...names, "id"].map((name, i) => [name, ["x\u0000", "9007199254740993", "-1", ""][i % 4]!]));
}

async function callSignedOut(declared: DeclaredEndpoint, body: "fields" | "malformed-json") {
  const { method, path, channel } = declared.endpoint;
  const fields = invalidInput(declared);
  const url = new URL(`${api.baseUrl}/api${path}`);
  if (method === "GET") for (const [k, v] of Object.entries(fields)) url.searchParams.set(k, v);
  const headers: Record<string, string> = { "accept-language": "en", "x-forwarded-for": randomIp() };
  let payload: string | undefined;
  if (method === "POST" && body === "malformed-json") {
    headers["content-type"] = "application/json";
    payload = '{"id": 1,';
  } else if (method === "POST" && channel === "json") {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(fields);
  } else if (method === "POST") {
    headers["content-type"] = "application/x-www-form-urlencoded";
    payload = new URLSearchParams(fields).toString();
  }
  const response = await fetch(url, { method, headers, body: payload });
  const text = await response.text();
  return { status: response.status, text };
}

describe("signed out", () => {
  it("every endpoint not declared public answers 401 to any input, before reading it", { timeout: 120_000 }, async () => {
    const guarded = endpoints.filter((e) => !e.endpoint.public);
    expect(guarded.length).toBeGreaterThan(250);
    const wrong: string[] = [];
    for (const declared of guarded) {
      for (const body of ["fields", "malformed-json"] as const) {
        if (body === "malformed-json" && declared.endpoint.method === "GET") continue;
        const answer = await callSignedOut(declared, body);
        if (answer.status !== 401) wrong.push(`${declared.key} (${body}): ${answer.status} ${answer.text.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("the public endpoints stay public: sign-in, password links, captchas, the visitor, showcase, video and invoice QR pages, the region list, the site's frame settings", async () => {
    const open = endpoints.filter((e) => e.endpoint.public).map((e) => e.key);
    expect(open.sort()).toEqual(
      [
        "GET /api/address/regions",
        "GET /api/invoice/qr/info",
        "GET /api/login/captchaRequired",
        "GET /api/login/passwordLink",
        "GET /api/login/publicKey",
        "GET /api/login/vCode",
        "GET /api/node/service/exhibitor/video/public",
        "GET /api/showcase/public/image",
        "GET /api/showcase/public/info",
        // The frame's settings of signed-out pages: footer, floating buttons, demo mark (decision 055).
        "GET /api/site/settings",
        "GET /api/smeb/content/page",
        "GET /api/smeb/worksheet/worksheet",
        "GET /api/vcode/readUsingImageReaderBigcH",
        "GET /api/visit/info",
        // A visitor's own pass (the code in its link is the key) and what a pass's code is (issue 56).
        "GET /api/visit/leadCode",
        "GET /api/visit/pass",
        "POST /api/invoice/qrSave",
        "POST /api/login/cancellation",
        "POST /api/login/contractorLogin",
        "POST /api/login/forgotPassword",
        "POST /api/login/login",
        "POST /api/login/resetByCode",
        "POST /api/login/setPassword",
        "POST /api/vcode/readUsingImageReaderBigcH",
        "POST /api/vcode/verify",
        "POST /api/visit/pass/consent",
        "POST /api/visit/register",
        "POST /api/visit/sendCode",
      ].sort(),
    );
    for (const declared of endpoints.filter((e) => e.endpoint.public)) {
      const answer = await callSignedOut(declared, "fields");
      expect(answer.status, `${declared.key}: ${answer.text.slice(0, 120)}`).not.toBe(401);
      expect(answer.status, `${declared.key}: ${answer.text.slice(0, 120)}`).toBeLessThan(500);
    }
  });

  it("a signed-in caller's bad input is still a 400 naming the field", async () => {
    const ticket = await api.login("std01", "Expo#2026");
    const answer = await api.call<{ fields?: Record<string, string[]> }>("/smeb/dataArea/file/download", { ticket, query: { id: "x" } });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.data.fields ?? {})).toEqual(["id"]);
  });
});
