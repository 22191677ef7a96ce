// Point 1: N simulated users sign in through the portal's form, then browse and save forms for a
// fixed window. Every acknowledged write (the action answered success) is remembered for the
// database check afterwards.
//
// Sign-ins are paced: users arrive over `arrivalMs` (15 s), and at most `signInConcurrency` (2)
// sign-in posts are in flight at once, before the window; a quarter of the users sign out and in
// again during the window. A sign-in costs one scrypt hash (N=2^17: 0.3-0.7 s of CPU here) on
// libuv's threadpool (4 threads), which also does every gzip and file read of the server: 100
// sign-ins at once queue all that hashing in front of those and stall every page, static files
// included, for tens of seconds (LOAD_SIGNIN_CONCURRENCY=100 shows it). Two at a time keep both
// cores hashing and leave two threads for the rest.
import crypto from "node:crypto";
import { Browser, feedbackImageField, PAGES, Stats } from "./client.mjs";
import { makePng, percentile, sha256, sleep } from "./util.mjs";

const BROWSE = Object.keys(PAGES);
const SKINS = ["skin1", "skin2", "skin3"];

/** A client address per user (never loopback: the server trusts loopback proxies only). */
export const userIp = (index, block = 20) => `10.${block}.${Math.floor(index / 250)}.${(index % 250) + 1}`;

