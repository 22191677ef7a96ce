import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { sql } from "kysely";
import type { Database } from "../db/database";

/**
 * Click captcha: a picture with five characters drawn as glyph outlines (no <text>,
 * so the answer cannot be read from the SVG source); the user clicks the one named
 * by the API. All state lives in the `captchas` table, shared by every Node process.
 */

export type CaptchaVerdict = "ok" | "wrong" | "expired";
export type CaptchaKind = "click" | "text";
export type ClickPoint = { x: number; y: number };

export type ClickCaptcha = {
  captchaId: string;
  /** "data:image/svg+xml;base64,…" */
  image: string;
  width: number;
  height: number;
  /** The character the user has to click. */
  target: string;
};

const CAPTCHA_TTL_MINUTES = 5;
const CAPTCHA_MAX_ATTEMPTS = 3;
/** Rows are deleted this long after they expired. */
const CAPTCHA_PURGE_AFTER_MINUTES = 60;
/** One creation in this many also purges old rows. */
const PURGE_ONE_IN = 20;

const CLICK_WIDTH = 300;
const CLICK_HEIGHT = 150;
/** Radius (intrinsic pixels) around the target's centre that counts as a hit. */
const HIT_RADIUS = 22;
const GLYPH_COUNT = 5;
/** No 0/O, 1/I, 2/Z, 5/S, 8/B, G/Q lookalikes. */
const CHARSET = "ACDEFHJKLMNPRTUVWXY34679";
const FONT_SIZE_MIN = 54;
const FONT_SIZE_MAX = 64;
/** Distance between glyph centres, so glyphs and hit circles never overlap. */
const MIN_CENTRE_DISTANCE = 56;
const MARGIN_X = 30;
const MARGIN_Y = 28;

// ---------------------------------------------------------------------------
// Font (the only in-memory state): the TrueType font shipped with svg-captcha.

type PathCommand = {
  type: "M" | "L" | "C" | "Q" | "Z";
  x?: number;
  y?: number;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
};
type GlyphPath = {
  commands: PathCommand[];
  getBoundingBox(): { x1: number; y1: number; x2: number; y2: number };
};
type Glyph = { getPath(x: number, y: number, fontSize: number): GlyphPath };
type Font = { charToGlyph(ch: string): Glyph };
type OpenType = { parse(buffer: ArrayBuffer): Font };

let font: Font | undefined;

function loadFont(): Font {
  if (font) return font;
  const require = createRequire(import.meta.url);
  const svgCaptchaPackage = require.resolve("svg-captcha/package.json");
  // opentype.js is svg-captcha's dependency; resolve it from there so we use the same copy.
  const opentype = createRequire(svgCaptchaPackage)("opentype.js") as OpenType;
  const bytes = fs.readFileSync(path.join(path.dirname(svgCaptchaPackage), "fonts", "Comismsh.ttf"));
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  font = opentype.parse(buffer);
  return font;
}

// ---------------------------------------------------------------------------
// Drawing

function randomInt(min: number, max: number) {
  return crypto.randomInt(min, max + 1);
}

function randomFloat(min: number, max: number) {
  return min + (crypto.randomInt(0, 1_000_001) / 1_000_000) * (max - min);
}

