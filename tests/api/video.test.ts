import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VideoList, VideoStatus } from "../../app/contracts/video/api-types";
import { createLogger } from "../../server/logger";
import { createObjectStore } from "../../server/uploads";
import { startJobQueue } from "../../server/jobs/queue";
import { runVideoJob, type VideoDeps, videoJobs } from "../../server/video/jobs";
import { publicVideoFor, queueGeneration } from "../../server/video/videos";
import { seedVideoDemo } from "../../server/seed/video";
import type { Caller } from "../../server/auth/caller";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { until as waitUntil } from "../support/until";
import { storeFile } from "../support/stored-files";
import { newExhibitor, type NewExhibitor } from "../support/new-exhibitor";

/** A test that renders waits for the job (`until`) for minutes on a busy machine: a longer hang guard than the suite's. */
const renders = { timeout: 300_000 };

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/** The boxes of an MP4 (ISO BMFF) down the tree, and the movie's duration from mvhd. */
function mp4Facts(bytes: Buffer) {
  const types = new Set<string>();
  let durationSeconds = 0;
  const walk = (start: number, end: number) => {
    let at = start;
    while (at + 8 <= end) {
      let size = bytes.readUInt32BE(at);
      const type = bytes.toString("latin1", at + 4, at + 8);
      let header = 8;
      if (size === 1) {
        size = Number(bytes.readBigUInt64BE(at + 8));
        header = 16;
      } else if (size === 0) size = end - at;
      if (size < header) break;
      types.add(type);
      if (type === "mvhd") {
        const version = bytes[at + header]!;
        const timescale = bytes.readUInt32BE(at + header + (version === 1 ? 20 : 12));
        const duration = version === 1 ? Number(bytes.readBigUInt64BE(at + header + 24)) : bytes.readUInt32BE(at + header + 16);
        durationSeconds = duration / timescale;
      }
      if (["moov", "trak", "mdia", "minf", "stbl"].includes(type)) walk(at + header, at + size);
      if (type === "stsd") walk(at + header + 8, at + size);
      at += size;
    }
  };
  walk(0, bytes.length);
  return { types, durationSeconds, brand: bytes.toString("latin1", 4, 8) };
}

/**
 * Promotional videos (issue 40, decision 037): a real render through the packaged ffmpeg, one job per
 * exhibitor, a job run twice renders once, a render that fails or times out keeps the old video, a
 * job left by a killed process is claimed again, and the public link with byte ranges.
 */
