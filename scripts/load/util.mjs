// Small helpers shared by the load and fault suite: ports, temp dirs, cleanup, a PNG, statistics.
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------
// Ports: 3600-3699 only (other suites on this machine use other ranges).

const PORT_MIN = 3600;
const PORT_MAX = 3699;
// fetch refuses the Fetch standard's "bad ports"; 3659 (apple-sasl) is the one in this range.
const handedOut = new Set([3659]);

function isFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

/** A free loopback port in 3600-3699 not handed out before in this run. */
export async function freePort() {
  const candidates = [];
  for (let p = PORT_MIN; p <= PORT_MAX; p++) if (!handedOut.has(p)) candidates.push(p);
  // Random order, so two runs at once rarely collide.
  for (let i = candidates.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [candidates[i], candidates[j]] = [candidates[j], candidates[i]];
  }
  for (const port of candidates) {
    if (await isFree(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${PORT_MIN}-${PORT_MAX}`);
}

// ---------------------------------------------------------------------------
// Cleanup: every child process, temp dir and async teardown registered here is undone at the end,
// on failure and on Ctrl-C.

const children = new Set();
const tempDirs = new Set();
const teardowns = [];

export function trackChild(child) {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

export function makeTempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

/** Registers an async teardown (e.g. DROP DATABASE); run last-in first-out by cleanup(). */
export function onCleanup(fn) {
  teardowns.push(fn);
}

let cleaning = null;
export function cleanup() {
  cleaning ??= (async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    }
    const deadline = Date.now() + 12_000;
    while (children.size && Date.now() < deadline) await sleep(100);
    for (const child of children) child.kill("SIGKILL");
    while (teardowns.length) {
      const fn = teardowns.pop();
      try {
        await fn();
      } catch (error) {
        console.error(`cleanup: ${error.message}`);
      }
    }
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
    tempDirs.clear();
  })();
  return cleaning;
}

/** Last resort when the process exits without cleanup(): synchronous kill and removal only. */
process.once("exit", () => {
  for (const child of children) {
    try {
      child.kill("SIGKILL");
    } catch {
      /* already gone */
    }
  }
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------
// A small, valid PNG (checked by magic number on the server; a real image anyway).

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 16x16 RGB PNG whose colour depends on `seed`, so files differ. */
export function makePng(seed = 0) {
  const size = 16;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      row[1 + x * 3] = (seed * 37 + x * 16) & 0xff;
      row[2 + x * 3] = (seed * 91 + y * 16) & 0xff;
      row[3 + x * 3] = (seed * 13) & 0xff;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(Buffer.concat(rows))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const sha256 = (bytes) => crypto.createHash("sha256").update(bytes).digest("hex");

// ---------------------------------------------------------------------------
// Statistics and formatting.

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export function table(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  const line = (r) => `| ${r.map((cell, c) => String(cell).padEnd(widths[c])).join(" | ")} |`;
  return [line(rows[0]), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...rows.slice(1).map(line)].join("\n");
}

export const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : "–");
export const seconds = (value) => `${(value / 1000).toFixed(1)} s`;
