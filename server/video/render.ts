import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";
import type { VideoOrientation } from "../../app/contracts/video/values";
import { cleanPicture } from "../uploads/pictures";

/**
 * The promotional video renderer (issue 40, decision 037): one ffmpeg run from
 * @ffmpeg-installer/ffmpeg (a static build with libx264, aac and drawtext; nothing downloaded at run
 * time) makes a 15–30 s H.264/AAC MP4 at 720p: a title card (logo, company name, booth), one card per
 * exhibit (its image and name), an end card, each fading in and out, over a chord progression
 * synthesized by ffmpeg itself (aevalsrc). A second short run takes the poster frame. ffmpeg runs
 * below normal priority, and its `-progress` output reports how far it is. Decision 042: ffmpeg reads
 * only pictures libvips wrote (cleanPicture) and draws exhibitors' text literally; FFMPEG_PATH names
 * another ffmpeg (a maintained system one) instead of the packaged 2018 build.
 */
const requireFromHere = createRequire(import.meta.url);
const FONT = "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf";

/** FFMPEG_PATH, checked at start by server/config.ts; else the packaged build. */
const ffmpegPath = (): string => process.env.FFMPEG_PATH || ffmpegInstaller.path;
/** VIDEO_NICE, checked at start by server/config.ts. */
const renderNiceness = () => Number(process.env.VIDEO_NICE ?? 15);
const fontPath = () => requireFromHere.resolve(FONT);

const VIDEO_MIN_SECONDS = 15;
const VIDEO_MAX_SECONDS = 30;
/** At most this many exhibit cards (8 × 3 s + title and end card stays within 30 s). */
export const VIDEO_MAX_EXHIBITS = 8;

export type RenderInput = {
  orientation: VideoOrientation;
  companyName: string;
  companyOther: string | null;
  boothLine: string;
  /** Image files on disk (png, jpeg, webp). */
  logoFile: string | null;
  exhibits: { name: string; imageFile: string | null }[];
};

export type RenderOutput = { mp4: string; poster: string; durationMs: number };

const SIZES: Record<VideoOrientation, { w: number; h: number }> = { portrait: { w: 720, h: 1280 }, landscape: { w: 1280, h: 720 } };
const FPS = 25;
const FADE = 0.6;

/** Card length so the whole video lasts 15–30 s: title + exhibits + end card. */
function cardSeconds(exhibits: number): number {
  const cards = Math.min(exhibits, VIDEO_MAX_EXHIBITS) + 2;
  return Math.min(Math.max(VIDEO_MIN_SECONDS / cards, 3), VIDEO_MAX_SECONDS / cards, 7.5);
}

/** The template's music: C–Am–F–G, a plucked triad every two seconds, with a soft bass. */
function musicSource(seconds: number): string {
  const chords = [
    [261.63, 329.63, 392.0],
    [220.0, 261.63, 329.63],
    [174.61, 220.0, 261.63],
    [196.0, 246.94, 293.66],
  ];
  const pick = (voice: number) => {
    const [a, b, c, d] = chords.map((chord) => chord[voice]);
    return `if(lt(mod(t,8),2),${a},if(lt(mod(t,8),4),${b},if(lt(mod(t,8),6),${c},${d})))`;
  };
  const env = "(0.25+0.75*exp(-2.2*mod(t,2)))";
  const voices = [0, 1, 2].map((v) => `sin(2*PI*${pick(v)}*t)`).join("+");
  const bass = `0.8*sin(PI*${pick(0)}*t)`;
  return `aevalsrc='0.09*${env}*(${voices}+${bass})':s=44100:d=${seconds.toFixed(2)}`;
}

/** ffmpeg's filter option values: the path quoted for the filtergraph (the font path has no quote). */
const quoted = (value: string) => `'${value.replace(/\\/g, "/").replace(/'/g, "")}'`;

/**
 * Text drawn as written: `expansion=none`, else drawtext expands `%{…}` in the file (an exhibit named
 * `%{eif:while(1,1):d}` held the render until its timeout, `%{localtime}` printed the date) and drops
 * a caption with a lone `%` ("纯棉 100% 衬衫").
 */
function textFilter(file: string, size: number, y: string, color = "white") {
  return `drawtext=fontfile=${quoted(fontPath())}:textfile=${quoted(file)}:expansion=none:fontsize=${size}:fontcolor=${color}:x=(w-text_w)/2:y=${y}:shadowcolor=black@0.6:shadowx=2:shadowy=2`;
}

