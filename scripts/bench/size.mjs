// First-load size: the JS and CSS a page makes the browser download, gzip level 9.
// Measured two ways: from the server-rendered HTML (what really ships, CSS included) for
// the pages reachable from /login and /index, and from the Remix manifest for every route
// (JS only), so a heavy route that nothing links to is not missed.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

export const BUDGETS = { loginJsGz: 100 * 1024, heaviestJsGz: 180 * 1024 };
const MAX_CRAWL = 40;

export function createSizer(root) {
  const publicDir = path.join(root, "public");
  const cache = new Map();
  /** Raw and gzip (level 9) bytes of a built asset, read from public/ by its URL path. */
  const sizeOf = (urlPath) => {
    if (!cache.has(urlPath)) {
      const file = path.join(publicDir, decodeURIComponent(urlPath));
      if (!file.startsWith(publicDir + path.sep)) throw new Error(`asset outside public/: ${urlPath}`);
      const bytes = fs.readFileSync(file);
      cache.set(urlPath, { raw: bytes.length, gz: zlib.gzipSync(bytes, { level: 9 }).length });
    }
    return cache.get(urlPath);
  };
  const total = (urls) =>
    [...urls].reduce(
      (sum, url) => {
        const { raw, gz } = sizeOf(url);
        return { raw: sum.raw + raw, gz: sum.gz + gz };
      },
      { raw: 0, gz: 0 },
    );
  return { sizeOf, total };
}

