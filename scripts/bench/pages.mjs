// Every area page, one request at a time: found by following the links each side of the portal
// sees (exhibitor, raw-space exhibitor, carrier, organizer), measured by the server's CPU per
// request, so "every area's heaviest page" (issue 19, goal 1) is measured, not assumed.
import { cpuMs, timedGet } from "./load.mjs";

/** The areas of docs/product.md § Areas: the first path segment of every page in them. */
export const AREAS = ["exhibitorInfo", "bookingService", "boothConstruction", "invoiceArea", "exhibitTL"];

/** Who the sweep signs in as; the organizer (roleId 1) sees the review side of every area. */
export const SIDES = [
  { side: "exhibitor", username: "std01", password: "Expo#2026" },
  { side: "exhibitor (raw space)", username: "raw01", password: "Expo#2026" },
  { side: "carrier", username: "carrier01", password: "Expo#2026" },
  { side: "organizer", username: "admin", password: "Admin#2026" },
];

const MAX_PAGES_PER_SIDE = 60;

/**
 * Pages of one shape are measured once: a list links to many detail pages (/exhibitTL/review/12,
 * /13, …) and to its own later pages (?page=2). The `step` of a multi-step form is kept, because
 * each step renders different fields.
 */
export function pageShape(url) {
  const { pathname, searchParams } = new URL(url, "http://x");
  const path = pathname
    .split("/")
    .map((segment) => (/\d/.test(segment) ? ":id" : segment))
    .join("/");
  return searchParams.has("step") ? `${path}?step=${searchParams.get("step")}` : path;
}

const isAreaLink = (href) => AREAS.includes(new URL(href, "http://x").pathname.split("/")[1]);

function linksIn(html) {
  return [...html.matchAll(/<a\b[^>]*\shref="(\/[^"#]*)"/g)].map((m) => m[1].replace(/&amp;/g, "&")).filter(isAreaLink);
}

/** Breadth-first from /index over the area links one side sees; only HTML pages that answer 200. */
export async function crawlAreaPages(baseUrl, headers) {
  const shapes = new Set();
  const pages = [];
  const queue = ["/index"];
  const seen = new Set(queue);
  while (queue.length && pages.length < MAX_PAGES_PER_SIDE) {
    const url = queue.shift();
    const res = await fetch(baseUrl + url, { headers, redirect: "manual" });
    const body = await res.text();
    if (res.status !== 200 || !/text\/html/.test(res.headers.get("content-type") ?? "")) continue;
    if (url !== "/index") pages.push(url);
    for (const link of linksIn(body)) {
      const shape = pageShape(link);
      if (seen.has(link) || shapes.has(shape)) continue;
      seen.add(link);
      shapes.add(shape);
      queue.push(link);
    }
  }
  return pages;
}

/** CPU per request of one page: `runs` requests one after another after `warm` unrecorded ones. */
export async function pageCpu({ baseUrl, serverPid, url, headers, warm = 3, runs = 15 }) {
  for (let i = 0; i < warm; i++) await timedGet(baseUrl + url, headers);
  const before = cpuMs(serverPid);
  const times = [];
  let last;
  for (let i = 0; i < runs; i++) {
    last = await timedGet(baseUrl + url, headers);
    times.push(last.ms);
  }
  const after = cpuMs(serverPid);
  times.sort((a, b) => a - b);
  return {
    status: last.status,
    cpuMsPerRequest: before === null || after === null ? null : Math.round(((after - before) / runs) * 10) / 10,
    p50Ms: Math.round(times[Math.floor(runs / 2)] * 10) / 10,
    sqlStatements: last.sqlStatements,
  };
}

/**
 * Signs in as each side, finds its area pages and measures each. Returns every page measured and,
 * per area, the heaviest page by CPU per request (with the cookie to load it with).
 */
export async function sweepAreaPages({ baseUrl, serverPid, signIn, log = () => {} }) {
  const rows = [];
  const cookies = {};
  for (const { side, username, password } of SIDES) {
    const cookie = await signIn(baseUrl, { username, password });
    cookies[side] = cookie;
    // Chinese: four areas are hidden in English (their layouts' `hiddenInEnglish`).
    const headers = { cookie, "accept-language": "zh-CN,zh;q=0.9", "accept-encoding": "gzip, deflate, br", accept: "text/html" };
    const pages = await crawlAreaPages(baseUrl, headers);
    log(`  ${side} (${username}): ${pages.length} area pages`);
    for (const url of pages) {
      rows.push({ side, username, area: new URL(url, "http://x").pathname.split("/")[1], path: url, ...(await pageCpu({ baseUrl, serverPid, url, headers })) });
    }
  }
  const heaviest = AREAS.map((area) => {
    const inArea = rows.filter((row) => row.area === area && row.cpuMsPerRequest !== null);
    if (!inArea.length) return { area, missing: true };
    const top = inArea.reduce((a, b) => (b.cpuMsPerRequest > a.cpuMsPerRequest ? b : a));
    return { ...top, pagesMeasured: inArea.length };
  });
  return { pages: rows, heaviest, cookies };
}
