// SSR throughput and latency with autocannon's programmatic API.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import autocannon from "autocannon";

let clockTicks;
/** Busy and total CPU time (ms, all CPUs) of the whole machine so far, from /proc/stat, or null. */
function machineCpuMs() {
  try {
    clockTicks ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" })) || 100;
    const ticks = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const total = ticks.reduce((a, b) => a + b, 0);
    const idle = ticks[3] + ticks[4]; // idle + iowait
    return { busy: ((total - idle) * 1000) / clockTicks, total: (total * 1000) / clockTicks };
  } catch {
    return null;
  }
}

const selfCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * CPU time (user + system, ms) the server process has used so far, from /proc (Linux), or null.
 * Per request, it tells the cost of a page even when other work shares the machine.
 */
export function cpuMs(pid) {
  try {
    clockTicks ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" })) || 100;
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicks; // utime, stime
  } catch {
    return null;
  }
}

/**
 * The main form page of every area (docs/product.md § Areas). Four areas are hidden in English (their layouts'
 * `hiddenInEnglish`), so they are asked for in Chinese: Node's fetch sends `Accept-Language: *`,
 * which the portal reads as English, and those pages then answered 302 to /401.
 */
export const AREA_PAGES = [
  { name: "exhibitorData", path: "/exhibitorInfo/exhibitorData?step=company", note: "exhibitor data area: profile step with the country list" },
  { name: "badges", path: "/exhibitorInfo/exhibitorCertificateApply", note: "badges area: the application form and list" },
  { name: "booking", path: "/bookingService/onlineBookingService", language: "zh", note: "booking area: the service catalogue and cart" },
  { name: "construction", path: "/boothConstruction/standardConstruction", language: "zh", note: "booth construction area: the fascia form" },
  { name: "invoices", path: "/invoiceArea/billingApplication", language: "zh", note: "invoice area: the application form" },
  { name: "transport", path: "/exhibitTL/carriage", language: "zh", note: "transport area: the declaration list and form" },
  { name: "vehicles", path: "/exhibitTL/truckInformationSubmit", language: "zh", note: "vehicles: the truck form and list" },
];

/**
 * The pages measured; `floor` is the reference the others are divided by. Without `language`, English.
 * `extra`: further pages with their own cookie (every area's heaviest page, from scripts/bench/pages.mjs).
 */
export function loadTargets(cookie, extra = []) {
  return [
    { name: "healthz", path: "/healthz", note: "Express only, no React" },
    { name: "floor", path: "/404", note: "root + static 404 page, no API calls", floor: true },
    { name: "login", path: "/login", note: "signed out" },
    { name: "index", path: "/index", cookie, note: "signed in home" },
    { name: "changePassword", path: "/changePassword", cookie, note: "signed in area page" },
    ...AREA_PAGES.map((page) => ({ ...page, cookie })),
    ...extra,
  ];
}

/**
 * autocannon's result, plus the latencies of every response but each connection's first. Node's
 * libuv accepts one new connection per turn of the event loop (libuv PR #3696), so when the run opens
 * its 50 connections at once on a busy server, their first requests wait many turns to be accepted.
 */
function run(options) {
  return new Promise((resolve, reject) => {
    const opened = new WeakSet();
    const onOpenConnections = [];
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve({ ...result, onOpenConnections })));
    instance.on("response", (client, _status, _bytes, responseTime) => {
      if (opened.has(client)) onOpenConnections.push(responseTime);
      else opened.add(client);
    });
  });
}

function percentile(values, fraction) {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]);
}

export async function timedGet(url, headers) {
  const started = performance.now();
  const res = await fetch(url, { headers, redirect: "manual" });
  await res.arrayBuffer();
  const statements = /db;desc="(\d+) SQL statements"/.exec(res.headers.get("server-timing") ?? "");
  return { status: res.status, ms: performance.now() - started, sqlStatements: statements ? Number(statements[1]) : null };
}

/**
 * Requests still queued in the server when autocannon stops would slow the next run down:
 * wait until one request alone is about as fast as it was before the load (at most 20 s).
 */
