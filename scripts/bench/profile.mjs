// `npm run bench:profile`: where the servers' CPU goes under the mixed load (issue 42, decision 041).
//
// Runs the capacity load once (LOAD_ONLY=postgres-load: two portal processes on PostgreSQL behind
// the proxy, PROFILE_USERS users, default 200) with both processes under V8's sampling profiler
// (--cpu-prof), keeps the samples taken during the load's window, and attributes each to a layer:
// the innermost frame of its stack that belongs to a known package or part of the app. Prints the
// table and writes PROFILE_OUT (bench/profile.json). `node scripts/bench/profile.mjs --analyze DIR [FROM_US TO_US]`
// analyzes profiles already written. A measurement, never a test. Needs `npm run build` and PostgreSQL.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { runPostgresLoad } from "./postgres-load.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Layers by where the code lives, tested in order on a frame's URL (or, for native frames, its name). */
const LAYERS = [
  ["garbage collection", (f) => f.functionName === "(garbage collector)"],
  ["React render: Mantine components", (f) => f.url.includes("/node_modules/@mantine/")],
  ["React render: react-dom", (f) => /\/node_modules\/(react-dom|react|scheduler)\//.test(f.url)],
  ["Remix routing, data and document", (f) => /\/node_modules\/(@remix-run|react-router|react-router-dom|turbo-stream|cookie-signature)\//.test(f.url)],
  ["validation (zod, Conform)", (f) => /\/node_modules\/(zod|@conform-to)\//.test(f.url)],
  ["SQL (Kysely, pg driver)", (f) => /\/node_modules\/(kysely|pg|pg-protocol|pg-pool|pg-types|postgres-\w+|@electric-sql)\//.test(f.url)],
  ["compression (zlib)", (f) => f.url.includes("/node_modules/compression/") || f.url === "node:zlib"],
  ["logging (pino)", (f) => /\/node_modules\/(pino|pino-std-serializers|sonic-boom|fast-redact|thread-stream)\//.test(f.url)],
  [
    "Express and body parsing",
    (f) =>
      /\/node_modules\/(express|router|body-parser|raw-body|qs|send|serve-static|finalhandler|on-finished|on-headers|accepts|negotiator|type-is|content-type|content-disposition|mime|mime-types|etag|fresh|busboy|multer|cookie|proxy-addr|forwarded|statuses|depd|vary|iconv-lite|encodeurl|escape-html|parseurl|range-parser|path-to-regexp|destroy|http-errors)\//.test(
        f.url,
      ),
  ],
  ["fetch Request/Response (in-process API calls)", (f) => f.url.includes("internal/deps/undici") || f.url.includes("/node_modules/undici/")],
  ["uploads: file sniffing and images", (f) => /\/node_modules\/(file-type|sharp|image-size|strtok3|token-types|peek-readable)\//.test(f.url)],
  ["app: pages (loaders, actions, components)", (f) => /\/build\/index\.js$/.test(f.url)],
  ["server: API handlers, auth, shell", (f) => /\/build\/server\/[^/]+\.js$/.test(f.url)],
  ["crypto (hashes, HMAC, random)", (f) => f.url.startsWith("node:internal/crypto") || f.url === "node:crypto"],
  ["Node HTTP, sockets and streams", (f) => /^node:(_http|http|net|internal\/(http|streams|stream_base|net)|stream|internal\/js_stream)/.test(f.url)],
];
const OTHER_PACKAGE = (f) => f.url.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1];

function layerOf(frames) {
  for (const frame of frames) {
    for (const [name, test] of LAYERS) if (test(frame)) return name;
    const pkg = OTHER_PACKAGE(frame);
    if (pkg) return `other package: ${pkg}`;
  }
  const leaf = frames[0];
  if (leaf?.functionName === "(program)") return "V8 and Node native (unattributed)";
  if (leaf?.url.startsWith("node:")) return "Node internals (other)";
  return "V8 and Node native (unattributed)";
}

/** Self-time per layer (ms) of one .cpuprofile, within [fromUs, toUs] of the monotonic clock. */
function analyze(profile, fromUs, toUs, totals) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const layerCache = new Map();
  const layerOfNode = (id) => {
    let layer = layerCache.get(id);
    if (layer) return layer;
    const frames = [];
    for (let at = id; at !== undefined; at = parent.get(at)) frames.push(byId.get(at).callFrame);
    layer = layerOf(frames);
    layerCache.set(id, layer);
    return layer;
  };
  let time = profile.startTime;
  let inWindow = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    time += profile.timeDeltas[i];
    if (fromUs !== null && (time < fromUs || time > toUs)) continue;
    const node = byId.get(profile.samples[i]);
    if (node.callFrame.functionName === "(idle)") continue;
    const deltaMs = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i]) / 1000;
    const layer = layerOfNode(node.id);
    totals.set(layer, (totals.get(layer) ?? 0) + deltaMs);
    inWindow += deltaMs;
  }
  return inWindow;
}

