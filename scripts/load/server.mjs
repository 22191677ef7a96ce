// Starts, stops and kills `node build/server/index.js`; runs `build/server/cli.js`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { makeTempDir, sleep, trackChild } from "./util.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Where the processes run from: a snapshot of the build (see snapshotBuild), else the checkout. */
let runDir = ROOT;

/** The client files (/build/...) the server build refers to, missing from `dir`/public. */
function missingAssets(dir) {
  const serverBuild = fs.readFileSync(path.join(dir, "build/index.js"), "utf8");
  const urls = new Set(serverBuild.match(/\/build\/[\w./-]+\.(?:js|css)/g) ?? []);
  return [...urls].filter((url) => !fs.existsSync(path.join(dir, "public", url)));
}

/**
 * Copies build/, public/ and package.json to a temp dir (node_modules linked) and runs every
 * process from there: the whole suite then tests one build, even if someone rebuilds the
 * checkout meanwhile (a rebuild empties public/build for a while). Retries while the copy is
 * inconsistent (taken in the middle of a build).
 */
export async function snapshotBuild() {
  for (let attempt = 1; ; attempt++) {
    const dir = makeTempDir("portal-load-build-");
    for (const name of ["build", "public"]) fs.cpSync(path.join(ROOT, name), path.join(dir, name), { recursive: true });
    fs.copyFileSync(path.join(ROOT, "package.json"), path.join(dir, "package.json"));
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    const missing = missingAssets(dir);
    if (!missing.length) {
      runDir = dir;
      return dir;
    }
    if (attempt >= 12) throw new Error(`the build is incomplete (${missing.length} client files missing, e.g. ${missing[0]}); is a build running?`);
    fs.rmSync(dir, { recursive: true, force: true });
    await sleep(5000);
  }
}

/**
 * The environment of a portal process: production mode, loopback only, its own DATA_DIR, and
 * either the embedded database (no DATABASE_URL) or `databaseUrl`. LOGIN_CAPTCHA stays at the
 * default "auto": a captcha only appears after failed sign-ins, and the load users never fail.
 */
export function portalEnv({ port, dataDir, databaseUrl, extra = {} }) {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port ?? 0),
    DATA_DIR: dataDir,
    // LOAD_SERVER_LOG=prefix keeps every server's log (with the access lines) in prefix-<name>.log.
    LOG_LEVEL: process.env.LOAD_SERVER_LOG ? "info" : "warn",
    TRUST_PROXY: "loopback",
    SEED_DEMO_DATA: "always",
    SHUTDOWN_TIMEOUT_MS: "15000",
    ...extra,
  };
  // Defaults for everything else: the embedded or given database, local file storage under DATA_DIR.
  for (const name of Object.keys(env)) {
    const portalSetting =
      ["DATABASE_URL", "PUBLIC_URL", "API_BASE_URL", "LOGIN_CAPTCHA", "SESSION_SECRET", "RSA_PRIVATE_KEY", "STORAGE"].includes(name) || name.startsWith("S3_");
    if (portalSetting && !(name in extra)) delete env[name];
  }
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

/** Runs the CLI (migrate, seed, create-user) with the given environment; rejects with its output on failure. */
export function runCli(args, env) {
  return new Promise((resolve, reject) => {
    const child = trackChild(spawn(process.execPath, ["build/server/cli.js", ...args], { cwd: runDir, env, stdio: ["ignore", "pipe", "pipe"] }));
    let output = "";
    child.stdout.on("data", (c) => (output += c));
    child.stderr.on("data", (c) => (output += c));
    child.once("exit", (code, signal) => {
      if (code === 0) resolve(output);
      else reject(new Error(`cli ${args[0]} exited with ${code ?? signal}:\n${output.slice(-3000)}`));
    });
  });
}

/**
 * A portal process. `logs` collects the JSON log lines at level error or above (pino: >= 50),
 * so a phase can tell whether the server itself reported failures.
 */
/**
 * The V8 flags `npm run serve` starts the server with (package.json), so the measured memory is production's;
 * LOAD_NODE_FLAGS adds more (the profile, scripts/bench/profile.mjs: --cpu-prof).
 */
export const SERVER_NODE_FLAGS = ["--max-old-space-size=384", ...(process.env.LOAD_NODE_FLAGS ?? "").split(" ").filter(Boolean)];

export class PortalProcess {
  constructor({ name, port, env }) {
    this.name = name;
    this.port = port;
    this.env = env;
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.errorLines = [];
    this.output = "";
    this.child = null;
  }

