// Lighthouse (default config = mobile preset with simulated throttling) in Debian's Chromium.
import fs from "node:fs";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { AREA_PAGES } from "./load.mjs";

export const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

function chromePath() {
  const candidates = [process.env.CHROME_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].filter(Boolean);
  return candidates.find((file) => fs.existsSync(file));
}

const score = (category) => (category && category.score !== null ? Math.round(category.score * 100) : null);
const numeric = (audit) => (audit && typeof audit.numericValue === "number" ? audit.numericValue : null);

function summarize(name, url, lhr) {
  const { categories: c, audits: a } = lhr;
  return {
    name,
    url,
    finalUrl: lhr.finalDisplayedUrl,
    lighthouseVersion: lhr.lighthouseVersion,
    performance: score(c.performance),
    accessibility: score(c.accessibility),
    bestPractices: score(c["best-practices"]),
    seo: score(c.seo),
    lcpMs: Math.round(numeric(a["largest-contentful-paint"]) ?? NaN) || null,
    fcpMs: Math.round(numeric(a["first-contentful-paint"]) ?? NaN) || null,
    tbtMs: Math.round(numeric(a["total-blocking-time"]) ?? NaN),
    // Time to interactive (Lighthouse's "interactive" audit, simulated like the others): the end of the last long task
    // once the page's scripts have loaded, i.e. about when hydration is done. Weight 0 in the score since Lighthouse 10,
    // but still computed by the default config.
    ttiMs: Math.round(numeric(a.interactive) ?? NaN) || null,
    cls: numeric(a["cumulative-layout-shift"]) === null ? null : Math.round(numeric(a["cumulative-layout-shift"]) * 1000) / 1000,
    // What keeps accessibility and performance below 100: the audits that failed, by id.
    failedAudits: ["accessibility", "performance"].flatMap((category) =>
      (c[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && a[ref.id]?.score !== null && a[ref.id]?.score < 0.9)
        .map((ref) => `${category}:${ref.id}`),
    ),
    runtimeError: lhr.runtimeError?.message,
    warnings: lhr.runWarnings?.length ? lhr.runWarnings : undefined,
  };
}

/**
 * Lighthouse's scores move from run to run (here mostly TBT, by a few hundred ms): each page is
 * audited BENCH_LIGHTHOUSE_RUNS times (3 by default, as Lighthouse's documentation advises for a
 * score to rely on) and the run with the median performance score is reported, with every run's score.
 */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) || 1);

const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** The run with the median score, with every run's score and TTI, and the median TTI of the runs (not only that run's). */
function medianAudit(audits) {
  const scored = audits.filter((audit) => !audit.error && audit.performance !== null);
  if (!scored.length) return audits[0];
  const median = [...scored].sort((a, b) => a.performance - b.performance)[Math.floor((scored.length - 1) / 2)];
  const ttis = scored.map((audit) => audit.ttiMs).filter((value) => value !== null);
  return {
    ...median,
    performanceRuns: audits.map((audit) => audit.performance ?? null),
    ttiRunsMs: audits.map((audit) => audit.ttiMs ?? null),
    ttiMedianMs: ttis.length ? middle(ttis) : null,
  };
}

