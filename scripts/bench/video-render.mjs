// Page latency while promotional videos render (issue 40): `node scripts/bench/video-render.mjs`.
// Starts the production build (build/server/index.js, as built) on a fresh embedded database with the
// demo data and JOBS=on (the default: the video queue runs in the server's process), signs in as std01,
// and measures signed-in pages with a few concurrent clients:
//   (a) no render running, (b) renders back to back at VIDEO_NICE=15 (the default),
//   (c) the same on a second server with VIDEO_NICE=0, for comparison (VIDEO_BENCH_SKIP_NICE0=1 leaves it out).
// A script, never a test: the figures are reported, not checked.
//
// Env: VIDEO_BENCH_DURATION (s per phase, default 20), VIDEO_BENCH_CLIENTS (concurrent clients, 4),
//      VIDEO_BENCH_SKIP_NICE0, VIDEO_BENCH_JSON (write the results there too).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { percentile, table } from "../load/util.mjs";
import { cpuMs } from "./load.mjs";
import { DEMO_USER, startServer } from "./server.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const log = (message) => process.stderr.write(`${message}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const number = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const settings = { durationSec: number("VIDEO_BENCH_DURATION", 20), clients: number("VIDEO_BENCH_CLIENTS", 4), warmupSec: 3 };

/** The signed-in pages measured, in turn by each client. */
const PAGES = ["/index", "/exhibitorInfo/exhibitorData"];
const VIDEO_PAGE = "/exhibitorInfo/promotionalVideo";
const PROGRESS_API = "/api/node/service/exhibitor/video/progress";
const CLIENT_IP = "203.0.113.40";

function browserHeaders(cookie, extra = {}) {
  return {
    "x-forwarded-for": CLIENT_IP,
    "accept-language": "en-US,en;q=0.9",
    "accept-encoding": "gzip, deflate, br",
    accept: "text/html,application/xhtml+xml,*/*;q=0.8",
    "user-agent": "portal-bench (video-render)",
    ...(cookie ? { cookie } : {}),
    ...extra,
  };
}