/** Wraps a line for the card's width (CJK counts double), at most `lines` lines. */
function wrapText(text: string, perLine: number, lines: number): string {
  const out: string[] = [];
  let line = "";
  let width = 0;
  for (const char of text.replace(/\s+/g, " ").trim()) {
    const w = /[\u2E80-\uFFFF]/.test(char) ? 2 : 1;
    if (width + w > perLine) {
      out.push(line.trimEnd());
      line = "";
      width = 0;
      if (out.length === lines) break;
    }
    line += char;
    width += w;
  }
  if (out.length < lines && line.trim()) out.push(line.trim());
  else if (out.length === lines) out[lines - 1] = `${out[lines - 1]!.slice(0, -1)}…`;
  return out.join("\n");
}

type Plan = { args: string[]; seconds: number };

/** ffmpeg's arguments for the video, with the text files they name written into `dir`. */
export async function planRender(input: RenderInput, dir: string, mp4: string, quick: boolean): Promise<Plan> {
  const { w, h } = SIZES[input.orientation];
  const exhibits = input.exhibits.slice(0, VIDEO_MAX_EXHIBITS);
  const card = cardSeconds(exhibits.length);
  const seconds = card * (exhibits.length + 2);
  // Width units per line (a CJK character counts 2) for a font size, within 85 % of the width.
  const unitsFor = (fontSize: number) => Math.floor((w * 0.85) / (fontSize / 2));
  const perLine = unitsFor(44);
  let textCount = 0;
  const textFile = async (text: string) => {
    const file = path.join(dir, `text-${textCount++}.txt`);
    await fs.writeFile(file, text || " ");
    return file;
  };
  const inputs: string[] = [];
  const filters: string[] = [];
  const labels: string[] = [];
  let inputIndex = 0;
  const imageInput = (file: string) => {
    inputs.push("-loop", "1", "-framerate", String(FPS), "-t", card.toFixed(3), "-i", file);
    return inputIndex++;
  };
  const background = (label: string, color: string) => filters.push(`color=c=${color}:s=${w}x${h}:r=${FPS}:d=${card.toFixed(3)},format=yuv420p[${label}]`);
  const fades = `fade=t=in:st=0:d=${FADE},fade=t=out:st=${(card - FADE).toFixed(3)}:d=${FADE},setsar=1,format=yuv420p`;
  const fitted = (index: number, boxW: number, boxH: number, label: string) =>
    filters.push(`[${index}:v]scale=${boxW}:${boxH}:force_original_aspect_ratio=decrease,setsar=1,format=yuva420p[${label}]`);

  // Title card: logo, company name (and its other-language name), booth.
  background("bg0", "0x16324f");
  let title = "bg0";
  if (input.logoFile) {
    fitted(imageInput(input.logoFile), Math.round(w * 0.5), Math.round(h * 0.32), "logo");
    filters.push(`[bg0][logo]overlay=x=(W-w)/2:y=H*0.08:shortest=1[t0]`);
    title = "t0";
  }
  // Stacked from the middle down (under the logo): the name, the other-language name, the booth.
  const nameText = wrapText(input.companyName, unitsFor(52), 3);
  const otherText = input.companyOther ? wrapText(input.companyOther, unitsFor(30), 2) : null;
  const lines = (text: string) => text.split("\n").length;
  const name = await textFile(nameText);
  const other = otherText ? await textFile(otherText) : null;
  const booth = await textFile(input.boothLine);
  const nameY = Math.round(h * (input.logoFile ? 0.46 : 0.34));
  const otherY = nameY + lines(nameText) * 72 + 16;
  const boothY = (otherText ? otherY + lines(otherText) * 42 : otherY) + 28;
  const titleText = [
    textFilter(name, 52, String(nameY)),
    other ? textFilter(other, 30, String(otherY)) : null,
    textFilter(booth, 40, String(boothY), "0xffd166"),
  ]
    .filter(Boolean)
    .join(",");
  filters.push(`[${title}]${titleText},${fades}[c0]`);
  labels.push("c0");

  // One card per exhibit: its image, its name under it.
  for (const [i, exhibit] of exhibits.entries()) {
    const bg = `bg${i + 1}`;
    background(bg, "0x0f1c2b");
    let base = bg;
    if (exhibit.imageFile) {
      fitted(imageInput(exhibit.imageFile), w, Math.round(h * 0.75), `img${i}`);
      filters.push(`[${bg}][img${i}]overlay=x=(W-w)/2:y=(H*0.8-h)/2:shortest=1[o${i}]`);
      base = `o${i}`;
    }
    const label = await textFile(wrapText(exhibit.name, perLine, 2));
    filters.push(`[${base}]${textFilter(label, 44, "h*0.83")},${fades}[c${i + 1}]`);
    labels.push(`c${i + 1}`);
  }

  // End card: the company again and where to find it.
  const endIndex = exhibits.length + 1;
  background("bgend", "0x16324f");
  const endY = Math.round(h * 0.36);
  filters.push(
    `[bgend]${textFilter(name, 52, String(endY))},${textFilter(booth, 44, String(endY + lines(nameText) * 72 + 40), "0xffd166")},${fades}[c${endIndex}]`,
  );
  labels.push(`c${endIndex}`);

  filters.push(`${labels.map((l) => `[${l}]`).join("")}concat=n=${labels.length}:v=1:a=0[v]`);
  filters.push(`${musicSource(seconds)},afade=t=in:d=1,afade=t=out:st=${(seconds - 1.5).toFixed(2)}:d=1.5[a]`);
  const args = [
    "-hide_banner",
    "-nostdin",
    "-xerror",
    "-y",
    ...inputs,
    "-filter_complex",
    filters.join(";"),
    "-map",
    "[v]",
    "-map",
    "[a]",
    "-c:v",
    "libx264",
    "-preset",
    quick ? "ultrafast" : "veryfast",
    "-crf",
    "26",
    "-pix_fmt",
    "yuv420p",
    "-r",
    String(FPS),
    "-c:a",
    "aac",
    "-b:a",
    "96k",
    "-t",
    seconds.toFixed(3),
    "-movflags",
    "+faststart",
    "-threads",
    "1",
    "-progress",
    "pipe:1",
    "-nostats",
    mp4,
  ];
  return { args, seconds };
}

