import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Portal, spawnPortal, stopPortal, waitReady } from "../support/portal-processes";
import { startTestApi, type TestApi, DEFAULT_BACKEND } from "../support/test-api";

describe("server plumbing", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi(DEFAULT_BACKEND);
  });
  afterAll(() => api?.close());

  it("answers /healthz and /readyz (database reachable)", async () => {
    const health = await fetch(`${api.baseUrl}/healthz`);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${api.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: DEFAULT_BACKEND });
  });

  it("gives every response a request id, keeping a sane incoming one", async () => {
    const generated = await fetch(`${api.baseUrl}/healthz`);
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await fetch(`${api.baseUrl}/healthz`, { headers: { "x-request-id": "lb-42.abc" } });
    expect(kept.headers.get("x-request-id")).toBe("lb-42.abc");
    const replaced = await fetch(`${api.baseUrl}/healthz`, { headers: { "x-request-id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).not.toBe("<script>");
  });

  it("compresses large responses and never caches API answers", async () => {
    const ticket = await api.login("std01", "Expo#2026");
    const response = await fetch(`${api.baseUrl}/api/address/country/list`, { headers: { ticket, "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("reports /readyz as unavailable when the database is gone", async () => {
    const other = await startTestApi(DEFAULT_BACKEND);
    await other.database.close();
    const ready = await fetch(`${other.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
  });
});

// The built server (npm test builds first); these check the real process.
const built = fs.existsSync("build/server/index.js") && fs.existsSync("build/index.js");

describe.skipIf(!built)("the built server process", () => {
  const portals: Portal[] = [];
  const dataDirs: string[] = [];
  /** A built server on a fresh embedded database of its own, logging at info (its "listening" and "stopped" lines). */
  const spawnFresh = async (settings: Record<string, string> = {}) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-proc-"));
    dataDirs.push(dataDir);
    const portal = await spawnPortal(dataDir, { LOG_LEVEL: "info", SEED_DEMO_DATA: "never", ...settings });
    portals.push(portal);
    return portal;
  };
  afterAll(async () => {
    await Promise.all(portals.map((portal) => stopPortal(portal, "SIGKILL")));
    for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("stops at boot with a message naming a bad variable", async () => {
    const portal = await spawnFresh({ PORT: "eighty" });
    expect(await portal.exited).toBe(78);
    expect(portal.output()).toContain('PORT="eighty"');
  });

  it("serves, then on SIGTERM finishes in-flight requests and exits 0", async () => {
    const portal = await waitReady(await spawnFresh());
    const { baseUrl } = portal;
    const login = await fetch(`${baseUrl}/login`, { headers: { "accept-language": "zh-CN,zh;q=0.9" } });
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('<html lang="zh"');
    // /login ships no script (docs/decisions/021): its stylesheet is a fingerprinted asset all the same.
    const asset = (await (await fetch(`${baseUrl}/login`)).text()).match(/\/build\/[^"]+\.(?:js|css)/)![0];
    const assetResponse = await fetch(`${baseUrl}${asset}`);
    expect(assetResponse.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    await assetResponse.arrayBuffer();
    // A request in flight when SIGTERM arrives still gets its answer: the signal goes once the server
    // has started answering (its headers are here), and the body is read after it.
    const inFlight = await fetch(`${baseUrl}/login`);
    portal.child.kill("SIGTERM");
    expect(inFlight.status).toBe(200);
    expect(await inFlight.text()).toContain("</html>");
    expect(await portal.exited).toBe(0);
    expect(portal.output()).toContain('"msg":"stopped"');
  });

  // The job queue starts after "listening" (a first migration takes a while on a slow machine); a
  // SIGTERM in that window once ended the process by the signal's default, with no cleanup.
  it("a SIGTERM right after listening, while the job queue still starts, stops cleanly", async () => {
    const portal = await spawnFresh();
    portal.child.stdout!.on("data", () => {
      if (portal.output().includes('"msg":"listening"') && !portal.child.killed) portal.child.kill("SIGTERM");
    });
    // Killed by the signal's default, the exit code would be null.
    expect(await portal.exited).toBe(0);
    expect(portal.output()).toContain('"msg":"stopped"');
  });
});
