import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { planRender, type RenderInput, renderVideo } from "../../server/video/render";
import { blackPng, PAYLOAD, pngWithPayload } from "../support/pictures";

/**
 * What exhibitors give the video renderer (decision 042): their names are drawn as written, never
 * expanded by drawtext; their pictures reach ffmpeg only as libvips wrote them again.
 */
const NAMES = ["%{eif:6*7:d}", "%{localtime}", "纯棉 100% 衬衫"];
/** Expanded, this held the render slot until the 5-minute timeout. */
const ENDLESS = "%{eif:while(1,1):d}";
/** A render may take as long as the product's timeout allows (it must finish at all), within vitest's. */
const RENDER_TEST = { timeout: 130_000 };

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "video-text-"));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const input = (over: Partial<RenderInput> = {}): RenderInput => ({
  orientation: "landscape",
  companyName: "%{localtime} 公司",
  companyOther: "%{pts}",
  boothLine: "展位 1A01 %{n}",
  logoFile: null,
  exhibits: NAMES.map((name) => ({ name, imageFile: null })),
  ...over,
});

it("draws every text literally: expansion=none on each drawtext, and its text file holds exactly the name", async () => {
  const planDir = await fs.mkdtemp(path.join(dir, "plan-"));
  const { args } = await planRender(input(), planDir, path.join(planDir, "video.mp4"), true);
  const graph = args[args.indexOf("-filter_complex") + 1]!;
  const drawtexts = graph.split(/[,;]/).filter((part) => part.includes("drawtext="));
  // Title card: name, other name, booth; one per exhibit; end card: name, booth.
  expect(drawtexts).toHaveLength(3 + NAMES.length + 2);
  const texts: string[] = [];
  for (const filter of drawtexts) {
    expect(filter).toContain(":expansion=none:");
    const file = /textfile='([^']+)'/.exec(filter)?.[1];
    expect(file).toBeTruthy();
    texts.push(await fs.readFile(file!, "utf8"));
  }
  expect(texts).toEqual(expect.arrayContaining([...NAMES, "%{localtime} 公司", "%{pts}", "展位 1A01 %{n}"]));
});

it(
  "renders an exhibit named like an endless expression, and hands ffmpeg only pictures libvips wrote (a 10,000 × 10,000 PNG left out)",
  RENDER_TEST,
  async () => {
    const renderDir = await fs.mkdtemp(path.join(dir, "render-"));
    const bomb = path.join(renderDir, "logo.png");
    const exhibit = path.join(renderDir, "exhibit.png");
    await fs.writeFile(bomb, blackPng(10_000, 10_000));
    await fs.writeFile(exhibit, await pngWithPayload());
    // The product's timeout: before, this render ran until it.
    const output = await renderVideo(
      input({ logoFile: bomb, exhibits: [{ name: ENDLESS, imageFile: exhibit }, ...NAMES.map((name) => ({ name, imageFile: null }))] }),
      renderDir,
      { timeoutMs: 5 * 60_000, quick: true },
    );
    const head = Buffer.alloc(8);
    const file = await fs.open(output.mp4);
    await file.read(head, 0, 8, 0);
    await file.close();
    expect(head.toString("latin1", 4, 8)).toBe("ftyp");

    // The pictures ffmpeg read: the exhibit's only (the bomb was never decoded), re-encoded by libvips.
    const pictures = (await fs.readdir(renderDir)).filter((name) => name.startsWith("picture-"));
    expect(pictures).toHaveLength(1);
    const picture = await fs.readFile(path.join(renderDir, pictures[0]!));
    expect(picture.includes(PAYLOAD)).toBe(false);
    expect(await sharp(picture).metadata()).toMatchObject({ format: "jpeg", width: 64, height: 48 });
  },
);