type RunOptions = { timeoutMs: number; onProgress?: (percent: number) => void; onSpawn?: (pid: number) => void; signal?: AbortSignal };

export class RenderTimeoutError extends Error {
  constructor() {
    super("timed out");
    this.name = "RenderTimeoutError";
  }
}

/** Runs ffmpeg below normal priority; resolves when it exits 0, rejects with the end of its stderr otherwise. */
function runFfmpeg(args: string[], seconds: number, options: RunOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ["ignore", "pipe", "pipe"] });
    if (child.pid) options.onSpawn?.(child.pid);
    if (child.pid) {
      try {
        os.setPriority(child.pid, renderNiceness());
      } catch {
        // Not allowed here: it still runs, at normal priority.
      }
    }
    let stderr = "";
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, options.timeoutMs);
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    let pending = "";
    child.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString();
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        const match = /^out_time_(?:ms|us)=(\d+)/.exec(line);
        if (match && options.onProgress) options.onProgress(Math.min(99, Math.floor((Number(match[1]) / 1e6 / seconds) * 100)));
      }
    });
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new RenderTimeoutError());
      else if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim().split("\n").slice(-3).join(" ")}`));
    });
  });
}

/**
 * Each picture decoded by libvips within the pixel limit and written again, at most 1280 px
 * (decision 042): ffmpeg reads only these files. One libvips cannot decode (a broken file that
 * still starts like a PNG, a decompression bomb) is left out; looped in the render, a broken picture
 * made ffmpeg retry its decoding forever instead of failing.
 */
async function cleanPictures(input: RenderInput, dir: string): Promise<RenderInput> {
  let count = 0;
  const clean = async (file: string | null) => {
    if (!file) return null;
    const bytes = await fs.readFile(file).catch(() => null);
    const picture = bytes && (await cleanPicture(bytes, 1280));
    if (!picture) return null;
    const out = path.join(dir, `picture-${count++}.${picture.format === "png" ? "png" : "jpg"}`);
    await fs.writeFile(out, picture.bytes);
    return out;
  };
  const logoFile = await clean(input.logoFile);
  const exhibits = [];
  for (const exhibit of input.exhibits) exhibits.push({ ...exhibit, imageFile: await clean(exhibit.imageFile) });
  return { ...input, logoFile, exhibits };
}

/** Renders the video and its poster frame into `dir` (the caller removes it). */
export async function renderVideo(input: RenderInput, dir: string, options: RunOptions & { quick?: boolean }): Promise<RenderOutput> {
  const mp4 = path.join(dir, "video.mp4");
  const poster = path.join(dir, "poster.jpg");
  const started = Date.now();
  const { args, seconds } = await planRender(await cleanPictures(input, dir), dir, mp4, options.quick ?? false);
  // ffmpeg outlives a killed worker (it ignores SIGPIPE): its own CPU-time limit ends such an orphan too.
  await runFfmpeg(["-timelimit", String(Math.ceil(options.timeoutMs / 1000)), ...args], seconds, options);
  const left = Math.max(5000, options.timeoutMs - (Date.now() - started));
  await runFfmpeg(["-hide_banner", "-nostdin", "-y", "-ss", "1.5", "-i", mp4, "-frames:v", "1", "-q:v", "4", poster], 1, { timeoutMs: left });
  return { mp4, poster, durationMs: Math.round(seconds * 1000) };
}
