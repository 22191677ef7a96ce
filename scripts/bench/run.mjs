// `npm run bench`: first-load size, SSR throughput/latency and Lighthouse for the production
// build, on the embedded database and (when DATABASE_URL is set) on a throwaway PostgreSQL
// database. Writes bench/results.json and prints tables. Budgets are reported, never enforced.
//
// Env: BENCH_DURATION (s per page, default 10), BENCH_CONNECTIONS (50), BENCH_WARMUP (s, 2),
//      BENCH_SKIP_LIGHTHOUSE, BENCH_LIGHTHOUSE_DIR (keep whole reports), BENCH_SKIP_MEMORY, BENCH_OUT (default bench/results.json), DATABASE_URL, CHROME_PATH,
//      BENCH_ONLY (a comma list of parts to run: size, pages, load, lighthouse, memory; e.g. BENCH_ONLY=lighthouse),
//      BENCH_LIGHTHOUSE_PAGES (a comma list of page names to audit, lighthouse.mjs).
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { measureLighthouse } from "./lighthouse.mjs";
import { AREA_PAGES, measureLoad } from "./load.mjs";
import { sweepAreaPages } from "./pages.mjs";
import { printReport } from "./report.mjs";
import { redactUrl, signIn, startServer, throwawayDatabase } from "./server.mjs";
import { measureSizes } from "./size.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const positive = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of seconds or connections`);
  return value;
};
const settings = {
  durationSec: positive("BENCH_DURATION", 10),
  connections: positive("BENCH_CONNECTIONS", 50),
  warmupSec: positive("BENCH_WARMUP", 2),
};
/** The parts of the bench to run: all by default, or those BENCH_ONLY names (to measure one thing quickly). */
const PARTS = ["size", "pages", "load", "lighthouse", "memory"];
const only = (process.env.BENCH_ONLY ?? "")
  .split(",")
  .map((part) => part.trim())
  .filter(Boolean);
for (const part of only) if (!PARTS.includes(part)) throw new Error(`BENCH_ONLY: unknown part ${part} (parts: ${PARTS.join(", ")})`);
const runs = (part) => !only.length || only.includes(part);
const outFile = path.resolve(root, process.env.BENCH_OUT ?? "bench/results.json");
const log = (message) => process.stderr.write(`${message}\n`);

// Ctrl-C: stop the server we started and drop the throwaway database before leaving.
const cleanups = new Set();
process.once("SIGINT", async () => {
  log("bench: interrupted, cleaning up");
  for (const cleanup of [...cleanups].reverse()) await cleanup().catch(() => {});
  process.exit(130);
});

function ensureBuild() {
  const needed = ["build/index.js", "build/server/index.js"].filter((f) => !fs.existsSync(path.join(root, f)));
  if (needed.length) {
    log(`bench: no build (${needed.join(", ")}); running npm run build`);
    execFileSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  }
  const manifest = fs.readdirSync(path.join(root, "public/build")).find((f) => /^manifest-.*\.js$/.test(f));
  return { version: manifest?.replace(/^manifest-|\.js$/g, "") ?? "unknown", builtAt: fs.statSync(path.join(root, "build/index.js")).mtime };
}

function gitCommit() {
  try {
    const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" }).trim() !== "";
    return dirty ? `${sha}+changes` : sha;
  } catch {
    return null;
  }
}