/** GET /login then the form POST; returns the `ticket=…` cookie pair. */
async function signIn(baseUrl) {
  await (await fetch(`${baseUrl}/login`, { headers: browserHeaders() })).arrayBuffer();
  const res = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: browserHeaders(undefined, { "content-type": "application/x-www-form-urlencoded", origin: baseUrl }),
    body: new URLSearchParams({ username: DEMO_USER.username, password: DEMO_USER.password, redirectTo: "/index" }),
  });
  const ticket = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("ticket=") && c.length > "ticket=".length);
  if (!ticket) throw new Error(`sign-in as ${DEMO_USER.username} failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return ticket;
}

async function videoState(baseUrl, cookie) {
  const res = await fetch(baseUrl + PROGRESS_API, { headers: browserHeaders(cookie, { accept: "application/json" }) });
  const text = await res.text();
  try {
    const body = JSON.parse(text);
    const status = body.data ?? body;
    if (status?.state) return status;
  } catch {
    /* not JSON: read the page instead */
  }
  const page = await (await fetch(baseUrl + VIDEO_PAGE, { headers: browserHeaders(cookie) })).text();
  const state = /data-testid="video-state"[^>]*data-state="([a-z]+)"|data-state="([a-z]+)"[^>]*data-testid="video-state"/.exec(page);
  return { state: state?.[1] ?? state?.[2] ?? `unknown (progress API ${res.status})` };
}

async function waitIdle(baseUrl, cookie, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await videoState(baseUrl, cookie);
    if (!["queued", "rendering"].includes(status.state)) return status;
    if (Date.now() > deadline) throw new Error(`the video is still ${status.state} after ${timeoutMs / 1000} s`);
    await sleep(1000);
  }
}

/** The form POST the page's start button makes. */
async function startRender(baseUrl, cookie) {
  const res = await fetch(baseUrl + VIDEO_PAGE, {
    method: "POST",
    redirect: "manual",
    headers: browserHeaders(cookie, { "content-type": "application/x-www-form-urlencoded", origin: baseUrl }),
    body: new URLSearchParams({ intent: "start", orientation: "portrait" }),
  });
  await res.arrayBuffer();
  return res.status;
}

/**
 * Starts a render, waits until it is done (or failed), starts the next, until stop() is called;
 * the render running at that moment is waited for, so the next phase starts with none.
 */
function renderBackToBack(baseUrl, cookie) {
  const stats = { started: 0, done: 0, failed: 0, refused: 0, renderMs: [], errors: [] };
  let stopping = false;
  const loop = (async () => {
    while (!stopping) {
      const status = await startRender(baseUrl, cookie);
      if (status !== 302 && status !== 200) {
        stats.refused++;
        await sleep(500);
        continue;
      }
      stats.started++;
      const began = Date.now();
      for (;;) {
        await sleep(500);
        const state = await videoState(baseUrl, cookie);
        if (state.state === "done") {
          stats.done++;
          stats.renderMs.push(Date.now() - began);
          break;
        }
        if (state.state === "failed") {
          stats.failed++;
          stats.errors.push(state.error);
          break;
        }
      }
    }
  })();
  return {
    stats,
    stop: async () => {
      stopping = true;
      await loop;
      return stats;
    },
  };
}

/** The server's ffmpeg children (pid, nice) from /proc; [] where /proc is missing. */
function ffmpegChildren(serverPid) {
  const found = [];
  let entries = [];
  try {
    entries = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return found;
  }
  for (const pid of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // fields[1] is the parent pid, fields[16] the nice value (proc(5), counted from the state field).
      if (Number(fields[1]) === serverPid && name.includes("ffmpeg")) found.push({ pid: Number(pid), nice: Number(fields[16]) });
    } catch {
      /* gone meanwhile */
    }
  }
  return found;
}

/** Samples whether ffmpeg runs, four times a second; stop() answers the share of samples with one and the nice values seen. */
function watchRenders(serverPid) {
  let samples = 0;
  let busy = 0;
  const nice = new Set();
  const timer = setInterval(() => {
    samples++;
    const children = ffmpegChildren(serverPid);
    if (children.length) busy++;
    for (const child of children) nice.add(child.nice);
  }, 250);
  return () => {
    clearInterval(timer);
    return { renderingPct: samples ? Math.round((busy / samples) * 1000) / 10 : null, ffmpegNice: [...nice].sort((a, b) => a - b) };
  };
}

/** `clients` closed-loop clients, each GETting PAGES in turn for `seconds`; the latency of every answer. */
async function measurePages(baseUrl, cookie, seconds, clients) {
  const latencies = [];
  const perPage = Object.fromEntries(PAGES.map((p) => [p, []]));
  const statuses = {};
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = client; performance.now() < end; i++) {
        const page = PAGES[i % PAGES.length];
        const started = performance.now();
        try {
          const res = await fetch(baseUrl + page, { headers: browserHeaders(cookie), redirect: "manual" });
          await res.arrayBuffer();
          const ms = performance.now() - started;
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          latencies.push(ms);
          perPage[page].push(ms);
        } catch {
          errors++;
        }
      }
    }),
  );
  const sorted = latencies.sort((a, b) => a - b);
  const round = (v) => (Number.isFinite(v) ? Math.round(v) : null);
  return {
    requests: sorted.length,
    requestsPerSec: Math.round((sorted.length / seconds) * 10) / 10,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1)),
    perPageP99: Object.fromEntries(
      Object.entries(perPage).map(([p, v]) => [
        p,
        round(
          percentile(
            v.sort((a, b) => a - b),
            99,
          ),
        ),
      ]),
    ),
    statuses,
    errors,
  };
}

/** One phase: the page load for the duration, with renders running back to back or none. */
async function phase({ label, server, cookie, render }) {
  log(`video-bench: ${label}: ${settings.durationSec} s, ${settings.clients} clients`);
  const renders = render ? renderBackToBack(server.baseUrl, cookie) : null;
  if (renders) {
    // Measure only once the first render's ffmpeg runs.
    const deadline = Date.now() + 30_000;
    while (!ffmpegChildren(server.pid).length && Date.now() < deadline) await sleep(100);
  }
  const stopWatch = watchRenders(server.pid);
  const cpuBefore = cpuMs(server.pid);
  const load = await measurePages(server.baseUrl, cookie, settings.durationSec, settings.clients);
  const cpuAfter = cpuMs(server.pid);
  const watched = stopWatch();
  const renderStats = renders ? await renders.stop() : null;
  const row = {
    label,
    ...load,
    ...watched,
    serverCpuPct: cpuBefore === null || cpuAfter === null ? null : Math.round(((cpuAfter - cpuBefore) / (settings.durationSec * 1000)) * 1000) / 10,
    loadAverage1m: Math.round(os.loadavg()[0] * 100) / 100,
  };
  if (renderStats) {
    const sorted = renderStats.renderMs.sort((a, b) => a - b);
    Object.assign(row, {
      rendersDone: renderStats.done,
      rendersFailed: renderStats.failed,
      renderErrors: renderStats.errors.slice(0, 3),
      renderMedianSec: sorted.length ? Math.round(percentile(sorted, 50) / 100) / 10 : null,
    });
  }
  log(`video-bench: ${label}: ${row.requests} requests, p50 ${row.p50} ms, p99 ${row.p99} ms${renderStats ? `, ${renderStats.done} renders done` : ""}`);
  return row;
}

/** Boots a server at the given niceness, waits for the seed's queued demo video, runs the phases, stops it. */
async function withServer(videoNice, phases) {
  // startServer passes this process's environment on.
  Object.assign(process.env, { VIDEO_NICE: String(videoNice), TRUST_PROXY: "loopback", JOBS: "on" });
  log(`video-bench: starting the server (VIDEO_NICE=${videoNice}, JOBS=on, embedded database, demo data)`);
  const server = await startServer({ cwd: root });
  const stop = async () => {
    process.off("SIGINT", onInterrupt);
    await server.stop();
  };
  const onInterrupt = async () => {
    await server.stop();
    process.exit(130);
  };
  process.once("SIGINT", onInterrupt);
  try {
    log(`video-bench: server pid ${server.pid} on ${server.baseUrl}, ready in ${(server.bootMs / 1000).toFixed(1)} s`);
    const cookie = await signIn(server.baseUrl);
    // The seed queues a demo video for std01: let it finish first, so (a) has no render.
    const before = await waitIdle(server.baseUrl, cookie);
    log(`video-bench: demo video ${before.state}; warming up ${settings.warmupSec} s`);
    await measurePages(server.baseUrl, cookie, settings.warmupSec, settings.clients);
    const rows = [];
    for (const p of phases) rows.push(await phase({ ...p, server, cookie }));
    return rows;
  } finally {
    await stop();
  }
}

async function main() {
  const rows = [];
  rows.push(
    ...(await withServer(15, [
      { label: "(a) no render", render: false },
      { label: "(b) renders, VIDEO_NICE=15", render: true },
    ])),
  );
  if (!process.env.VIDEO_BENCH_SKIP_NICE0) rows.push(...(await withServer(0, [{ label: "(c) renders, VIDEO_NICE=0", render: true }])));

  const results = {
    generatedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version },
    settings: { ...settings, pages: PAGES, jobs: "on (the video queue runs in the server's process)", database: "embedded (PGlite)" },
    phases: rows,
  };
  const header = ["phase", "requests", "req/s", "p50", "p95", "p99", "max", "renders done", "ffmpeg running", "ffmpeg nice", "server CPU", "non-2xx/errors"];
  const lines = rows.map((r) => [
    r.label,
    r.requests,
    r.requestsPerSec,
    `${r.p50} ms`,
    `${r.p95} ms`,
    `${r.p99} ms`,
    `${r.max} ms`,
    r.rendersDone ?? "–",
    r.renderingPct === null ? "–" : `${r.renderingPct} %`,
    r.ffmpegNice.join(",") || "–",
    r.serverCpuPct === null ? "–" : `${r.serverCpuPct} %`,
    `${Object.entries(r.statuses)
      .filter(([s]) => s !== "200")
      .reduce((n, [, c]) => n + c, 0)}/${r.errors}`,
  ]);
  console.log(`\nPage latency while promotional videos render (${PAGES.join(", ")}; ${settings.clients} clients, ${settings.durationSec} s per phase)\n`);
  console.log(table([header, ...lines]));
  for (const r of rows) if (r.renderErrors?.length) console.log(`${r.label}: failed renders: ${r.renderErrors.join("; ")}`);
  console.log(`\nvideo-bench-json ${JSON.stringify(results)}`);
  if (process.env.VIDEO_BENCH_JSON) fs.writeFileSync(process.env.VIDEO_BENCH_JSON, `${JSON.stringify(results, null, 2)}\n`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
