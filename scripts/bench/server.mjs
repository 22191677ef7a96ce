// Starts and stops the production server for the benchmark, signs in, and
// provides a throwaway PostgreSQL database when DATABASE_URL is set.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const DEMO_USER = { username: "std01", password: "Expo#2026" };

/** A random free port above 3500 on loopback (other engineers run servers on the usual ones). */
export async function freePort() {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = 3501 + crypto.randomInt(20000);
    const free = await new Promise((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error("no free port found above 3500");
}

/**
 * Boots `node build/server/index.js` with a temporary DATA_DIR. Resolves once /readyz answers.
 * The returned stop() sends SIGTERM to this PID only (SIGKILL after 10 s) and removes DATA_DIR.
 */
export async function startServer({ cwd, databaseUrl }) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
  const env = {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOGIN_CAPTCHA: "never",
    // Each page answer names its SQL statement count (Server-Timing), which the load table reports.
    SERVER_TIMING: "true",
    PUBLIC_URL: "",
    API_BASE_URL: "",
  };
  delete env.DATABASE_URL;
  // The benchmark signs in with the demo's accounts: asked for explicitly (a plain start seeds nothing).
  env.SEED_DEMO_DATA = "always";
  if (databaseUrl) env.DATABASE_URL = databaseUrl;

  const child = spawn(process.execPath, ["--max-old-space-size=384", "build/server/index.js"], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const started = Date.now();
  while (Date.now() - started < 180_000) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited with ${child.exitCode} before it was ready:\n${output.slice(-3000)}`);
    }
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) return { baseUrl, port, pid: child.pid, bootMs: Date.now() - started, stop, output: () => output };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`server not ready after 180 s:\n${output.slice(-3000)}`);
}

/** GET /login then POST /login; returns the `ticket=…` cookie pair. */
export async function signIn(baseUrl, { username, password } = DEMO_USER) {
  const page = await fetch(`${baseUrl}/login`);
  if (!page.ok) throw new Error(`GET /login answered ${page.status}`);
  await page.text();
  const res = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password, redirectTo: "/index" }),
  });
  const ticket = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("ticket=") && c.length > "ticket=".length);
  if (!ticket) throw new Error(`sign-in as ${username} failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return ticket;
}

/**
 * Creates an empty database `bench_<random>` next to the one DATABASE_URL names, so the
 * benchmark never touches real data. Returns { url, name, drop } or { skipped: reason }.
 */
export async function throwawayDatabase(databaseUrl) {
  const name = `bench_${crypto.randomBytes(4).toString("hex")}`;
  const withDatabase = (db) => Object.assign(new URL(databaseUrl), { pathname: `/${db}` }).toString();
  // CREATE/DROP DATABASE run from the database DATABASE_URL names, or from `postgres` if it does not exist.
  const admin = async (sql) => {
    let client = new pg.Client({ connectionString: databaseUrl });
    try {
      await client.connect();
    } catch (error) {
      if (error.code !== "3D000") throw error;
      client = new pg.Client({ connectionString: withDatabase("postgres") });
      await client.connect();
    }
    try {
      await client.query(sql);
    } finally {
      await client.end().catch(() => {});
    }
  };
  try {
    await admin(`CREATE DATABASE ${name}`);
  } catch (error) {
    return { skipped: `could not create a throwaway database from DATABASE_URL: ${error.message}` };
  }
  return { url: withDatabase(name), name, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** DATABASE_URL without its password, for the report. */
export function redactUrl(databaseUrl) {
  const url = new URL(databaseUrl);
  if (url.password) url.password = "***";
  return url.toString();
}