/** Boots one server, measures it, and always stops it. Sizes are taken on the first target only. */
async function benchTarget(target, results) {
  log(`\nbench: ${target.label}: starting server`);
  const loadAverage = () => Math.round(os.loadavg()[0] * 100) / 100;
  target.loadAverage1m = { before: loadAverage() };
  let server;
  try {
    server = await startServer({ cwd: root, databaseUrl: target.databaseUrl });
    cleanups.add(server.stop);
    target.bootMs = server.bootMs;
    log(`bench: server pid ${server.pid} on ${server.baseUrl}, ready in ${(server.bootMs / 1000).toFixed(1)} s`);
    const cookie = await signIn(server.baseUrl);
    if (!results.size && runs("size")) {
      log("bench: measuring first-load sizes");
      results.size = await measureSizes({ root, baseUrl: server.baseUrl, cookie }).catch((error) => ({ error: error.message }));
    }
    let sweep = { error: "BENCH_ONLY leaves the sweep out" };
    if (runs("pages")) {
      log("bench: every area page, one request at a time");
      sweep = await sweepAreaPages({ baseUrl: server.baseUrl, serverPid: server.pid, signIn, log }).catch((error) => ({ error: error.message }));
      target.areaPages = sweep.error ? sweep : { pages: sweep.pages, heaviest: sweep.heaviest };
    }
    if (runs("load")) {
      log("bench: SSR load");
      target.load = await measureLoad({
        baseUrl: server.baseUrl,
        serverPid: server.pid,
        cookie,
        extraTargets: sweep.error ? [] : heaviestTargets(sweep),
        duration: settings.durationSec,
        connections: settings.connections,
        warmup: settings.warmupSec,
        log,
      });
    }
    if (runs("lighthouse")) {
      log("bench: Lighthouse");
      target.lighthouse = await measureLighthouse({ baseUrl: server.baseUrl, cookie, log, cleanups });
    }
  } catch (error) {
    target.error = error.message;
    log(`bench: ${target.label} failed: ${error.message}`);
  } finally {
    cleanups.delete(server?.stop);
    await server?.stop();
  }
  target.loadAverage1m.after = loadAverage();
  delete target.databaseUrl;
}

/** Every area's heaviest page under load too, unless it is already that area's main form page. */
function heaviestTargets(sweep) {
  return sweep.heaviest
    .filter((h) => !h.missing && !(h.side === "exhibitor" && AREA_PAGES.some((page) => page.path === h.path)))
    .map((h) => ({
      name: `heaviest-${h.area}`,
      path: h.path,
      label: `${h.path} (${h.side})`,
      language: "zh",
      cookie: sweep.cookies[h.side],
      note: `the heaviest page of ${h.area} by CPU per request (${h.side})`,
    }));
}

/**
 * Memory: the load suite's 100-user load (scripts/load), twice in a row on one embedded server,
 * with the server's RSS after each run. About 5 minutes; BENCH_SKIP_MEMORY=1 leaves it out.
 */
function measureMemory() {
  if (process.env.BENCH_SKIP_MEMORY) return { skipped: "BENCH_SKIP_MEMORY is set" };
  if (!runs("memory")) return { skipped: "BENCH_ONLY leaves it out" };
  log("\nbench: memory (the load suite's 100-user load, twice on one server)");
  const run = spawnSync(process.execPath, ["scripts/load/run.mjs"], {
    cwd: root,
    env: { ...process.env, LOAD_ONLY: "embedded-load", LOAD_RUNS: "2" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const line = run.stdout.split("\n").find((l) => l.startsWith("memory-json "));
  if (!line) return { error: `the load suite gave no memory figures (exit ${run.status}): ${run.stdout.slice(-800)}` };
  return { ...JSON.parse(line.slice("memory-json ".length)), suiteExit: run.status };
}

async function main() {
  const build = ensureBuild();
  const results = {
    generatedAt: new Date().toISOString(),
    commit: gitCommit(),
    build,
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    settings: { ...settings, only: only.length ? only : undefined, loopback: true, note: "autocannon runs in this process and shares the CPU with the server" },
    size: null,
    targets: [],
  };

  const embedded = { database: "embedded", label: "Embedded database (PGlite)" };
  await benchTarget(embedded, results);
  embedded.memory = measureMemory();
  results.targets.push(embedded);

  const postgres = { database: "postgresql", label: "PostgreSQL" };
  if (!process.env.DATABASE_URL) {
    postgres.skipped = "DATABASE_URL is not set";
  } else {
    const db = await throwawayDatabase(process.env.DATABASE_URL);
    if (db.skipped) {
      postgres.skipped = db.skipped;
    } else {
      postgres.server = redactUrl(db.url);
      postgres.databaseUrl = db.url;
      cleanups.add(db.drop);
      try {
        await benchTarget(postgres, results);
      } finally {
        cleanups.delete(db.drop);
        await db.drop().catch((error) => log(`bench: could not drop ${db.name}: ${error.message}`));
      }
    }
  }
  results.targets.push(postgres);

  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`);
  printReport(results);
  log(`bench: wrote ${path.relative(process.cwd(), outFile) || outFile}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