/** Script, module preload and stylesheet URLs of a server-rendered page (same origin only). */
export function assetsInHtml(html, baseUrl) {
  const js = new Set();
  const css = new Set();
  const local = (href) => {
    const url = new URL(href.replace(/&amp;/g, "&"), baseUrl);
    return url.origin === new URL(baseUrl).origin ? url.pathname : null;
  };
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name) => tag.match(new RegExp(`\\s${name}=["']([^"']*)["']`, "i"))?.[1];
    if (/^<script/i.test(tag) && attr("src")) js.add(local(attr("src")));
    const rel = (attr("rel") ?? "").toLowerCase().split(/\s+/);
    // The page writes its preloads inert and turns them live after the first paint (docs/decisions/024).
    if (rel.some((r) => r === "modulepreload" || r === "x-after-paint-modulepreload") && attr("href")) js.add(local(attr("href")));
    if (rel.includes("stylesheet") && attr("href")) css.add(local(attr("href")));
  }
  // Remix's inline bootstrap imports entry.client and route modules by URL too.
  for (const m of html.matchAll(/import(?:\s+[^"';]*?from)?\s*["'](\/build\/[^"']+\.js)["']/g)) js.add(m[1]);
  js.delete(null);
  css.delete(null);
  return { js, css };
}

/** Measures one page as a browser would first load it. */
export async function measurePage(sizer, baseUrl, urlPath, cookie) {
  const res = await fetch(baseUrl + urlPath, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const html = await res.text();
  if (res.status !== 200 || !/text\/html/.test(res.headers.get("content-type") ?? "")) {
    return { url: urlPath, status: res.status, skipped: true };
  }
  const { js, css } = assetsInHtml(html, baseUrl);
  const jsSize = sizer.total(js);
  const cssSize = sizer.total(css);
  return {
    url: urlPath,
    status: res.status,
    jsGz: jsSize.gz,
    jsRaw: jsSize.raw,
    cssGz: cssSize.gz,
    cssRaw: cssSize.raw,
    htmlGz: zlib.gzipSync(html, { level: 9 }).length,
    jsFiles: js.size,
    cssFiles: css.size,
    links: [...html.matchAll(/<a\b[^>]*\shref="(\/[^"#?]*)/g)].map((m) => m[1]),
  };
}

/** JS closure of every page route in the manifest: entry.client + the route chain + imports. */
export async function manifestSizes(root, sizer) {
  const build = await import(pathToFileURL(path.join(root, "build/index.js")).href);
  const { entry, routes } = build.assets;
  const parentIds = new Set(
    Object.values(routes)
      .map((r) => r.parentId)
      .filter(Boolean),
  );
  // The larger of the per-language text chunks (app/i18n/client-texts.ts), which every hydrated page loads.
  const textChunk = fs
    .readdirSync(path.join(root, "public/build/_shared"))
    .filter((f) => /^(zh|en)-[\w-]+\.js$/.test(f))
    .map((f) => `/build/_shared/${f}`)
    .sort((a, b) => sizer.total(new Set([b])).gz - sizer.total(new Set([a])).gz)[0];
  const rows = [];
  for (const [id, route] of Object.entries(routes)) {
    const serverModule = build.routes[id]?.module ?? {};
    if (id === "root" || parentIds.has(id) || !serverModule.default) continue; // only leaf pages
    const js = new Set([entry.module, ...entry.imports]);
    // Without lazy route discovery (docs/decisions/051) every hydrated page also loads the whole route manifest.
    if (!build.future?.v3_lazyRouteDiscovery) js.add(build.assets.url);
    const css = new Set();
    const chain = [];
    for (let r = route; r; r = r.parentId ? routes[r.parentId] : undefined) chain.unshift(r.id);
    for (const rid of chain) {
      const r = routes[rid];
      js.add(r.module);
      for (const url of r.imports ?? []) js.add(url);
      for (const url of r.css ?? []) css.add(url);
    }
    // A page that ships no script (handle.hydrate false) downloads none of it; the others also fetch their language's texts.
    const noScript = chain.some((rid) => build.routes[rid]?.module?.handle?.hydrate === false);
    if (noScript) js.clear();
    else if (textChunk) js.add(textChunk);
    rows.push({ routeId: id, chain, noScript, jsGz: sizer.total(js).gz, jsRaw: sizer.total(js).raw, manifestCssGz: sizer.total(css).gz });
  }
  return rows.sort((a, b) => b.jsGz - a.jsGz);
}

/** /login signed out, /index signed in, every page linked from there, and the heaviest of them. */
export async function measureSizes({ root, baseUrl, cookie }) {
  const sizer = createSizer(root);
  const login = await measurePage(sizer, baseUrl, "/login");
  const index = await measurePage(sizer, baseUrl, "/index", cookie);
  if (login.skipped || index.skipped) throw new Error(`size: /login ${login.status}, /index ${index.status}`);

  const seen = new Set(["/login", "/index"]);
  const queue = [...index.links];
  const crawled = [index];
  while (queue.length && seen.size < MAX_CRAWL) {
    const url = queue.shift();
    if (seen.has(url) || /^\/(build|api|logout|language|booth|ui)\b/.test(url) || /\.\w+$/.test(url)) continue;
    seen.add(url);
    const page = await measurePage(sizer, baseUrl, url, cookie);
    if (!page.skipped) crawled.push(page);
  }
  const heaviest = crawled.reduce((a, b) => (b.jsGz > a.jsGz ? b : a));
  const manifest = await manifestSizes(root, sizer);
  const worstRoute = manifest[0];
  const heaviestJsGz = Math.max(heaviest.jsGz, worstRoute?.jsGz ?? 0);
  const strip = ({ links, ...page }) => page;
  return {
    budgets: BUDGETS,
    pages: { login: strip(login), index: strip(index), heaviest: strip(heaviest) },
    crawled: crawled.map(strip),
    manifestRoutes: manifest,
    checks: {
      loginJs: { valueGz: login.jsGz, budgetGz: BUDGETS.loginJsGz, pass: login.jsGz <= BUDGETS.loginJsGz },
      heaviestJs: {
        valueGz: heaviestJsGz,
        budgetGz: BUDGETS.heaviestJsGz,
        pass: heaviestJsGz <= BUDGETS.heaviestJsGz,
        page: heaviest.url,
        manifestRoute: worstRoute?.routeId,
      },
    },
  };
}
