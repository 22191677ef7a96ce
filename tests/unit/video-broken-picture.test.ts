import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { renderVideo } from "../../server/video/render";

// A 1×1 PNG whose compressed pixels are broken: it passes the upload sniffer (the PNG signature and
// header are right) but cannot be decoded. Looped into the render, ffmpeg retried it forever.
const BROKEN_PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3a1b5e30000000049454e44ae426082",
  "hex",
);

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "video-broken-"));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

it("leaves out a picture ffmpeg cannot decode and still renders the video", async () => {
  const broken = path.join(dir, "exhibit.png");
  await fs.writeFile(broken, BROKEN_PNG);
  const output = await renderVideo(
    {
      orientation: "landscape",
      companyName: "测试公司",
      companyOther: null,
      boothLine: "展位 1A01",
      logoFile: broken,
      exhibits: [{ name: "展品", imageFile: broken }],
    },
    dir,
    { timeoutMs: 60_000, quick: true },
  );
  const head = Buffer.alloc(8);
  const file = await fs.open(output.mp4);
  await file.read(head, 0, 8, 0);
  await file.close();
  expect(head.toString("latin1", 4, 8)).toBe("ftyp");
  expect(output.durationMs).toBeGreaterThanOrEqual(15_000);
});