async function settle(url, headers, idleMs) {
  const deadline = Date.now() + 20_000;
  let probes = 0;
  while (Date.now() < deadline) {
    probes++;
    if ((await timedGet(url, headers)).ms <= Math.max(idleMs * 2, idleMs + 50)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return probes;
}

/**
 * Runs each target for `duration` seconds with `connections` keep-alive connections, after a
 * short warm-up (JIT, caches, connection pools) that is not recorded.
 */
export async function measureLoad({ baseUrl, serverPid, cookie, extraTargets = [], duration, connections, warmup, log = () => {} }) {
  const rows = [];
  for (const target of loadTargets(cookie, extraTargets)) {
    const headers = {
      // What a browser sends, so compression costs what it costs in production.
      "accept-encoding": "gzip, deflate, br",
      accept: "text/html,application/xhtml+xml,*/*;q=0.8",
      "user-agent": "portal-bench (autocannon)",
      "accept-language": target.language === "zh" ? "zh-CN,zh;q=0.9" : "en-US,en;q=0.9",
      ...(target.cookie ? { cookie: target.cookie } : {}),
    };
    const url = baseUrl + target.path;
    const probe = await timedGet(url, headers);
    // Single-request latency when idle: the median of 21 (the goal is set on it) and the best.
    const singles = [];
    let warm = probe;
    for (let i = 0; i < 21; i++) {
      warm = await timedGet(url, headers);
      singles.push(warm.ms);
    }
    singles.sort((a, b) => a - b);
    const idleMs = singles[0];
    const idleP50Ms = singles[10];
    if (warmup > 0) {
      await run({ url, headers, connections: Math.min(10, connections), duration: warmup });
      await settle(url, headers, idleMs);
    }
    log(`  ${target.path}: ${duration} s, ${connections} connections`);
    const cpuBefore = cpuMs(serverPid);
    const machineBefore = machineCpuMs();
    const selfBefore = selfCpuMs();
    const r = await run({ url, headers, connections, duration });
    const machineAfter = machineCpuMs();
    const othersMs =
      machineBefore && machineAfter && cpuBefore !== null
        ? machineAfter.busy - machineBefore.busy - (cpuMs(serverPid) - cpuBefore) - (selfCpuMs() - selfBefore)
        : null;
    // Requests still in flight when the run stops are finished during settle(), so the
    // server's CPU time is divided by every request sent, the settle probes included.
    const probes = await settle(url, headers, idleMs);
    const cpuAfter = cpuMs(serverPid);
    const served = r.requests.sent + probes;
    rows.push({
      name: target.name,
      path: target.path,
      label: target.label,
      note: target.note,
      floor: Boolean(target.floor),
      status: probe.status,
      idleLatencyMs: Math.round(idleMs * 10) / 10,
      idleP50Ms: Math.round(idleP50Ms * 10) / 10,
      // Statements of one warm request, its in-process API calls included (Server-Timing).
      sqlStatements: warm.sqlStatements,
      requestsPerSec: Math.round(r.requests.average * 10) / 10,
      latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
      // The same without each connection's first request (see run()): what a client already connected sees.
      latencyOnOpenConnectionsMs: { p50: percentile(r.onOpenConnections, 0.5), p99: percentile(r.onOpenConnections, 0.99) },
      requests: r.requests.total,
      serverCpuMsPerRequest: cpuBefore === null || cpuAfter === null || !served ? null : Math.round(((cpuAfter - cpuBefore) / served) * 100) / 100,
      // Share of the machine's CPU that other processes took during the run (noise indicator).
      otherProcessesCpuPct: othersMs === null ? null : Math.max(0, Math.round((othersMs / (machineAfter.total - machineBefore.total)) * 1000) / 10),
      bytesPerSec: Math.round(r.throughput.average),
      non2xx: r.non2xx,
      errors: r.errors,
      timeouts: r.timeouts,
      durationSec: r.duration,
    });
  }
  const floor = rows.find((row) => row.floor);
  for (const row of rows) {
    row.ratioToFloor = floor?.requestsPerSec ? Math.round((row.requestsPerSec / floor.requestsPerSec) * 100) / 100 : null;
  }
  return rows;
}
