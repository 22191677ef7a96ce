import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const TOKEN = "metrics-test-token-0123456789";

/** Prometheus text format: each sample as its name, its labels and its value. */
function samples(text: string) {
  return text
    .split("\n")
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]));
      return { name: match[1]!, labels: labels as Record<string, string>, value: Number(match[3]) };
    });
}

describe.each(backendsOf(import.meta.url))("/metrics on %s", (backend) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(backend, { METRICS_TOKEN: TOKEN });
  });
  afterAll(() => api?.close());

  const scrape = (authorization?: string) => fetch(`${api.baseUrl}/metrics`, { headers: authorization ? { authorization } : {} });

  it("answers only with the token: 401 without it or with another, saying what is needed", async () => {
    const without = await scrape();
    expect(without.status).toBe(401);
    expect(without.headers.get("www-authenticate")).toContain("Bearer");
    expect(await without.text()).toContain("METRICS_TOKEN");
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(TOKEN)).status).toBe(401);
    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain");
    expect(samples(await answer.text()).length).toBeGreaterThan(0);
  });

  it("counts requests by route pattern and status class, never by URL: no id or token in a label", async () => {
    const ticket = await api.login("std01", "Expo#2026");
    const secretId = 987654321;
    for (let i = 0; i < 3; i++) await api.call(`/smeb/pass/ticket/info?id=${secretId}`, { ticket });
    await fetch(`${api.baseUrl}/files/f-${secretId}`);
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    const all = samples(text);
    const requests = all.filter((s) => s.name === "portal_http_requests_total");
    const info = requests.filter((s) => s.labels.route === "/api/smeb/pass/ticket/info" && s.labels.method === "GET");
    expect(info.reduce((sum, s) => sum + s.value, 0)).toBeGreaterThanOrEqual(3);
    expect(info.every((s) => /^[1-5]xx$/.test(s.labels.status!))).toBe(true);
    expect(requests.some((s) => s.labels.route === "/files/:id")).toBe(true);
    expect(all.some((s) => s.name === "portal_http_request_duration_seconds_bucket" && s.labels.route === "/api/smeb/pass/ticket/info")).toBe(true);
    // Nothing of the URLs or the session reached a label.
    for (const sample of all) {
      for (const value of Object.values(sample.labels)) {
        expect(value).not.toContain(String(secretId));
        expect(value).not.toContain(ticket);
      }
    }
  });

  it("reports the process, the database, the queues, the messages and the storage", async () => {
    const names = new Set(samples(await (await scrape(`Bearer ${TOKEN}`)).text()).map((s) => s.name));
    for (const name of [
      "portal_http_requests_in_flight",
      "portal_process_resident_memory_bytes",
      "portal_nodejs_heap_size_used_bytes",
      "portal_nodejs_eventloop_lag_p99_seconds",
      "portal_db_query_duration_seconds_count",
      "portal_sign_ins_waiting_for_hash",
      "portal_sign_ins_refused_busy_total",
      "portal_password_hash_cpu_seconds_total",
      "portal_uploads_in_progress",
      "portal_stored_bytes",
    ]) {
      expect(names, name).toContain(name);
    }
    if (backend === "postgres") expect(names).toContain("portal_db_pool_connections");
  });

  it("counts the messages of the delivery log per channel and state", async () => {
    await api.db
      .insertInto("messages")
      .values({ channel: "sms", kind: "visitorCode", recipient: "13800138000", text: "metrics test", status: "failed", reason: "test" })
      .execute();
    const rows = await api.db.selectFrom("messages").select(["channel", "status"]).execute();
    const failedSms = rows.filter((row) => row.channel === "sms" && row.status === "failed").length;
    const sample = samples(await (await scrape(`Bearer ${TOKEN}`)).text()).find(
      (s) => s.name === "portal_messages" && s.labels.channel === "sms" && s.labels.state === "failed",
    );
    expect(sample?.value ?? 0).toBe(failedSms);
  });
});

describe("/metrics without METRICS_TOKEN", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi("pglite");
  });
  afterAll(() => api?.close());

  it("does not exist (404), whatever the request says", async () => {
    expect((await fetch(`${api.baseUrl}/metrics`)).status).toBe(404);
    expect((await fetch(`${api.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });
});