/** Runs at most `limit` of the given functions at a time. */
function semaphore(limit) {
  let active = 0;
  const waiting = [];
  return async (fn) => {
    while (active >= limit) await new Promise((resolve) => waiting.push(resolve));
    active++;
    try {
      return await fn();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

function summary(stats, elapsedMs) {
  const sorted = [...stats.durations].sort((a, b) => a - b);
  return {
    stats,
    elapsedMs,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    byKind: [...stats.byKind].map(([kind, entry]) => {
      const d = [...entry.durations].sort((a, b) => a - b);
      return { kind, count: entry.count, errors: entry.errors, p50: percentile(d, 50), p99: percentile(d, 99) };
    }),
  };
}

/**
 * @param {{ baseUrl: string, accounts: {username: string, password: string}[], durationMs: number,
 *           thinkMs: number, tag: string, ipBlock?: number, signInConcurrency?: number,
 *           arrivalMs?: number, resignInShare?: number, timeoutMs?: number, onWindowStart?: () => void }} options
 */
export async function runLoad({
  baseUrl,
  accounts,
  durationMs,
  thinkMs,
  tag,
  ipBlock = 20,
  signInConcurrency = 2,
  arrivalMs = 15_000,
  resignInShare = 0.25,
  timeoutMs = 60_000,
  onWindowStart = () => {},
}) {
  const signInStats = new Stats();
  const stats = new Stats();
  const feedbackAcks = [];
  const skinAcks = new Map();
  const images = Array.from({ length: 8 }, (_, i) => makePng(i + 1));

  const browsers = accounts.map(
    (_, index) =>
      new Browser({
        baseUrl,
        ip: userIp(index, ipBlock),
        language: index % 3 === 0 ? "zh" : "en",
        javascript: index % 2 === 0,
        stats: signInStats,
        timeoutMs,
        fetchAssets: true,
      }),
  );

  // Arrival: every user opens the login page, signs in and lands on the home page.
  const signInStarted = performance.now();
  let signedIn = 0;
  let phase = "sign-in";
  let usersRunning = 0;
  // A line a minute, so a load that stops moving says where: what is still waiting, and since when.
  const progress = setInterval(() => {
    const waiting = browsers.map((b) => b.lastRequest).filter((r) => r && !r.done);
    const oldest = waiting.sort((a, b) => a.startedAt - b.startedAt)[0];
    const state = phase === "sign-in" ? `${signedIn}/${browsers.length} signed in` : `${usersRunning} users still running`;
    const since = oldest ? `, the oldest ${oldest.method} ${oldest.path} for ${Math.round((performance.now() - oldest.startedAt) / 1000)} s` : "";
    console.log(`[load] ${phase}: ${state}, ${waiting.length} requests in flight${since}`);
  }, 60_000);
  progress.unref();
  const failedUsers = new Set();
  const gate = semaphore(signInConcurrency);
  await Promise.all(
    browsers.map(async (browser, index) => {
      await sleep((arrivalMs * index) / browsers.length);
      try {
        await browser.signIn(accounts[index].username, accounts[index].password, { gate });
        signedIn++;
      } catch {
        failedUsers.add(index); // recorded in the stats
      }
    }),
  );
  // The feedback form as a page: which file input it has (images are attached through it).
  const first = browsers.findIndex((_, i) => !failedUsers.has(i));
  if (first >= 0) await browsers[first].loadDocument("/feedback").catch(() => failedUsers.add(first));
  const signInMs = performance.now() - signInStarted;

  // The window: everyone who signed in browses and saves forms until it ends.
  phase = "window";
  onWindowStart();
  const startedAt = performance.now();
  const endAt = startedAt + durationMs;
  // Think time: uniform around thinkMs (typing a feedback takes twice as long); never past the window.
  const think = (factor = 1) => sleep(Math.min(thinkMs * factor * (0.25 + Math.random() * 1.5), Math.max(0, endAt - performance.now())));

  async function virtualUser(index) {
    usersRunning++;
    try {
      await browsing(index);
    } finally {
      usersRunning--;
    }
  }

  async function browsing(index) {
    const browser = browsers[index];
    browser.stats = stats;
    const { username, password } = accounts[index];
    // Some users sign out and in again once, at a random moment of the window.
    let resignInAt = Math.random() < resignInShare ? startedAt + Math.random() * durationMs * 0.8 : Infinity;
    // Users start out of step with each other.
    await sleep(Math.random() * thinkMs * 2);
    let seq = 0;
    while (performance.now() < endAt) {
      if (performance.now() >= resignInAt) {
        await browser.request("post", "POST", "/logout", {
          body: "",
          document: true,
          check: (res) => (res.status === 302 && res.headers.get("location") === "/login" ? null : "expected a redirect to /login"),
        });
        browser.currentPath = null;
        await browser.signIn(username, password);
        resignInAt = Infinity;
        await think();
        continue;
      }
      const roll = Math.random();
      if (roll < 0.55) {
        await browser.visit(BROWSE[crypto.randomInt(BROWSE.length)]);
      } else if (roll < 0.85) {
        await browser.visit("/feedback");
        await think(2); // typing
        seq++;
        const token = `${tag}-${index}-${seq}`;
        const type = 1 + crypto.randomInt(5);
        // Mixed scripts and a line break, as people type; well under the 300-character limit.
        const content = `${token} load test 负载测试 user ${username} write ${seq}\nok`;
        const image = feedbackImageField() && (index + seq) % 3 === 0 ? { bytes: images[(index + seq) % images.length], name: `photo-${seq}.png` } : null;
        await browser.submitFeedback({ type, content, image }, () =>
          feedbackAcks.push({ token, username, type, content, imageSha: image ? sha256(image.bytes) : null }),
        );
      } else {
        await browser.visit("/skin");
        await think();
        const skin = SKINS[crypto.randomInt(SKINS.length)];
        await browser.submitSkin(skin, () => skinAcks.set(username, skin));
      }
      await think();
    }
  }

  // A user stops at its first error (it is recorded); the others carry on.
  const results = await Promise.allSettled(accounts.map((_, i) => (failedUsers.has(i) ? Promise.reject(new Error("not signed in")) : virtualUser(i))));
  const elapsedMs = performance.now() - startedAt;
  clearInterval(progress);
  return {
    ...summary(stats, elapsedMs),
    signIn: { ...summary(signInStats, signInMs), signedIn },
    feedbackAcks,
    skinAcks,
    usersFailed: results.filter((r) => r.status === "rejected").length,
    imageField: feedbackImageField(),
    /** The signed-in cookie jars, for later phases (sessions live in the database). */
    sessions: browsers.map((b, i) => ({ username: accounts[i].username, cookies: b.cookies })),
  };
}