describe.each(backendsOf(import.meta.url))("promotional videos on %s", (backend) => {
  let api: TestApi;
  let dataDir: string;
  let deps: VideoDeps;
  let admin: string;
  let std01Id: number;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "videos-"));
    api = await startTestApi(backend, { DATA_DIR: dataDir });
    deps = { db: api.db, store: createObjectStore(api.config, api.db), logger: createLogger("silent") };
    admin = await api.login("admin", "Admin#2026");
    std01Id = (await api.db.selectFrom("users").select("id").where("username", "=", "std01").executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const rowOf = (userId: number) => api.db.selectFrom("promotional_videos").selectAll().where("user_id", "=", userId).executeTakeFirstOrThrow();
  /** How the video routes take an exhibitor, for the calls made here without HTTP. */
  const callerOf = async (exhibitor: NewExhibitor): Promise<Caller> => {
    const { exhibition_id } = await api.db.selectFrom("users").select("exhibition_id").where("id", "=", exhibitor.userId).executeTakeFirstOrThrow();
    return { userId: exhibitor.userId, exhibitionId: exhibition_id!, roleId: 2, sessionBoothId: null, label: exhibitor.username };
  };
  /**
   * A new exhibitor (with a booth) and a video of its own, rendered (the tests other than the demo's
   * leave std01's row alone): its row done, in `orientation`; `row()` reads that row again.
   */
  const withVideo = async (orientation: "landscape" | "portrait" = "landscape") => {
    const exhibitor = await newExhibitor(api);
    const caller = await callerOf(exhibitor);
    const job = await queueGeneration(api.db, caller, { orientation, exhibitIds: [] });
    expect(await runVideoJob(deps, { videoId: job.id, generation: job.generation })).toBe(true);
    const row = () => rowOf(exhibitor.userId);
    expect(await row()).toMatchObject({ state: "done", video_orientation: orientation });
    return { ...exhibitor, caller, row };
  };
  const progress = (ticket: string) => api.call<VideoStatus>("/node/service/exhibitor/video/progress", { ticket });
  const get = (url: string, headers: Record<string, string> = {}) => fetch(`${api.baseUrl}${url}`, { headers: { "accept-language": "en", ...headers } });
  /** The job's status once `done` says so (no limit but the test's timeout). */
  const until = (ticket: string, done: (s: VideoStatus) => boolean) =>
    waitUntil(async () => {
      const status = (await progress(ticket)).data;
      return done(status) && status;
    }, 500);

  it("renders the demo's queued job once, even when the job runs twice: an H.264/AAC MP4 of 15–30 s with a poster", renders, async () => {
    // The demo's row as the seed makes it: the job queue's start (the queue test) renders every queued
    // job, so the seed's row is made again here.
    const { exhibition_id } = await api.db.selectFrom("users").select("exhibition_id").where("id", "=", std01Id).executeTakeFirstOrThrow();
    await api.db.deleteFrom("promotional_videos").where("user_id", "=", std01Id).execute();
    await seedVideoDemo(api.db, exhibition_id!);
    const row = () => rowOf(std01Id);
    const demo = await row();
    expect(demo.state).toBe("queued");
    const job = { videoId: demo.id, generation: demo.generation };
    const ran = await Promise.all([runVideoJob(deps, job), runVideoJob(deps, job)]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    const done = await row();
    expect(done).toMatchObject({ state: "done", progress: 100, attempts: 1, error: null, video_orientation: "landscape" });
    const info = await deps.store.stat(done.mp4_key!);
    const bytes = await deps.store.readRange(done.mp4_key!, 0, info!.sizeBytes - 1);
    const facts = mp4Facts(bytes);
    expect(facts.brand).toBe("ftyp");
    for (const box of ["ftyp", "moov", "mvhd", "avc1", "mp4a"]) expect(facts.types.has(box), box).toBe(true);
    expect(facts.durationSeconds).toBeGreaterThanOrEqual(15);
    expect(facts.durationSeconds).toBeLessThanOrEqual(30);
    expect(await deps.store.stat(done.poster_key!)).not.toBeNull();
  });

  it("plays by public code with byte ranges; 416 past the end, 404 for an unknown code; download only where allowed", renders, async () => {
    const exhibitor = await withVideo();
    const { public_code: code, mp4_key, size_bytes } = await exhibitor.row();
    const size = Number(size_bytes);
    const whole = await get(`/v/${code}.mp4`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-type")).toBe("video/mp4");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect((await whole.arrayBuffer()).byteLength).toBe(size);
    const part = await get(`/v/${code}.mp4`, { range: "bytes=100-299" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-299/${size}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(await deps.store.readRange(mp4_key!, 100, 299))).toBe(true);
    const past = await get(`/v/${code}.mp4`, { range: `bytes=${size + 10}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${size}`);
    expect(await past.text()).toBe("The requested range is not within the video");
    const unknown = await get("/v/NoSuchCode123.mp4", { "accept-language": "zh" });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe("该视频不存在");
    expect((await get(`/v/${code}.jpg`)).headers.get("content-type")).toBe("image/jpeg");
    // Downloads allowed (as the demo's are), ?download=1 downloads; once forbidden, it plays inline.
    const allowed = await api.call<VideoStatus>("/node/service/exhibitor/video/updateFlags", { ticket: exhibitor.ticket, form: { downloadAllowed: "1" } });
    expect(allowed.data.downloadAllowed).toBe(true);
    expect((await get(`/v/${code}.mp4?download=1`)).headers.get("content-disposition")).toMatch(/^attachment/);
    const flags = await api.call<VideoStatus>("/node/service/exhibitor/video/updateFlags", { ticket: exhibitor.ticket, form: { downloadAllowed: "" } });
    expect(flags.data.downloadAllowed).toBe(false);
    expect((await get(`/v/${code}.mp4?download=1`)).headers.get("content-disposition")).toBe("inline");
  });

  it("refuses a second start while one runs (409, translated) and replaces the old video only when the new one is done", renders, async () => {
    const exhibitor = await withVideo();
    const { ticket, row } = exhibitor;
    const before = await row();
    const started = await api.call<VideoStatus>("/node/service/exhibitor/video/generate", { ticket, form: { orientation: "portrait" } });
    expect(started.status).toBe(200);
    expect(["queued", "rendering"]).toContain(started.data.state);
    expect(started.data.video?.url).toBe(`/v/${before.public_code}.mp4`);
    const again = await api.call("/node/service/exhibitor/video/generate", { ticket, form: { orientation: "landscape" }, lang: "zh" });
    expect(again.status).toBe(409);
    expect(again.message).toBe("视频正在生成中，请等待完成后再试。");
    // The old file plays while the new one renders.
    expect((await get(`/v/${before.public_code}.mp4`, { range: "bytes=0-9" })).status).toBe(206);
    const done = await until(ticket, (s) => s.state === "done" || s.state === "failed");
    expect(done).toMatchObject({ state: "done", progress: 100, orientation: "portrait" });
    expect(done.video).toMatchObject({ orientation: "portrait", url: `/v/${before.public_code}.mp4` });
    const after = await row();
    expect(after.mp4_key).not.toBe(before.mp4_key);
    // The old files go right after the row says done (server/video/jobs.ts store()): wait for that step.
    await waitUntil(async () => (await deps.store.stat(before.mp4_key!)) === null);
  });

  it(
    "a render that times out fails with a clear state and keeps the old video; a job left by a killed process is claimed again and finishes",
    renders,
    async () => {
      const { caller, row, ticket } = await withVideo();
      const good = await row();
      const queued = await queueGeneration(api.db, caller, { orientation: "landscape", exhibitIds: [] });
      expect(await runVideoJob(deps, { videoId: queued.id, generation: queued.generation }, { timeoutMs: 1 })).toBe(true);
      const failed = (await progress(ticket)).data;
      expect(failed).toMatchObject({ state: "failed", error: "video.errors.timedOut" });
      expect(failed.video?.url).toBe(`/v/${good.public_code}.mp4`);
      expect((await row()).mp4_key).toBe(good.mp4_key);

      // A start, claimed by a process that was killed mid-render (no sign of life since): the retry renders it.
      const next = await queueGeneration(api.db, caller, { orientation: "landscape", exhibitIds: [] });
      const job = { videoId: next.id, generation: next.generation };
      await api.db
        .updateTable("promotional_videos")
        .set({ state: "rendering", progress: 40, updated_at: sql`now() - interval '10 seconds'` })
        .where("id", "=", next.id)
        .execute();
      expect(await runVideoJob(deps, job)).toBe(false);
      await api.db.updateTable("promotional_videos").set({ updated_at: sql`now() - interval '2 minutes'` }).where("id", "=", next.id).execute();
      expect(await runVideoJob(deps, job)).toBe(true);
      expect(await row()).toMatchObject({ state: "done", generation: next.generation, video_orientation: "landscape" });
      // An older generation's job does nothing.
      expect(await runVideoJob(deps, { videoId: next.id, generation: next.generation - 1 })).toBe(false);
    },
  );

  it("with the job queue in the process, a start is queued on `video-render` and a worker renders it", renders, async () => {
    const { ticket, row } = await withVideo();
    const before = await row();
    const queue = await startJobQueue({ database: api.database, logger: deps.logger }, [videoJobs(deps)], { pollingSeconds: 0.5 });
    try {
      const started = await api.call<VideoStatus>("/node/service/exhibitor/video/generate", { ticket, form: { orientation: "portrait" } });
      expect(started.data.state).toBe("queued");
      const done = await until(ticket, (s) => s.state === "done" || s.state === "failed");
      expect(done).toMatchObject({ state: "done", orientation: "portrait" });
      expect(await row()).toMatchObject({ generation: before.generation + 1, attempts: 1 });
    } finally {
      await queue.stop();
    }
  });

  it("keeps each exhibitor to its own video; the organizer lists them", renders, async () => {
    // One exhibitor with a portrait video, downloads forbidden; another (raw space) without any.
    const { row, ...withOne } = await withVideo("portrait");
    expect((await api.call("/node/service/exhibitor/video/updateFlags", { ticket: withOne.ticket, form: { downloadAllowed: "" } })).status).toBe(200);
    const other = await newExhibitor(api, { boothType: 2 });
    const raw = await progress(other.ticket);
    expect(raw.data).toMatchObject({ state: "idle", video: null, publicCode: null });
    // The other's flags make it a row of its own (idle, nothing to play); the first's stays as it was.
    const stdBefore = await row();
    const flags = await api.call<VideoStatus>("/node/service/exhibitor/video/updateFlags", { ticket: other.ticket, form: { downloadAllowed: "1" } });
    expect(flags.status).toBe(200);
    expect(flags.data).toMatchObject({ state: "idle", downloadAllowed: true, shown: null, shareUrl: null, publicCode: null });
    expect(await row()).toEqual(stdBefore);
    expect((await api.call("/node/service/exhibitor/video/list", { ticket: other.ticket })).status).toBe(403);
    const list = await api.call<VideoList>("/node/service/exhibitor/video/list", { ticket: admin });
    expect(list.status).toBe(200);
    expect(list.data.rows.find((r) => r.username === withOne.username)).toMatchObject({ state: "done", video: { orientation: "portrait" } });
    // The public showcase's slot: the first's video, downloads forbidden; the other has none.
    expect(await publicVideoFor(api.db, withOne.userId)).toMatchObject({ url: `/v/${(await row()).public_code}.mp4`, downloadUrl: null });
    expect(await publicVideoFor(api.db, other.userId)).toBeNull();
    const refused = await api.call("/node/service/exhibitor/video/generate", { ticket: admin, form: { orientation: "portrait" } });
    expect(refused.status).toBe(400);
  });

  it("plays the approved profile's company video instead when chosen; a draft's never; the share page shows it without a session", renders, async () => {
    const exhibitor = await withVideo();
    const { row, ticket, userId } = exhibitor;
    const before = await row();
    const exhibitionId = before.exhibition_id;
    const code = before.public_code;
    // No approved company video yet: the choice is refused, translated, and nothing changes.
    const refused = await api.call("/node/service/exhibitor/video/updateFlags", { ticket, form: { showsUploaded: "1" }, lang: "zh" });
    expect(refused.status).toBe(400);
    expect(refused.message).toBe("您已审核的展商资料中没有可展示的企业视频");
    expect(await row()).toEqual(before);

    // A company video (an MP4 the exhibitor uploaded: here the generated one's bytes) and its cover, as the exhibitor's files.
    const mp4 = await deps.store.readRange(before.mp4_key!, 0, Number(before.size_bytes) - 1);
    const cover = await deps.store.readRange(before.poster_key!, 0, (await deps.store.stat(before.poster_key!))!.sizeBytes - 1);
    const stored = async (id: string, folder: string, contentType: string, bytes: Buffer) => {
      const key = `stored/${folder}/${userId}/2026-01/${id.padEnd(16, "0").slice(0, 16)}-1700000000000.${contentType === "video/mp4" ? "mp4" : "jpg"}`;
      await storeFile(api.db, deps.store, { id, ownerUserId: userId, folder, name: `${id}.bin`, contentType, storageKey: key }, bytes);
    };
    await stored("c0ffee0000000001", "company-video", "video/mp4", Buffer.concat([mp4, Buffer.from("company")]));
    await stored("c0ffee0000000002", "company-video-cover", "image/jpeg", cover);
    const profile = { videoUrl: "/files/c0ffee0000000001", videoCoverUrl: "/files/c0ffee0000000002" };
    // In a draft only: still refused.
    await api.db
      .insertInto("exhibitor_profiles")
      .values({
        user_id: userId,
        exhibition_id: exhibitionId,
        unique_id: `video-test-${exhibitor.username}`,
        status: "draft",
        draft: JSON.stringify(profile),
        submitted: "{}",
      })
      .onConflict((oc) =>
        oc.column("user_id").doUpdateSet({ draft: JSON.stringify(profile), submitted: "{}", approved: null, status: "draft", approved_at: null }),
      )
      .execute();
    expect((await api.call("/node/service/exhibitor/video/updateFlags", { ticket, form: { showsUploaded: "1" } })).status).toBe(400);
    // Approved: allowed; the public link plays the company video, ?generated=1 the generated one.
    await api.db
      .updateTable("exhibitor_profiles")
      .set({ submitted: JSON.stringify(profile), approved: JSON.stringify(profile), approved_at: new Date() })
      .where("user_id", "=", userId)
      .execute();
    const chosen = await api.call<VideoStatus>("/node/service/exhibitor/video/updateFlags", { ticket, form: { showsUploaded: "1" } });
    expect(chosen.status).toBe(200);
    expect(chosen.data).toMatchObject({ showsUploaded: true, uploadedAvailable: true, shown: "uploaded", shareUrl: `/v/${code}.mp4` });
    expect(chosen.data.video?.url).toBe(`/v/${code}.mp4?generated=1`);
    const whole = await get(`/v/${code}.mp4`);
    expect(whole.status).toBe(200);
    expect(
      Buffer.from(await whole.arrayBuffer())
        .subarray(-7)
        .toString(),
    ).toBe("company");
    const generated = await get(`/v/${code}.mp4?generated=1`, { range: "bytes=0-15" });
    expect(generated.status).toBe(206);
    expect(Number(generated.headers.get("content-range")?.split("/")[1])).toBe(Number(before.size_bytes));
    expect(await publicVideoFor(api.db, userId)).toMatchObject({ url: `/v/${code}.mp4`, posterUrl: `/v/${code}.jpg` });

    // The share page's data, without a session: the company, its booth, the link.
    const page = await fetch(`${api.baseUrl}/api/node/service/exhibitor/video/public?code=${code}`, { headers: { "accept-language": "en" } }).then((r) =>
      r.json(),
    );
    expect(page.code).toBe(200);
    expect(page.data.video).toMatchObject({ url: `/v/${code}.mp4`, posterUrl: `/v/${code}.jpg` });
    expect(page.data.booths.map((b: { boothNo: string }) => b.boothNo)).toContain(exhibitor.boothNo);
    const unknown = await fetch(`${api.baseUrl}/api/node/service/exhibitor/video/public?code=NoSuchCode123`, { headers: { "accept-language": "zh" } }).then(
      (r) => r.json(),
    );
    expect(unknown).toMatchObject({ code: 404, message: "该视频不存在" });

    // Back to the generated video; the profile's video gone from the approved data: the link plays the generated one.
    const back = await api.call<VideoStatus>("/node/service/exhibitor/video/updateFlags", { ticket, form: { showsUploaded: "" } });
    expect(back.data).toMatchObject({ showsUploaded: false, shown: "generated" });
    expect(Buffer.from(await (await get(`/v/${code}.mp4`)).arrayBuffer()).length).toBe(Number(before.size_bytes));
  });
});