/**
 * The main threads' profiles (CPU.<date>.<time>.<pid>.0.<n>.cpuprofile) by layer; worker threads
 * (the password hash thread, thread id > 0) apart. A sample counts while its thread runs or waits
 * for a core, so shares are of busy time, not of CPU: the CPU per request comes from /proc (load-json).
 */
function analyzeDir(dir, window) {
  const totals = new Map();
  const workerTotals = new Map();
  let busyMs = 0;
  let workerBusyMs = 0;
  const files = fs.readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"));
  for (const file of files) {
    const isWorker = file.split(".")[4] !== "0";
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
    const ms = analyze(profile, window?.[0] ?? null, window?.[1] ?? null, isWorker ? workerTotals : totals);
    if (isWorker) workerBusyMs += ms;
    else busyMs += ms;
  }
  const rows = (map, of) => [...map].map(([layer, ms]) => ({ layer, ms: Math.round(ms), share: ms / of })).sort((a, b) => b.ms - a.ms);
  return {
    profiles: files.length,
    busyMs: Math.round(busyMs),
    layers: rows(totals, busyMs),
    workerThreads: { busyMs: Math.round(workerBusyMs), layers: rows(workerTotals, workerBusyMs || 1) },
  };
}

function print(result, requests) {
  console.log(`\nCPU of the server processes' main threads in the window, by layer (${result.profiles} profiles, ${result.busyMs} ms busy):`);
  for (const row of result.layers) {
    const perRequest = requests ? `  ${(row.ms / requests).toFixed(2).padStart(6)} ms/request` : "";
    console.log(`  ${(row.share * 100).toFixed(1).padStart(5)} %  ${String(row.ms).padStart(7)} ms${perRequest}  ${row.layer}`);
  }
  if (result.workerThreads.busyMs) {
    const top = result.workerThreads.layers.slice(0, 3).map((row) => `${row.layer} ${(row.share * 100).toFixed(0)} %`);
    console.log(`worker threads (password hashes): ${result.workerThreads.busyMs} ms busy (${top.join(", ")})`);
  }
}

if (process.argv[2] === "--analyze") {
  const window = process.argv[4] ? [Number(process.argv[4]), Number(process.argv[5])] : undefined;
  print(analyzeDir(process.argv[3], window));
} else {
  const users = Number(process.env.PROFILE_USERS ?? 200);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-profile-"));
  const { code, line } = await runPostgresLoad(users, { LOAD_NODE_FLAGS: `--cpu-prof --cpu-prof-dir=${dir} --cpu-prof-interval=500` });
  const windowLine = line("window-monotonic-us ");
  const loadLine = line("load-json ");
  if (code !== 0 || !windowLine || !loadLine) {
    console.error(`the load run failed (exit ${code}); profiles kept in ${dir}`);
    process.exit(1);
  }
  const window = windowLine.split(" ").map(Number);
  const load = JSON.parse(loadLine);
  const result = analyzeDir(dir, window);
  print(result, load.window.requests);
  const out = path.resolve(root, process.env.PROFILE_OUT ?? "bench/profile.json");
  fs.writeFileSync(
    out,
    `${JSON.stringify({ generatedAt: new Date().toISOString(), users, window: load.window, serverCpuMsPerRequest: load.window.serverCpuMsPerRequest, ...result }, null, 2)}\n`,
  );
  console.log(`\nwritten: ${path.relative(root, out)}; profiles in ${dir}`);
}
