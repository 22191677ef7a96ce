import { afterAll, beforeAll, describe, expect, it } from "vitest";
const MAX_ID = 2_147_483_647;
import { declaredEndpoints, integerFields, type DeclaredEndpoint } from "../support/declared-endpoints";
import { randomIp } from "../support/portal-client";
import { startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";

/**
 * Issue 50 item 8: an id of 2^31 or more (signed out on /visit/register's countryId and interests,
 * and six other endpoints) reached the database, which refused it as out of range: a 500 with an
 * error-level log and a stack trace. Every integer the API takes is bounded at its schema
 * (1..2^31-1 for an id, MAX_ID for a version or count), found here by reading every endpoint
 * declaration, so a new field is swept without being listed.
 */
const TOO_BIG = [2 ** 31, 2 ** 53, 2 ** 53 + 2];

/** Integers that are not ids and never reach an integer column: a client's clock in ms, a byte count compared in memory. */
const NOT_IDS: Record<string, string[]> = {
  "GET /api/oss/signature/getSignature": ["timesp", "maxBytes"],
};

let endpoints: DeclaredEndpoint[];
beforeAll(async () => {
  endpoints = await declaredEndpoints();
});

const wire = (n: number, json: boolean) => (json ? n : String(n));
const tooBigIn = (value: unknown): boolean =>
  (typeof value === "number" && value > MAX_ID) ||
  (Array.isArray(value) && value.some(tooBigIn)) ||
  (value !== null && typeof value === "object" && Object.values(value).some(tooBigIn));

/** An input with the field at `path` ("items.quantity" is a list of rows) set to `value`. */
function withField(path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split(".");
  return { [head!]: rest.length ? [withField(rest.join("."), value)] : value };
}

describe("integer fields", () => {
  it("every integer field of every endpoint declaration refuses 2^31 and 2^53 at its schema", () => {
    const accepted: string[] = [];
    let checked = 0;
    for (const { key, endpoint } of endpoints) {
      if (!endpoint.input) continue;
      const json = endpoint.channel === "json";
      for (const { path, field } of integerFields(endpoint.input, json)) {
        if (NOT_IDS[key]?.includes(path)) continue;
        checked++;
        for (const n of TOO_BIG) {
          for (const sent of [wire(n, json), [wire(n, json)]]) {
            const parsed = field.safeParse(sent);
            if (parsed.success && tooBigIn(parsed.data)) accepted.push(`${key} ${path}=${JSON.stringify(sent)}`);
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(150);
    expect(accepted).toEqual([]);
  });
});

describe("integer fields over HTTP", () => {
  let api: TestApi;
  let tickets: Record<string, string>;
  beforeAll(async () => {
    api = await startTestApi(DEFAULT_BACKEND);
    tickets = { std01: await api.login("std01", "Expo#2026"), admin: await api.login("admin", "Admin#2026") };
  });
  afterAll(() => api?.close());

  it("each endpoint answers 2^31 and 2^53 in each integer field with a 4xx, never a 500, for the exhibitor and the organizer", {
    timeout: 240_000,
  }, async () => {
    const failures: string[] = [];
    for (const { key, endpoint } of endpoints) {
      if (!endpoint.input || endpoint.channel === "multipart") continue;
      const json = endpoint.channel === "json";
      for (const { path } of integerFields(endpoint.input, json)) {
        for (const n of TOO_BIG.slice(0, 2)) {
          for (const who of endpoint.public ? [null] : ["std01", "admin"]) {
            const fields = withField(path, wire(n, json));
            const url = new URL(`${api.baseUrl}/api${endpoint.path}`);
            const headers: Record<string, string> = { "accept-language": "en", "x-forwarded-for": randomIp() };
            if (who) headers.ticket = tickets[who]!;
            let body: string | undefined;
            if (endpoint.method === "GET") for (const [k, v] of Object.entries(fields)) url.searchParams.set(k, String(v));
            else if (json) {
              headers["content-type"] = "application/json";
              body = JSON.stringify(fields);
            } else {
              headers["content-type"] = "application/x-www-form-urlencoded";
              body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
            }
            const response = await fetch(url, { method: endpoint.method, headers, body });
            const text = await response.text();
            if (response.status >= 500) failures.push(`${key} ${path}=${n} as ${who ?? "nobody"}: ${response.status} ${text.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(api.logLines.filter((line) => line.level === 50 && line.msg !== "request failed")).toEqual([]);
  });

  it("/visit/register, signed out, with everything else right: 2^31 as countryId or an interest is a 400 at that field", async () => {
    const visit = await api.call<{ classes: { id: number }[] }>("/visit/info", { query: { code: "" }, ip: randomIp() });
    const classId = visit.data.classes?.[0]?.id ?? 1;
    const form = (extra: Record<string, string>) => ({
      name: "张三",
      company: "前海贸易有限公司",
      position: "采购经理",
      mobile: "13700009991",
      smsCode: "123456",
      email: "v9991@example.com",
      countryId: "37",
      provinceCode: "440000",
      interests: String(classId),
      consent: "on",
      ...extra,
    });
    for (const [field, extra] of [
      ["countryId", { countryId: String(2 ** 31) }],
      ["interests", { interests: String(2 ** 31) }],
      ["countryId", { countryId: String(2 ** 53) }],
    ] as const) {
      const answer = await api.call<{ fields?: Record<string, string[]> }>("/visit/register", { form: form(extra), ip: randomIp() });
      expect(answer.status, answer.message).toBe(400);
      expect(Object.keys(answer.data.fields ?? {}).map((key) => key.split(".")[0])).toContain(field);
    }
  });
});
