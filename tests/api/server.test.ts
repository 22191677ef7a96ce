import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/test-api";

describe("server plumbing", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi("pglite");
  });
  afterAll(() => api?.close());

  it("answers /healthz and /readyz (database reachable)", async () => {
    const health = await fetch(`${api.baseUrl}/healthz`);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${api.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: "pglite" });
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
    const other = await startTestApi("pglite");
    await other.database.close();
    const ready = await fetch(`${other.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
  });
});

// The built server (npm test builds first); these check the real process.
const built = fs.existsSync("build/server/index.js") && fs.existsSync("build/index.js");

describe.skipIf(!built)("the built server process", () => {
  const children: ReturnType<typeof spawn>[] = [];
  afterAll(() => {
    children.forEach((c) => {
      if (c.exitCode === null) c.kill("SIGKILL");
    });
  });
  it("stops at boot with a message naming a bad variable", async () => {
    const child = spawn("node", ["build/server/index.js"], { env: { ...process.env, PORT: "eighty" } });
    children.push(child);
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += d));
    const code = await new Promise((resolve) => child.on("exit", resolve));
    expect(code).toBe(78);
    expect(stderr).toContain('PORT="eighty"');
  });

  it("serves, then on SIGTERM finishes in-flight requests and exits 0", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-proc-"));
    const child = spawn("node", ["build/server/index.js"], {
      env: { ...process.env, PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "info", SEED_DEMO_DATA: "never" },
    });
    children.push(child);
    let output = "";
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on("data", (d) => {
        output += d;
        const match = output.match(/"port":(\d+)/);
        if (match) resolve(Number(match[1]));
      });
      child.on("exit", () => reject(new Error(`exited early: ${output}`)));
    });
    const login = await fetch(`http://127.0.0.1:${port}/login`, { headers: { "accept-language": "zh-CN,zh;q=0.9" } });
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('<html lang="zh"');
    // /login ships no script (docs/decisions/021): its stylesheet is a fingerprinted asset all the same.
    const asset = (await (await fetch(`http://127.0.0.1:${port}/login`)).text()).match(/\/build\/[^"]+\.(?:js|css)/)![0];
    const assetResponse = await fetch(`http://127.0.0.1:${port}${asset}`);
    expect(assetResponse.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    await assetResponse.arrayBuffer();
    // A request in flight when SIGTERM arrives still gets its answer.
    const inFlight = fetch(`http://127.0.0.1:${port}/login`).then(async (r) => {
      await r.text();
      return r.status;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const exited = new Promise((resolve) => child.on("exit", resolve));
    child.kill("SIGTERM");
    expect(await inFlight).toBe(200);
    expect(await exited).toBe(0);
    expect(output).toContain('"msg":"stopped"');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  // The job queue starts after "listening" (a first migration takes a while on a slow machine); a
  // SIGTERM in that window once ended the process by the signal's default, with no cleanup.
  it("a SIGTERM right after listening, while the job queue still starts, stops cleanly", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-proc-"));
    const child = spawn("node", ["build/server/index.js"], {
      env: { ...process.env, PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "info", SEED_DEMO_DATA: "never" },
    });
    children.push(child);
    let output = "";
    const exited = new Promise<[number | null, string | null]>((resolve) => child.on("exit", (code, signal) => resolve([code, signal])));
    child.stdout.on("data", (d) => {
      output += d;
      if (output.includes('"msg":"listening"') && !child.killed) child.kill("SIGTERM");
    });
    expect(await exited).toEqual([0, null]);
    expect(output).toContain('"msg":"stopped"');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
});
