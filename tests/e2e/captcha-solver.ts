// Solves the click captcha the way a determined bot could: the picture has no <text>,
// but each glyph is the font's outline drawn command by command, so the sequence of
// path commands (M/L/Q/C/Z) identifies the character, and fitting the font's points
// onto the drawn ones gives the glyph's centre. The font is the one svg-captcha ships.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

type Point = { x: number; y: number };
type FontCommand = { type: string; x?: number; y?: number; x1?: number; y1?: number; x2?: number; y2?: number };
type Font = {
  charToGlyph(ch: string): {
    getPath(x: number, y: number, size: number): { commands: FontCommand[]; getBoundingBox(): { x1: number; y1: number; x2: number; y2: number } };
  };
};

let font: Font | undefined;
function loadFont(): Font {
  if (font) return font;
  const require = createRequire(path.join(process.cwd(), "package.json"));
  const pkg = require.resolve("svg-captcha/package.json");
  const opentype = createRequire(pkg)("opentype.js") as { parse(buffer: ArrayBuffer): Font };
  const bytes = fs.readFileSync(path.join(path.dirname(pkg), "fonts", "Comismsh.ttf"));
  font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return font;
}

/** The points of a font path in drawing order (control points included), as the captcha maps them. */
function fontPoints(commands: FontCommand[]): Point[] {
  const out: Point[] = [];
  for (const c of commands) {
    if (c.type === "Q") out.push({ x: c.x1!, y: c.y1! });
    if (c.type === "C") out.push({ x: c.x1!, y: c.y1! }, { x: c.x2!, y: c.y2! });
    if (c.type !== "Z") out.push({ x: c.x!, y: c.y! });
  }
  return out;
}

function parsePathData(d: string): { signature: string; points: Point[] } {
  let signature = "";
  const points: Point[] = [];
  for (const [, type, args] of d.matchAll(/([MLQCZ])([^MLQCZ]*)/g)) {
    signature += type;
    // opentype's path data may omit the space before a minus sign.
    const numbers = (args!.match(/-?(?:\d+\.?\d*|\.\d+)/g) ?? []).map(Number);
    for (let i = 0; i + 1 < numbers.length; i += 2) points.push({ x: numbers[i]!, y: numbers[i + 1]! });
  }
  return { signature, points };
}

/** The `d` of every <path> with a fill other than "none", whatever the attribute order or extra attributes. */
function filledPaths(svg: string): string[] {
  const out: string[] = [];
  for (const [, attrs] of svg.matchAll(/<path\b([^>]*?)\/?>/g)) {
    const attributes = new Map([...attrs!.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)].map((m) => [m[1]!, m[2]!] as const));
    const fill = attributes.get("fill");
    const d = attributes.get("d");
    if (d && fill && fill !== "none" && fill !== "transparent") out.push(d);
  }
  return out;
}

function decodeSvg(imageSrc: string) {
  const match = /^data:image\/svg\+xml;base64,(.+)$/.exec(imageSrc);
  if (!match) throw new Error(`unexpected captcha image: ${imageSrc.slice(0, 40)}`);
  return Buffer.from(match[1]!, "base64").toString("utf8");
}

/** Decodes the data-URI SVG and returns the centre (intrinsic pixels) of the glyph showing `target`. */
export function solveClickCaptcha(imageSrc: string, target: string): Point {
  const svg = decodeSvg(imageSrc);
  // Glyphs are the filled paths (with or without an outline stroke, attributes in any
  // order); noise paths have fill="none" or only a stroke.
  const glyphs = filledPaths(svg).map(parsePathData);
  if (glyphs.length !== 5) throw new Error(`expected 5 glyphs in the captcha, found ${glyphs.length}`);

  const glyphPath = loadFont().charToGlyph(target).getPath(0, 0, 50);
  const signature = glyphPath.commands.map((c) => c.type).join("");
  const drawn = glyphs.filter((g) => g.signature === signature);
  if (drawn.length !== 1) throw new Error(`target “${target}” matched ${drawn.length} glyphs`);
  const points = drawn[0]!.points;
  const reference = fontPoints(glyphPath.commands);
  if (points.length !== reference.length) throw new Error("glyph point count differs from the font");

  // Least-squares similarity (scale + rotation) from font points to drawn points, in complex
  // numbers: drawn = centre + a * (font - boxCentre); the glyph's centre is where boxCentre lands.
  const box = glyphPath.getBoundingBox();
  const o = { x: (box.x1 + box.x2) / 2, y: (box.y1 + box.y2) / 2 };
  const mean = (ps: Point[]) => ({ x: ps.reduce((s, p) => s + p.x, 0) / ps.length, y: ps.reduce((s, p) => s + p.y, 0) / ps.length });
  const mq = mean(reference);
  const mm = mean(points);
  let re = 0;
  let im = 0;
  let norm = 0;
  reference.forEach((q, i) => {
    const qx = q.x - mq.x;
    const qy = q.y - mq.y;
    const px = points[i]!.x - mm.x;
    const py = points[i]!.y - mm.y;
    // (p) * conj(q)
    re += px * qx + py * qy;
    im += py * qx - px * qy;
    norm += qx * qx + qy * qy;
  });
  const a = { re: re / norm, im: im / norm };
  const dx = o.x - mq.x;
  const dy = o.y - mq.y;
  return { x: mm.x + a.re * dx - a.im * dy, y: mm.y + a.re * dy + a.im * dx };
}

/**
 * The text alternative (svg-captcha): glyphs are `<path fill=… d=…>` (noise lines come with
 * fill="none"), shuffled in the source but laid out left to right.
 */
export function solveTextCaptcha(imageSrc: string): string {
  const svg = decodeSvg(imageSrc);
  const bySignature = new Map<string, string>();
  for (const ch of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ23456789") {
    bySignature.set(
      loadFont()
        .charToGlyph(ch)
        .getPath(0, 0, 50)
        .commands.map((c) => c.type)
        .join(""),
      ch,
    );
  }
  const glyphs = filledPaths(svg).map(parsePathData);
  if (glyphs.length === 0) throw new Error("no glyphs in the text captcha");
  return glyphs
    .map((g) => {
      const ch = bySignature.get(g.signature);
      if (!ch) throw new Error("unknown glyph in the text captcha");
      return { ch, x: Math.min(...g.points.map((p) => p.x)) };
    })
    .sort((a, b) => a.x - b.x)
    .map((g) => g.ch)
    .join("");
}

/** Glyph centres keep ≥ 28 px from the edges and hits count within 22 px, so a corner always misses. */
export const MISS_POINT: Point = { x: 3, y: 3 };