function shuffle<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = crypto.randomInt(0, i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function round(n: number) {
  return Math.round(n * 10) / 10;
}

/** Pairs that look alike in this font once rotated; never shown together. */
const CONFUSABLE_PAIRS = [
  ["P", "R"],
  ["U", "V"],
  ["E", "F"],
] as const;

function pickCharacters(count: number): string[] {
  for (;;) {
    const picked = shuffle([...CHARSET]).slice(0, count);
    if (!CONFUSABLE_PAIRS.some(([a, b]) => picked.includes(a) && picked.includes(b))) return picked;
  }
}

/** Random centres at least MIN_CENTRE_DISTANCE apart (rejection sampling, restarts if stuck). */
function pickCentres(count: number): ClickPoint[] {
  for (let restart = 0; restart < 100; restart++) {
    const centres: ClickPoint[] = [];
    for (let tries = 0; tries < 400 && centres.length < count; tries++) {
      const candidate = {
        x: randomInt(MARGIN_X, CLICK_WIDTH - MARGIN_X),
        y: randomInt(MARGIN_Y, CLICK_HEIGHT - MARGIN_Y),
      };
      if (centres.every((c) => Math.hypot(c.x - candidate.x, c.y - candidate.y) >= MIN_CENTRE_DISTANCE)) {
        centres.push(candidate);
      }
    }
    if (centres.length === count) return centres;
  }
  // Practically unreachable; a fixed, evenly spaced row is still a valid layout.
  const step = (CLICK_WIDTH - 2 * MARGIN_X) / (count - 1);
  return Array.from({ length: count }, (_, i) => ({
    x: MARGIN_X + i * step,
    y: randomInt(MARGIN_Y, CLICK_HEIGHT - MARGIN_Y),
  }));
}

/** Glyph outline centred on (cx, cy), rotated by `degrees`, with slight per-point jitter. */
function glyphPathData(ch: string, cx: number, cy: number, fontSize: number, degrees: number) {
  const glyphPath = loadFont().charToGlyph(ch).getPath(0, 0, fontSize);
  const box = glyphPath.getBoundingBox();
  const ox = (box.x1 + box.x2) / 2;
  const oy = (box.y1 + box.y2) / 2;
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const map = (x: number, y: number) => {
    const dx = x - ox + randomFloat(-0.3, 0.3);
    const dy = y - oy + randomFloat(-0.3, 0.3);
    return `${round(cx + dx * cos - dy * sin)} ${round(cy + dx * sin + dy * cos)}`;
  };
  const parts: string[] = [];
  for (const c of glyphPath.commands) {
    switch (c.type) {
      case "M":
      case "L":
        parts.push(`${c.type}${map(c.x!, c.y!)}`);
        break;
      case "Q":
        parts.push(`Q${map(c.x1!, c.y1!)} ${map(c.x!, c.y!)}`);
        break;
      case "C":
        parts.push(`C${map(c.x1!, c.y1!)} ${map(c.x2!, c.y2!)} ${map(c.x!, c.y!)}`);
        break;
      case "Z":
        parts.push("Z");
        break;
    }
  }
  return parts.join("");
}

function glyphColour() {
  return `hsl(${randomInt(0, 359)},${randomInt(55, 80)}%,${randomInt(28, 42)}%)`;
}

function noiseColour() {
  return `hsl(${randomInt(0, 359)},${randomInt(25, 60)}%,${randomInt(50, 72)}%)`;
}

function randomPoint() {
  return `${randomInt(0, CLICK_WIDTH)} ${randomInt(0, CLICK_HEIGHT)}`;
}

function noiseCurve(minWidth: number, maxWidth: number) {
  const d = `M${randomInt(0, 20)} ${randomInt(0, CLICK_HEIGHT)}C${randomPoint()} ${randomPoint()} ${randomInt(CLICK_WIDTH - 20, CLICK_WIDTH)} ${randomInt(0, CLICK_HEIGHT)}`;
  return `<path d="${d}" fill="none" stroke="${noiseColour()}" stroke-width="${round(randomFloat(minWidth, maxWidth))}"/>`;
}

function noiseLine(minWidth: number, maxWidth: number) {
  return `<path d="M${randomPoint()}L${randomPoint()}" stroke="${noiseColour()}" stroke-width="${round(randomFloat(minWidth, maxWidth))}"/>`;
}

function noiseDot() {
  return `<circle cx="${randomInt(0, CLICK_WIDTH)}" cy="${randomInt(0, CLICK_HEIGHT)}" r="${round(randomFloat(0.8, 2.2))}" fill="${noiseColour()}"/>`;
}

/** Behind the glyphs: a few curves, lines and dots. */
function backgroundNoise(): string[] {
  const out: string[] = [];
  for (let i = 0, n = randomInt(3, 4); i < n; i++) out.push(noiseCurve(1, 2.2));
  for (let i = 0, n = randomInt(2, 3); i < n; i++) out.push(noiseLine(0.8, 1.6));
  for (let i = 0, n = randomInt(25, 40); i < n; i++) out.push(noiseDot());
  return out;
}

/** In front of the glyphs: thin strokes only, so the characters stay readable. */
function foregroundNoise(): string[] {
  const out = [noiseCurve(0.7, 1.2), noiseLine(0.6, 1)];
  for (let i = 0, n = randomInt(8, 14); i < n; i++) out.push(noiseDot());
  return out;
}

function drawClickCaptcha() {
  const characters = pickCharacters(GLYPH_COUNT);
  const centres = pickCentres(GLYPH_COUNT);
  const targetIndex = crypto.randomInt(0, GLYPH_COUNT);
  const glyphs = characters.map((ch, i) => {
    const { x, y } = centres[i]!;
    const d = glyphPathData(ch, x, y, randomInt(FONT_SIZE_MIN, FONT_SIZE_MAX), randomInt(-40, 40));
    const colour = glyphColour();
    // A thin outline in the same colour makes the font's fine strokes easier to see.
    return `<path d="${d}" fill="${colour}" stroke="${colour}" stroke-width="0.8"/>`;
  });
  const background = `hsl(${randomInt(0, 359)},${randomInt(30, 60)}%,${randomInt(93, 97)}%)`;
  const [behind, infront] = [backgroundNoise(), foregroundNoise()];
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CLICK_WIDTH}" height="${CLICK_HEIGHT}" viewBox="0 0 ${CLICK_WIDTH} ${CLICK_HEIGHT}">` +
    `<rect width="${CLICK_WIDTH}" height="${CLICK_HEIGHT}" fill="${background}"/>` +
    shuffle(behind).join("") +
    shuffle(glyphs).join("") +
    shuffle(infront).join("") +
    `</svg>`;
  const centre = centres[targetIndex]!;
  return { svg, target: characters[targetIndex]!, answer: { x: centre.x, y: centre.y, r: HIT_RADIUS } };
}