  get running() {
    return Boolean(this.child && this.child.exitCode === null && this.child.signalCode === null);
  }

  /**
   * Starts the process and waits for /readyz. A process still not ready after
   * `stuckMs` is killed and started once more, with what it answered kept in `this.restarts`
   * (seen twice in CI, not reproduced since: the diagnostics say where to look next).
   */
  async start({ timeoutMs = 180_000, stuckMs = 60_000 } = {}) {
    const started = Date.now();
    this.restarts ??= [];
    for (let attempt = 1; ; attempt++) {
      this.spawnChild();
      const last = attempt >= 2 ? timeoutMs - (Date.now() - started) : Math.min(stuckMs, timeoutMs);
      const outcome = await this.waitReady(last);
      if (outcome.ready) {
        this.bootMs = Date.now() - started;
        return this;
      }
      const diagnostics = {
        attempt,
        afterMs: Date.now() - started,
        lastReadyz: outcome.last,
        healthz: await probe(`${this.baseUrl}/healthz`),
        output: this.output.slice(-1500),
      };
      if (attempt >= 2 || Date.now() - started >= timeoutMs) {
        throw new Error(`${this.name} not ready after ${Math.round((Date.now() - started) / 1000)} s: ${JSON.stringify(diagnostics, null, 2)}`);
      }
      console.warn(
        `[load] ${this.name} was not ready after ${Math.round(diagnostics.afterMs / 1000)} s; restarting it once: ${JSON.stringify({ lastReadyz: diagnostics.lastReadyz, healthz: diagnostics.healthz })}`,
      );
      this.restarts.push(diagnostics);
      await this.kill();
    }
  }

  spawnChild() {
    const child = trackChild(
      spawn(process.execPath, [...SERVER_NODE_FLAGS, "build/server/index.js"], { cwd: runDir, env: this.env, stdio: ["ignore", "pipe", "pipe"] }),
    );
    this.child = child;
    this.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
    let pending = "";
    const collect = (data) => {
      const text = data.toString();
      this.output = (this.output + text).slice(-40_000);
      pending += text;
      const lines = pending.split("\n");
      pending = lines.pop();
      for (const line of lines) {
        if (!line.startsWith("{")) continue;
        try {
          const entry = JSON.parse(line);
          if (entry.level >= 50) this.errorLines.push(entry);
        } catch {
          /* not a log line */
        }
      }
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    if (process.env.LOAD_SERVER_LOG) {
      const file = fs.createWriteStream(`${path.resolve(process.env.LOAD_SERVER_LOG)}-${this.name}.log`, { flags: "a" });
      child.stdout.pipe(file);
      child.stderr.pipe(file);
    }
  }

  /** Polls /readyz on a fresh connection each time (no client pool that could itself be stuck). */
  async waitReady(withinMs) {
    const started = Date.now();
    let last = "not polled";
    while (Date.now() - started < withinMs) {
      if (!this.running) {
        throw new Error(`${this.name} exited (${this.child.exitCode ?? this.child.signalCode}) before it was ready:\n${this.output.slice(-3000)}`);
      }
      last = await probe(`${this.baseUrl}/readyz`);
      if (last === "200") return { ready: true, last };
      await sleep(200);
    }
    return { ready: false, last };
  }

  /** SIGTERM (graceful: in-flight requests finish, the database closes); SIGKILL after `graceMs`. */
  async stop({ graceMs = 20_000 } = {}) {
    if (!this.running) return this.exited ? await this.exited : null;
    this.child.kill("SIGTERM");
    const timer = setTimeout(() => this.running && this.child.kill("SIGKILL"), graceMs);
    const result = await this.exited;
    clearTimeout(timer);
    return result;
  }

  /** SIGKILL: no shutdown code runs at all, as in a crash or an OOM kill. */
  async kill() {
    if (!this.running) return null;
    this.child.kill("SIGKILL");
    return this.exited;
  }
}

/** GET on its own connection, 5 s at most: the status code, or what went wrong. */
function probe(url) {
  return new Promise((resolve) => {
    const request = http.get(url, { agent: false, timeout: 5000 }, (response) => {
      response.resume();
      response.on("end", () => resolve(String(response.statusCode)));
    });
    request.on("timeout", () => {
      request.destroy();
      resolve("timeout after 5 s");
    });
    request.on("error", (error) => resolve(`error: ${error.code ?? error.message}`));
  });
}
