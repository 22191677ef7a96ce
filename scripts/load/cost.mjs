// CPU per request kind (issue 42): after a load, one signed-in browser at a time makes each kind of
// request of the load, one after another, alone on the servers; the servers' CPU time (user + system,
// all threads, from Linux /proc) over those requests divided by their count is that kind's cost. The
// load's own mix cannot be split by kind while requests overlap; alone, each kind is measured whole
// (its SQL on the database server is not counted: PostgreSQL is another process).
import fs from "node:fs";
import { Browser, feedbackImageField, PAGES, Stats } from "./client.mjs";
import { makePng } from "./util.mjs";

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU time of the processes so far, in ms, or null where /proc cannot tell. */
export function cpuMsOf(pids) {
  let total = 0;
  for (const pid of pids) {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
    } catch {
      return null;
    }
  }
  return total;
}

/**
 * CPU time so far of the processes' threads that run niced, in ms: the password hash threads
 * (server/auth/password-hasher.ts raises their nice; nothing else does), or null where /proc cannot
 * tell. The part of the servers' CPU that is sign-ins' hashes, not pages; read from /proc, so builds
 * from before the portal_password_hash_cpu_seconds_total metric are measured the same way.
 */
export function hashThreadCpuMsOf(pids) {
  let total = 0;
  for (const pid of pids) {
    try {
      const fieldsOf = (stat) => stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const mainNice = Number(fieldsOf(fs.readFileSync(`/proc/${pid}/stat`, "utf8"))[16]);
      for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
        let fields;
        try {
          fields = fieldsOf(fs.readFileSync(`/proc/${pid}/task/${task}/stat`, "utf8"));
        } catch {
          continue; // a thread that ended meanwhile
        }
        if (Number(fields[16]) > mainNice) total += ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
      }
    } catch {
      return null;
    }
  }
  return total;
}

/**
 * @param {{ baseUrl: string, pids: number[], account: {username: string, password: string}, repeat?: number, ip?: string }} options
 * @returns {Promise<{ kind: string, requests: number, cpuMsPerRequest: number | null, p50Ms: number }[]>}
 */
export async function measureCostPerKind({ baseUrl, pids, account, repeat = 40, ip = "10.60.0.1" }) {
  const stats = new Stats();
  const documents = new Browser({ baseUrl, ip, language: "zh", javascript: false, stats, fetchAssets: false });
  const data = new Browser({ baseUrl, ip, language: "zh", javascript: true, stats, fetchAssets: false });
  await documents.signIn(account.username, account.password);
  await data.signIn(account.username, account.password);
  await documents.loadDocument("/feedback");
  // One of the scripts the home page names (modulepreload links or script tags).
  const asset = [...(await documents.loadDocument("/index")).matchAll(/(?:href|src)="(\/build\/[^"]+\.js)"/g)].map((m) => m[1])[0];
  const image = makePng(3);
  let seq = 0;

  /** @type {[string, () => Promise<unknown>][]} */
  const kinds = [
    ...Object.keys(PAGES).map((path) => [`page ${path} (document)`, () => documents.loadDocument(path)]),
    ...Object.keys(PAGES).map((path) => [`data ${path} (JS on)`, () => data.loadData(path, PAGES[path])]),
    // What a JavaScript post asks again besides its page: the root's loader and the frame's.
    ["data root of /feedback (JS on)", () => data.loadData("/feedback", "root")],
    ["data frame (routes/_shell) of /feedback (JS on)", () => data.loadData("/feedback", "routes/_shell")],
    ["post /skin (document)", () => documents.submitSkin(["skin1", "skin2", "skin3"][seq++ % 3])],
    ["post /feedback (document)", () => documents.submitFeedback({ type: 1, content: `cost ${seq++}` })],
    [
      "post /feedback with an image (document)",
      () => documents.submitFeedback({ type: 2, content: `cost ${seq++}`, image: feedbackImageField() ? { bytes: image, name: "p.png" } : null }),
    ],
    ...(asset
      ? [
          [
            `asset ${asset.replace(/-[A-Z0-9]+\.js$/i, "-….js")}`,
            () => documents.request("asset", "GET", asset, { binary: true, check: (res) => (res.status === 200 ? null : "expected 200") }),
          ],
        ]
      : []),
  ];
  const results = [];
  for (const [kind, run] of kinds) {
    await run(); // warm: the first request of a kind fills caches
    const durations = [];
    const before = cpuMsOf(pids);
    for (let i = 0; i < repeat; i++) {
      const started = performance.now();
      await run();
      durations.push(performance.now() - started);
    }
    const after = cpuMsOf(pids);
    durations.sort((a, b) => a - b);
    results.push({
      kind,
      requests: repeat,
      cpuMsPerRequest: before === null || after === null ? null : (after - before) / repeat,
      p50Ms: durations[Math.floor(durations.length / 2)],
    });
  }
  // A sign-in alone (the password hash dominates): a few, each on a fresh browser.
  const signIns = 5;
  const before = cpuMsOf(pids);
  for (let i = 0; i < signIns; i++)
    await new Browser({ baseUrl, ip: `10.60.1.${i + 1}`, stats, fetchAssets: false }).signIn(account.username, account.password);
  const after = cpuMsOf(pids);
  results.push({
    kind: "sign-in (login page, post, home page)",
    requests: signIns,
    cpuMsPerRequest: before === null || after === null ? null : (after - before) / signIns,
    p50Ms: Number.NaN,
  });
  if (stats.errors) throw new Error(`cost measurement: ${stats.errors} request(s) failed: ${stats.errorSamples.map((e) => e.message).join("; ")}`);
  return results;
}