/** One cold load of a page, with or without the session; its summary, or { error }. */
async function auditOnce(context, session, baseUrl, page, port, log) {
  // A cold load each time, with or without the session: Lighthouse's own reset is off so the cookie stays.
  await context.clearCookies();
  if (page.cookie) await context.addCookies(session);
  if (page.language) await context.addCookies([{ name: "lng", value: page.language, url: baseUrl, httpOnly: true, sameSite: "Lax" }]);
  const tab = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(tab);
  await cdp.send("Network.clearBrowserCache");
  await cdp.detach();
  const flags = { port, output: "json", logLevel: "error", disableStorageReset: true };
  try {
    // A trace that failed to record (NO_NAVSTART, seen here now and then) is Lighthouse's, not the page's: try again.
    let result;
    for (let attempt = 1; attempt <= 3; attempt++) {
      result = await lighthouse(baseUrl + page.path, flags);
      if (!result?.lhr?.runtimeError) break;
      log(`  lighthouse ${page.path}: ${result.lhr.runtimeError.code}, attempt ${attempt} of 3`);
    }
    if (!result?.lhr) throw new Error("Lighthouse returned no report");
    // BENCH_LIGHTHOUSE_DIR keeps each page's whole report (the last run's), to see what holds a score down.
    if (process.env.BENCH_LIGHTHOUSE_DIR) {
      fs.mkdirSync(process.env.BENCH_LIGHTHOUSE_DIR, { recursive: true });
      fs.writeFileSync(`${process.env.BENCH_LIGHTHOUSE_DIR}/${page.name}.json`, JSON.stringify(result.lhr));
    }
    return summarize(page.name, page.path, result.lhr);
  } catch (error) {
    return { name: page.name, url: page.path, error: error.message };
  }
}

/** /login, /index and every area's main page; BENCH_LIGHTHOUSE_PAGES=index,booking keeps only the pages so named. */
function lighthousePages(cookie) {
  const pages = [
    { name: "login", path: "/login" },
    { name: "index", path: "/index", cookie },
    // The main form page of every area (docs/product.md § Areas), in Chinese where the area is hidden in English.
    ...AREA_PAGES.map((page) => ({ ...page, cookie })),
  ];
  const wanted = (process.env.BENCH_LIGHTHOUSE_PAGES ?? "").split(",").filter(Boolean);
  const unknown = wanted.filter((name) => !pages.some((page) => page.name === name));
  if (unknown.length) throw new Error(`BENCH_LIGHTHOUSE_PAGES: unknown ${unknown.join(", ")} (pages: ${pages.map((page) => page.name).join(", ")})`);
  return wanted.length ? pages.filter((page) => wanted.includes(page.name)) : pages;
}

/**
 * Audits /login (signed out), /index and the main form page of every area (signed in: the session cookie in the jar).
 * Never throws: a missing or failing Chromium is recorded as { skipped: reason }.
 */
export async function measureLighthouse({ baseUrl, cookie, log = () => {}, cleanups = new Set() }) {
  if (process.env.BENCH_SKIP_LIGHTHOUSE) return { skipped: "BENCH_SKIP_LIGHTHOUSE is set" };
  const executable = chromePath();
  if (!executable) return { skipped: "Chromium not found (set CHROME_PATH or apt-get install chromium)" };

  let chrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: executable,
      chromeFlags: CHROME_FLAGS,
      logLevel: "silent",
      handleSIGINT: false, // run.mjs cleans up (server, database, this Chromium) on Ctrl-C
    });
  } catch (error) {
    return { skipped: `Chromium did not start: ${error.message}` };
  }
  const kill = () => chrome.kill();
  cleanups.add(kill);
  const pages = [];
  try {
    const version = await fetch(`http://127.0.0.1:${chrome.port}/json/version`)
      .then((r) => r.json())
      .catch(() => ({}));
    // The session goes into the browser's cookie jar. Sent as an extra header (Lighthouse's own way), it
    // lost to the jar once a page had set a cookie of its own, and the later pages audited /login.
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const session = (cookie ?? "")
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), url: baseUrl, httpOnly: true, sameSite: "Lax" }));
    for (const page of lighthousePages(cookie)) {
      const audits = [];
      for (let run = 1; run <= RUNS; run++) {
        log(`  lighthouse ${page.path}${RUNS > 1 ? ` (run ${run} of ${RUNS})` : ""}`);
        audits.push(await auditOnce(context, session, baseUrl, page, chrome.port, log));
      }
      pages.push(medianAudit(audits));
    }
    return {
      lighthouseVersion: pages.find((p) => p.lighthouseVersion)?.lighthouseVersion ?? null,
      browser: version.Browser ?? executable,
      formFactor: "mobile",
      pages,
    };
  } finally {
    cleanups.delete(kill);
    await chrome.kill();
  }
}
