import { loadOnce } from "../load-once";
import { isPrintedFolder, type UploadFolder } from "../../app/contracts/uploads/schema";

/**
 * Uploaded pictures (decision 042). libvips (sharp) is the one decoder of a picture an exhibitor
 * uploaded: at upload it reads the header and a picture over the pixel limit is refused (a 97 KB PNG
 * of 10,000 × 10,000 pixels is 400 MB once decoded); before ffmpeg or the poster renderer (satori and
 * resvg) draws a picture, libvips decodes it within the limit and writes it again as a plain PNG or
 * JPEG, so their decoders (ffmpeg's from 2018) only ever read files libvips made.
 */

/**
 * Pixels of one frame (width × height) a picture may have: 40 million, e.g. 8000 × 5000, more than a
 * phone's or a camera's usual photo (12–24 MP); decoded, at most 160 MB.
 */
const PICTURE_MAX_PIXELS = 40_000_000;
/**
 * Print artwork and drawings (the folders their domains declare `printed`), which are stored and downloaded but never drawn by the server: the
 * 2400 × 950 mm fascia at 200 dpi is 80 MP, an A0 drawing at 200 dpi 62 MP.
 */
const PRINT_MAX_PIXELS = 120_000_000;

/** libvips, loaded with the first picture (outside the callers' try: a missing package is an error, never "unreadable"). */
const loadSharp = loadOnce(async () => (await import("sharp")).default);

export function pixelLimitOf(folder: UploadFolder) {
  return isPrintedFolder(folder) ? PRINT_MAX_PIXELS : PICTURE_MAX_PIXELS;
}

/** The width and height the picture's header declares, or null when libvips cannot read its header. */
async function declaredSize(bytes: Uint8Array): Promise<{ width: number; height: number } | null> {
  const sharp = await loadSharp();
  try {
    // No limit here: this only reads the header, to compare it with the folder's limit.
    const { width, height } = await sharp(bytes, { limitInputPixels: false }).metadata();
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/**
 * Whether an uploaded picture declares more pixels than its folder allows, from its first bytes, or,
 * when those do not hold the whole header (a JPEG's frame header after large metadata), from all of
 * it. A header libvips cannot read at all is let through: no renderer ever draws such a picture
 * (cleanPicture answers null for it), and the type check has already passed it.
 */
export async function exceedsPixelLimit(head: Uint8Array, sizeBytes: number, whole: () => Promise<Uint8Array>, limit: number): Promise<boolean> {
  const size = (await declaredSize(head)) ?? (sizeBytes > head.length ? await declaredSize(await whole()) : null);
  return size !== null && size.width * size.height > limit;
}

/** What libvips reads from an upload: the accepted picture kinds (sniff.ts), nothing else it could. */
const DRAWN_FORMATS = new Set(["jpeg", "png", "gif"]);
/** A picture that takes longer than this to decode is left out (a 40 MP JPEG takes under 0.5 s here). */
const CLEAN_TIMEOUT_SECONDS = 20;

export type CleanPicture = { bytes: Buffer; format: "png" | "jpeg" };

/**
 * The picture decoded by libvips within PICTURE_MAX_PIXELS (its first frame, turned upright by its
 * EXIF orientation), fitted within `maxSide` pixels and written again: PNG when it has transparency,
 * else JPEG; no metadata, no trailing bytes, nothing of the uploaded file but its pixels. Null for
 * what libvips cannot decode or refuses (over the limit, broken pixels): the renderers leave it out.
 * Nothing is cached: each render (itself cached by the promotion images, or once per video) cleans
 * its few pictures once.
 */
export async function cleanPicture(bytes: Uint8Array, maxSide: number): Promise<CleanPicture | null> {
  const sharp = await loadSharp();
  try {
    // failOn stays at libvips' strictest default ("warning"), as sharp advises for untrusted input.
    const image = sharp(bytes, { limitInputPixels: PICTURE_MAX_PIXELS, autoOrient: true, pages: 1 });
    const meta = await image.metadata();
    if (!meta.format || !DRAWN_FORMATS.has(meta.format)) return null;
    const fitted = image.resize({ width: maxSide, height: maxSide, fit: "inside", withoutEnlargement: true }).timeout({ seconds: CLEAN_TIMEOUT_SECONDS });
    return meta.hasAlpha ? { bytes: await fitted.png().toBuffer(), format: "png" } : { bytes: await fitted.jpeg({ quality: 90 }).toBuffer(), format: "jpeg" };
  } catch {
    return null;
  }
}
