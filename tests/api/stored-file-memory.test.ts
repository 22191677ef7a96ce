import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { createCookie } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Portal, signIn, startPortal, stopPortal } from "../support/portal-processes";

/**
 * Issue 50, point 1: a stored file is answered by streaming it from the store, so readers that hold
 * a download open cost the server no more than the streams' buffers, whatever the file's size. A
 * production portal process (the build) serves a 160 MiB video (sparse on disk: quick to make) to
 * slow readers of `Range: bytes=0-` on the public link, HEAD requests for it, and slow readers of a
 * data-area download through the page (the pages' in-process API call and Remix's answer): its
 * resident memory must not grow with the file. Before, each range and each HEAD read the whole range
 * into one buffer, and a page download was collected whole before its first byte went out.
 */
const BIG = 160 * 1024 * 1024;
const MB = 1024 * 1024;
const SECRET = "stored-file-memory-test-secret-0123456789";

/** Resident memory of a process, in bytes (Linux). */
function residentBytes(pid: number) {
  const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) * 1024;
}

/** Bytes a process has read through read() calls (files and sockets), from /proc/<pid>/io. */
function bytesRead(pid: number) {
  return Number(/rchar:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/io`, "utf8"))?.[1]);
}

/** Waits until the process has read nothing new for `quietSamples` samples in a row: its readers' backpressure holds. */
async function untilReadingStops(pid: number, quietSamples = 5) {
  let last = bytesRead(pid);
  for (let quiet = 0; quiet < quietSamples; ) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    const now = bytesRead(pid);
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
}

type Held = { status: number; headers: http.IncomingHttpHeaders; request: http.ClientRequest };

/** A slow reader: the answer's headers and first bytes, then it stops reading and holds the connection. */
function holdDownload(url: string, headers: Record<string, string>): Promise<Held> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers, agent: false }, (response) => {
      response.once("data", () => {
        response.pause();
        resolve({ status: response.statusCode ?? 0, headers: response.headers, request });
      });
      response.once("end", () => reject(new Error(`${url} ended before it was held`)));
    });
    request.once("error", reject);
  });
}

function head(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; bodyBytes: number }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "HEAD", agent: false }, (response) => {
      let bodyBytes = 0;
      response.on("data", (chunk: Buffer) => (bodyBytes += chunk.length));
      response.once("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, bodyBytes }));
    });
    request.once("error", reject);
    request.end();
  });
}

const storageKey = (folder: string, userId: number, name: string, ext: string) =>
  `stored/${folder}/${userId}/2026-01/${name.padEnd(16, "0")}-1767225600000.${ext}`;

/** A sparse file of `size` bytes under the store's folder: no disk blocks, read back as zeros. */
function sparseFile(dataDir: string, key: string, size: number, head: Buffer) {
  const file = path.join(dataDir, "uploads", ...key.split("/"));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, head);
  fs.truncateSync(file, size);
}

describe("a stored file's readers cost the server its stream buffers, not the file (issue 50)", { timeout: 300_000 }, () => {
  let dataDir: string;
  let portal: Portal;
  let videoCode: string;
  let bigFileId: number;
  let smallFileId: number;
  let cookie: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stored-file-memory-"));
    // The tests' seeded database, loaded into the DATA_DIR the portal will open; the files are put in place first.
    const pg = await PGlite.create(path.join(dataDir, "pglite"), { loadDataDir: new Blob([fs.readFileSync(inject("baseDbFile"))]) });
    try {
      const { rows: users } = await pg.query<{ id: number; username: string; exhibition_id: number }>(
        "select id, username, exhibition_id from users where username in ('std01', 'admin')",
      );
      const std01 = users.find((u) => u.username === "std01")!;
      const admin = users.find((u) => u.username === "admin")!;
      const videoKey = storageKey("promotional-videos", std01.id, "a1", "mp4");
      sparseFile(dataDir, videoKey, BIG, Buffer.from("\0\0\0\x18ftypisom"));
      // The demo's queued job becomes a finished video: nothing renders (JOBS=off as well).
      const video = await pg.query<{ public_code: string }>(
        "update promotional_videos set state = 'done', progress = 100, mp4_key = $1, size_bytes = $2, shows_uploaded = false where user_id = $3 returning public_code",
        [videoKey, BIG, std01.id],
      );
      videoCode = video.rows[0]!.public_code;

      const { rows: classes } = await pg.query<{ id: number }>(
        "insert into data_file_classes (exhibition_id, name_zh, name_en) values ($1, '手册', 'Manuals') returning id",
        [std01.exhibition_id],
      );
      const dataFile = async (id: string, size: number) => {
        const key = storageKey("data-file", admin.id, id, "pdf");
        sparseFile(dataDir, key, size, Buffer.from("%PDF-1.4\n"));
        await pg.query(
          "insert into stored_files (id, owner_user_id, folder, original_name, content_type, size_bytes, storage_key) values ($1, $2, 'data-file', $3, 'application/pdf', $4, $5)",
          [`memory-test-${id}`, admin.id, `${id}.pdf`, size, key],
        );
        const { rows } = await pg.query<{ id: number }>(
          "insert into data_files (exhibition_id, class_id, name_zh, stored_file_id) values ($1, $2, $3, $4) returning id",
          [std01.exhibition_id, classes[0]!.id, id, `memory-test-${id}`],
        );
        return rows[0]!.id;
      };
      bigFileId = await dataFile("b1", BIG);
      smallFileId = await dataFile("c1", 4096);
    } finally {
      await pg.close();
    }
    portal = await startPortal(dataDir, { JOBS: "off", SESSION_SECRET: SECRET, REMINDERS: "off" });
    const { ticket } = await signIn(portal, "std01", "Expo#2026");
    if (!ticket) throw new Error(`std01 could not sign in:\n${portal.output()}`);
    cookie = (await createCookie("ticket", { secrets: [SECRET] }).serialize(ticket)).split(";")[0]!;
  });
  afterAll(async () => {
    if (portal) await stopPortal(portal);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("holds slow range readers and HEAD requests of a 160 MiB video, and slow page downloads of a 160 MiB file, in bounded memory", async () => {
    const pid = portal.child.pid!;
    const video = `${portal.baseUrl}/v/${videoCode}.mp4`;
    // Warmed up first (route modules, pools): a small range of the video and a whole small download through the page.
    const warm = await fetch(video, { headers: { range: "bytes=0-65535" } });
    expect(warm.status).toBe(206);
    await warm.arrayBuffer();
    const small = await fetch(`${portal.baseUrl}/dataArea/download/${smallFileId}`, { headers: { cookie } });
    expect(small.status, portal.output()).toBe(200);
    expect((await small.arrayBuffer()).byteLength).toBe(4096);

    await untilReadingStops(pid);
    const before = { resident: residentBytes(pid), read: bytesRead(pid) };
    const held: Held[] = [];
    try {
      const ranged = await Promise.all(Array.from({ length: 4 }, () => holdDownload(video, { range: "bytes=0-" })));
      held.push(...ranged);
      const heads = await Promise.all(Array.from({ length: 4 }, () => head(video)));
      const pages = await Promise.all(Array.from({ length: 3 }, () => holdDownload(`${portal.baseUrl}/dataArea/download/${bigFileId}`, { cookie })));
      held.push(...pages);

      for (const r of ranged)
        expect([r.status, r.headers["content-range"], r.headers["content-length"]]).toEqual([206, `bytes 0-${BIG - 1}/${BIG}`, String(BIG)]);
      for (const h of heads) expect([h.status, h.headers["content-length"], h.bodyBytes]).toEqual([200, String(BIG), 0]);
      for (const p of pages) expect([p.status, p.headers["content-type"]]).toEqual([200, "application/pdf"]);

      // Once every reader's backpressure holds, the server has read what its buffers take, no more.
      await untilReadingStops(pid);
      const grown = residentBytes(pid) - before.resident;
      const read = bytesRead(pid) - before.read;
      // 7 open answers of 160 MiB each (1.1 GiB): a few MiB of buffers each is the bound.
      expect(Math.round(read / MB), "MiB read from the store while the readers hold").toBeLessThan(100);
      expect(Math.round(grown / MB), "MiB the server's memory grew while the readers hold").toBeLessThan(100);
    } finally {
      for (const h of held) h.request.destroy();
    }
  });
});
