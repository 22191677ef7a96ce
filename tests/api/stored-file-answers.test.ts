import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataClass, DataFile } from "../../app/contracts/data-area/api-types";
import { createObjectStore } from "../../server/uploads";
import { portalClient } from "../support/portal-client";
import { postForm } from "../support/promotion";
import { PNG } from "../support/sample-files";
import { backendsOf, loadRemixBuild, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { uploadAs } from "../support/uploads";
import { until } from "../support/until";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * Issue 50: every route that answers a stored file does it the one way (server/api/file-answer.ts,
 * sendStoredFile): ranges as RFC 9110 has them (an invalid or multiple range is the whole file, 416
 * only past the end), HEAD with the headers and no body; the public link of a video, /files/<id> and
 * an API download (the data area) alike. And the public pages' HTML says how it may be cached.
 */
const BYTES = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
const PDF = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(500, 0x20), Buffer.from("\n%%EOF\n")]);

describe.each(backendsOf(import.meta.url))("stored file answers on %s", (backend) => {
  let api: TestApi;
  let dataDir: string;
  let std01: string;
  let admin: string;
  let videoCode: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "stored-file-answers-"));
    api = await startTestApi(backend, { DATA_DIR: dataDir }, { remixBuild: await loadRemixBuild() });
    [std01, admin] = await Promise.all([api.login("std01", "Expo#2026"), api.login("admin", "Admin#2026")]);
    const user = await api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow();
    // std01's video becomes a known 1000 bytes in the store the server reads.
    const key = `promotional-videos/${user.id}/2026-01/${"ab".repeat(8)}-1767225600000.mp4`;
    const poster = key.replace(/\.mp4$/, ".jpg");
    const store = createObjectStore(api.config, api.db);
    await store.put(key, Readable.from([BYTES]), { contentType: "video/mp4", maxBytes: 10_000 });
    await store.put(poster, Readable.from([Buffer.from([0xff, 0xd8, 0xff])]), { contentType: "image/jpeg", maxBytes: 10_000 });
    const video = await api.db
      .updateTable("promotional_videos")
      .set({ state: "done", mp4_key: key, poster_key: poster, size_bytes: BYTES.length, shows_uploaded: false })
      .where("user_id", "=", user.id)
      .returning("public_code")
      .executeTakeFirstOrThrow();
    videoCode = video.public_code;
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, method = "GET") => fetch(`${api.baseUrl}${url}`, { method, headers });
  const body = async (response: Response) => Buffer.from(await response.arrayBuffer());

  it("answers the public video link's ranges as RFC 9110 says: invalid or several is the whole file, 0-0 one byte, past the end 416", async () => {
    const url = `/v/${videoCode}.mp4`;
    for (const range of ["bytes=5-1", "bytes=0-1, 5-6", "bytes=0-1,5-6", "items=0-5", "bytes=abc"]) {
      const whole = await get(url, { range });
      expect([range, whole.status, whole.headers.get("content-range")]).toEqual([range, 200, null]);
      expect((await body(whole)).equals(BYTES), range).toBe(true);
    }
    const first = await get(url, { range: "bytes=0-0" });
    expect([first.status, first.headers.get("content-range"), first.headers.get("content-length")]).toEqual([206, "bytes 0-0/1000", "1"]);
    expect(await body(first)).toEqual(BYTES.subarray(0, 1));
    const middle = await get(url, { range: "bytes=100-299" });
    expect([middle.status, middle.headers.get("content-range")]).toEqual([206, "bytes 100-299/1000"]);
    expect((await body(middle)).equals(BYTES.subarray(100, 300))).toBe(true);
    const suffix = await get(url, { range: "bytes=-10" });
    expect([suffix.status, suffix.headers.get("content-range")]).toEqual([206, "bytes 990-999/1000"]);
    expect((await body(suffix)).equals(BYTES.subarray(990))).toBe(true);
    const clipped = await get(url, { range: "bytes=995-5000" });
    expect([clipped.status, clipped.headers.get("content-range")]).toEqual([206, "bytes 995-999/1000"]);
    await clipped.arrayBuffer();
    const past = await get(url, { range: "bytes=1000-" });
    expect([past.status, past.headers.get("content-range")]).toEqual([416, "bytes */1000"]);
    expect(await past.text()).toBe("The requested range is not within the video");

    const head = await get(url, {}, "HEAD");
    expect([head.status, head.headers.get("content-length"), head.headers.get("accept-ranges"), head.headers.get("content-type")]).toEqual([
      200,
      "1000",
      "bytes",
      "video/mp4",
    ]);
    expect((await body(head)).length).toBe(0);
    const headRange = await get(url, { range: "bytes=10-19" }, "HEAD");
    expect([headRange.status, headRange.headers.get("content-length"), headRange.headers.get("content-range")]).toEqual([206, "10", "bytes 10-19/1000"]);
    expect((await body(headRange)).length).toBe(0);
  });

  it("answers /files/<id> with ranges and HEAD", async () => {
    const url = new URL(await uploadAs(api, std01, "exhibits-img", "photo.png", PNG), api.baseUrl).pathname;
    const part = await get(url, { ticket: std01, range: "bytes=0-7" });
    expect([part.status, part.headers.get("content-range"), part.headers.get("content-type")]).toEqual([206, `bytes 0-7/${PNG.length}`, "image/png"]);
    expect((await body(part)).equals(PNG.subarray(0, 8))).toBe(true);
    const head = await get(url, { ticket: std01 }, "HEAD");
    expect([head.status, head.headers.get("content-length"), head.headers.get("cache-control")]).toEqual([200, String(PNG.length), "private, no-cache"]);
    expect((await body(head)).length).toBe(0);
    const whole = await get(url, { ticket: std01, range: "bytes=9-3" });
    expect(whole.status).toBe(200);
    expect((await body(whole)).equals(PNG)).toBe(true);
    // Still only for who may read it.
    expect((await get(url, { range: "bytes=0-7" })).status).toBe(404);
  });

  it("answers an API download (the data area's) with ranges and HEAD", async () => {
    const classes = await postForm<DataClass[]>(api, "/smeb/dataArea/fileClass/save", admin, { nameZh: "手册", nameEn: "Manuals", sort: "1" });
    const saved = await postForm<DataFile>(api, "/smeb/dataArea/file/save", admin, {
      classId: String(classes.data[0]!.id),
      nameZh: "手册",
      language: "all",
      fileUrl: await uploadAs(api, admin, "data-file", "manual.pdf", PDF),
    });
    expect(saved.code, saved.message).toBe(200);
    const url = `/api/smeb/dataArea/file/download?id=${saved.data.id}`;
    const part = await get(url, { ticket: std01, range: "bytes=0-3" });
    expect([part.status, part.headers.get("content-range"), part.headers.get("content-type")]).toEqual([206, `bytes 0-3/${PDF.length}`, "application/pdf"]);
    expect(await part.text()).toBe("%PDF");
    const head = await get(url, { ticket: std01 }, "HEAD");
    expect([head.status, head.headers.get("content-length"), head.headers.get("content-disposition")]).toEqual([
      200,
      String(PDF.length),
      expect.stringMatching(/^attachment; /),
    ]);
    expect((await body(head)).length).toBe(0);
    const whole = await get(url, { ticket: std01 });
    expect((await body(whole)).equals(PDF)).toBe(true);
  });

  it("stops reading a file passed through a page when the client leaves or only asks HEAD", async () => {
    const big = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(20 * 1024 * 1024, 0x20), Buffer.from("\n%%EOF\n")]);
    const classes = await postForm<DataClass[]>(api, "/smeb/dataArea/fileClass/save", admin, { nameZh: "大文件", nameEn: "Large", sort: "2" });
    const fileUrl = await uploadAs(api, admin, "data-file", "large.pdf", big);
    const saved = await postForm<DataFile>(api, "/smeb/dataArea/file/save", admin, {
      classId: String(classes.data.find((c) => c.nameEn === "Large")!.id),
      nameZh: "大文件",
      language: "all",
      fileUrl,
    });
    expect(saved.code, saved.message).toBe(200);
    const stored = await api.db.selectFrom("stored_files").select("storage_key").where("id", "=", fileUrl.split("/").pop()!).executeTakeFirstOrThrow();
    const file = path.join(dataDir, "uploads", ...stored.storage_key.split("/"));
    // The test server runs in this process: whether the stored file is open is in /proc/self/fd.
    const isOpen = () =>
      fs.readdirSync("/proc/self/fd").some((fd) => {
        try {
          return fs.readlinkSync(`/proc/self/fd/${fd}`) === file;
        } catch {
          return false;
        }
      });
    const untilClosed = () => until(() => !isOpen());
    const client = portalClient(api.baseUrl);
    await client.signIn("std01", "Expo#2026");
    const head = await client.request(`/dataArea/download/${saved.data.id}`, { method: "HEAD" });
    expect([head.status, head.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    await untilClosed();
    const page = await client.request(`/dataArea/download/${saved.data.id}`);
    expect(page.status).toBe(200);
    const reader = page.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    await reader.cancel();
    await untilClosed();
  });

  it("says how the public pages may be cached (the showcase and the video share page revalidate, the visitor registration is kept nowhere) and what forbidding downloads does", async () => {
    const exhibit = await postForm<{ id: number }>(api, "/smeb/invitation/exhibits/add", std01, {
      nameZh: "缓存展品",
      nameEn: "Cached exhibit",
      imageUrls: await uploadAs(api, std01, "exhibits-img"),
    });
    expect((await postForm(api, "/smeb/showcase/save", std01, { exhibitIds: String(exhibit.data.id) })).code).toBe(200);
    const showcase = await api.db.selectFrom("showcases").select("public_code").executeTakeFirstOrThrow();
    const page = await get(`/ex/${showcase.public_code}`);
    expect([page.status, page.headers.get("content-type"), page.headers.get("cache-control")]).toEqual([200, "text/html; charset=utf-8", "no-cache"]);
    const visit = /href="(\/visit\/[A-Z2-9]{10})"/.exec(await page.text())?.[1];
    expect(visit).toBeTruthy();
    const registration = await get(visit!);
    expect([registration.status, registration.headers.get("cache-control")]).toEqual([200, "private, no-store"]);
    await registration.arrayBuffer();
    const share = await get(`/exhibitorInfo/promotionalVideo?code=${videoCode}`);
    expect([share.status, share.headers.get("cache-control")]).toEqual([200, "no-cache"]);
    expect(await share.text()).toContain(`/v/${videoCode}.mp4`);
    // The exhibitor's own page says what forbidding downloads does and does not do, in both languages.
    const exhibitor = portalClient(api.baseUrl);
    await exhibitor.signIn("std01", "Expo#2026");
    const own = await exhibitor.request("/exhibitorInfo/promotionalVideo");
    expect([own.status, own.headers.get("cache-control")]).toEqual([200, "private, no-store"]);
    expect(await own.text()).toContain("It does not protect the video: anyone who can play it can still save a copy.");
    exhibitor.jar.set("lng", "zh");
    expect(await (await exhibitor.request("/exhibitorInfo/promotionalVideo")).text()).toContain("能够播放视频的人仍可保存其副本");
    // The 404 of an unknown showcase is no different.
    const unknown = await get("/ex/nope");
    expect([unknown.status, unknown.headers.get("cache-control")]).toEqual([404, "no-cache"]);
    await unknown.arrayBuffer();
  });
});
