import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalClient } from "../support/portal-client";
import { blackPng, jpegOf } from "../support/pictures";
import { postToStorage, signUpload } from "../support/upload-client";
import { backendsOf, loadRemixBuild, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * The pixel limit of uploaded pictures (issue 50, decision 042): a decompression bomb (a 12 KB PNG
 * of 10,000 × 10,000 pixels) is refused at upload with a translated reason, on the API, without
 * JavaScript and from the API's own multipart form; a normal picture passes.
 */
const BOMB = blackPng(10_000, 10_000);
const MESSAGES = {
  en: "This picture has too many pixels (width × height at most 40 million); please make it smaller and upload it again",
  zh: "图片像素过多（宽 × 高不能超过 40 百万像素），请缩小图片尺寸后重新上传",
};

/** A JPEG whose frame header declares width × height, after 70 KB of comments: past the first 64 KB the upload reads. */
async function jpegDeclaring(width: number, height: number) {
  const jpeg = await jpegOf(16, 16);
  const comment = Buffer.concat([Buffer.from([0xff, 0xfe, 0xff, 0xff]), Buffer.alloc(0xfffd, 0x20)]);
  const body = Buffer.from(jpeg.subarray(2));
  // SOF0 (ff c0): length(2) precision(1) height(2) width(2).
  const sof = body.indexOf(Buffer.from([0xff, 0xc0]));
  body.writeUInt16BE(height, sof + 5);
  body.writeUInt16BE(width, sof + 7);
  return Buffer.concat([jpeg.subarray(0, 2), comment, comment, body]);
}

describe.each(backendsOf(import.meta.url))("the pixel limit of uploaded pictures on %s", (backend) => {
  let api: TestApi;
  let dataDir: string;
  let std: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "upload-pictures-"));
    api = await startTestApi(backend, { DATA_DIR: dataDir }, { remixBuild: await loadRemixBuild() });
    std = await api.login("std01", "Expo#2026");
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Sign, post to the storage host and complete, as the upload component does. */
  async function upload(bytes: Buffer, name: string, folder = "exhibits-img", lang = "en") {
    const signed = await signUpload(api, std, { folder, fileName: name }, lang);
    expect(signed.code, signed.message).toBe(200);
    expect((await postToStorage(api, signed.data.fields, { bytes, name })).status).toBe(200);
    const done = await api.call<{ url: string; fields?: Record<string, string[]>; reason?: string }>("/oss/complete", {
      ticket: std,
      lang,
      form: { key: signed.data.key, name },
    });
    return { key: signed.data.key, done };
  }
  const storedRows = () => api.db.selectFrom("stored_files").select("id").execute();

  it("refuses a 10,000 × 10,000 PNG at complete with the pixel reason, in English and Chinese, and keeps nothing", async () => {
    const before = (await storedRows()).length;
    for (const lang of ["en", "zh"] as const) {
      const { key, done } = await upload(BOMB, "bomb.png", "exhibits-img", lang);
      expect(done).toMatchObject({ status: 400, code: 400, message: MESSAGES[lang] });
      expect(done.data).toMatchObject({ reason: "tooManyPixels", fields: { file: ["uploads.tooManyPixels"] } });
      expect(fs.existsSync(path.join(dataDir, "uploads", "stored", ...key.split("/")))).toBe(false);
    }
    expect((await storedRows()).length).toBe(before);
  });

  it("counts a JPEG's pixels from its frame header even past the first 64 KB; a normal picture passes", async () => {
    const declared = await jpegDeclaring(9000, 5000);
    expect(declared.length).toBeGreaterThan(128 * 1024);
    expect((await upload(declared, "big.jpg")).done).toMatchObject({ status: 400, data: { reason: "tooManyPixels" } });

    const normal = await upload(await jpegOf(1600, 1200), "photo.jpg");
    expect(normal.done.code, normal.done.message).toBe(200);
    expect(normal.done.data.url).toMatch(/^\/files\//);
    // Print artwork may have more: the fascia board's artwork at 1:1 and 127 dpi is 12,000 × 4,743 (57 MP).
    const artwork = await upload(await jpegDeclaring(12_000, 4743), "fascia.jpg", "booth-fascia");
    expect(artwork.done.code, artwork.done.message).toBe(200);
  });

  it("refuses it in the API's own multipart form (feedback) with the same text", async () => {
    const form = new FormData();
    form.append("type", "1");
    form.append("content", "a bomb attached");
    form.append("file", new File([new Uint8Array(BOMB)], "bomb.png", { type: "image/png" }));
    const response = await fetch(`${api.baseUrl}/api/smeb/feedback/save`, { method: "POST", body: form, headers: { ticket: std, "accept-language": "en" } });
    const body = (await response.json()) as { code: number; message: string };
    expect(body).toMatchObject({ code: 400, message: MESSAGES.en });
  });

  it("shows the refusal on the form without JavaScript, keeping what was typed", async () => {
    const client = portalClient(api.baseUrl);
    await client.signIn("std01", "Expo#2026");
    const form = new FormData();
    form.append("type", "2");
    form.append("content", "typed text stays");
    form.append("imgUrl__file", new File([new Uint8Array(BOMB)], "bomb.png", { type: "image/png" }));
    const response = await client.request("/feedback", { body: form });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(MESSAGES.en);
    expect(html).toContain("typed text stays");
  });
});