export function svgDataUri(svg: string) {
  return `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`;
}

// ---------------------------------------------------------------------------
// Storage shared by both captcha kinds (the text captcha imports these).

/** Deletes rows that expired more than an hour ago; returns how many. */
export async function purgeExpiredCaptchas(db: Database): Promise<number> {
  const result = await db
    .deleteFrom("captchas")
    .where("expires_at", "<", sql<Date>`now() - make_interval(mins => ${CAPTCHA_PURGE_AFTER_MINUTES})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}

/** Inserts a new captcha row (expires in 5 minutes, database clock) and returns its id. */
export async function storeCaptcha(db: Database, kind: CaptchaKind, answer: unknown, ip: string | null) {
  const id = crypto.randomUUID();
  await db
    .insertInto("captchas")
    .values({
      id,
      kind,
      answer: JSON.stringify(answer),
      expires_at: sql<Date>`now() + make_interval(mins => ${CAPTCHA_TTL_MINUTES})`,
      ip,
    })
    .execute();
  if (crypto.randomInt(0, PURGE_ONE_IN) === 0) {
    // Housekeeping only; a failure here must not break captcha creation.
    await purgeExpiredCaptchas(db).catch(() => undefined);
  }
  return id;
}

/**
 * One verification attempt. The attempt counter is raised atomically *before* the answer
 * is checked, so parallel guesses cannot exceed the limit. Unknown, expired, already
 * verified/used or exhausted captchas (and ones of the other kind) are "expired".
 */
export async function attemptCaptcha(db: Database, kind: CaptchaKind, captchaId: string, isCorrect: (answer: unknown) => boolean): Promise<CaptchaVerdict> {
  if (typeof captchaId !== "string" || captchaId.length === 0 || captchaId.length > 100) return "expired";
  const row = await db
    .updateTable("captchas")
    .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
    .where("id", "=", captchaId)
    .where("kind", "=", kind)
    .where("attempts", "<", CAPTCHA_MAX_ATTEMPTS)
    .where("verified_at", "is", null)
    .where("used_at", "is", null)
    .where("expires_at", ">", sql<Date>`now()`)
    .returning(["answer"])
    .executeTakeFirst();
  if (!row) return "expired";
  const answer = typeof row.answer === "string" ? (JSON.parse(row.answer) as unknown) : row.answer;
  if (!isCorrect(answer)) return "wrong";
  const verified = await db
    .updateTable("captchas")
    .set({ verified_at: sql<Date>`now()` })
    .where("id", "=", captchaId)
    .where("verified_at", "is", null)
    .where("used_at", "is", null)
    .returning(["id"])
    .executeTakeFirst();
  return verified ? "ok" : "expired";
}

// ---------------------------------------------------------------------------
// Public API

export async function createClickCaptcha(db: Database, ip: string | null): Promise<ClickCaptcha> {
  const { svg, target, answer } = drawClickCaptcha();
  const captchaId = await storeCaptcha(db, "click", answer, ip);
  return { captchaId, image: svgDataUri(svg), width: CLICK_WIDTH, height: CLICK_HEIGHT, target };
}

/** The first point (intrinsic image pixels, origin top-left) must fall inside the target's circle. */
export async function verifyClickCaptcha(db: Database, captchaId: string, points: ClickPoint[]): Promise<CaptchaVerdict> {
  const first = points[0];
  return attemptCaptcha(db, "click", captchaId, (answer) => {
    if (!first || !Number.isFinite(first.x) || !Number.isFinite(first.y)) return false;
    const { x, y, r } = (answer ?? {}) as { x?: unknown; y?: unknown; r?: unknown };
    if (typeof x !== "number" || typeof y !== "number" || typeof r !== "number") return false;
    return (first.x - x) ** 2 + (first.y - y) ** 2 <= r * r;
  });
}
