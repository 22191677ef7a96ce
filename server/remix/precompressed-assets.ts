import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

const ENCODINGS = [
  { name: "br", suffix: ".br" },
  { name: "gzip", suffix: ".gz" },
] as const;

/** The encodings an Accept-Encoding header allows (q > 0), as a set of names. */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) <= 0) continue;
    accepted.add(name);
  }
  return accepted;
}

/**
 * Serves the brotli or gzip copy `npm run build` wrote beside each asset (scripts/precompress-assets.mjs)
 * when the browser accepts it: the bytes go out as they are, with the asset's own type, so the
 * compression middleware leaves them alone (it skips an answer that already has a Content-Encoding).
 * The copies are listed once at start; an asset without one falls through to the static handler.
 * Mounted before express.static on /build (server/app.ts); decision 041.
 */
export function precompressedAssets(buildDir: string): RequestHandler {
  const copies = new Set<string>();
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".br") || entry.name.endsWith(".gz")) copies.add(path.relative(buildDir, full).split(path.sep).join("/"));
    }
  };
  walk(buildDir);

  return (req, res, next) => {
    if (copies.size === 0 || (req.method !== "GET" && req.method !== "HEAD")) return next();
    const relative = req.path.replace(/^\/+/, "");
    const accepted = acceptedEncodings(req.get("accept-encoding"));
    const encoding = ENCODINGS.find((e) => accepted.has(e.name) && copies.has(relative + e.suffix));
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    // The asset's own type (by its name): the copy's .br/.gz would otherwise decide it.
    if (path.extname(relative)) res.type(path.extname(relative));
    res.set("Content-Encoding", encoding.name);
    req.url = req.url.replace(/^[^?]*/, (p) => p + encoding.suffix);
    next();
  };
}
