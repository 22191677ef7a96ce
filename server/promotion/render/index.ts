import type { InvitationLanguage } from "../../../app/contracts/promotion/values";
import type { BoothPlace, Exhibition } from "./common";
import { pngToPdf, renderPng } from "./engine";
import { loadRenderFonts, safeText } from "./fonts";
import { invitationLayout } from "./invitation";
import { type PosterKind, posterLayout } from "./posters";
import { qrDataUrl } from "./qr";

/**
 * The promotion images (decision 031), from plain data: every text made safe for the font first
 * (server/promotion/render/fonts.ts), pictures that are not PNG or JPEG (or not readable) left out,
 * the QR code made from the tracking link. A render that fails on a picture is made again without
 * pictures rather than not at all.
 */
export { pngToPdf };
export type { PosterKind };

/** A picture's bytes as stored (an exhibit's first image, a template's background). */
type Picture = Uint8Array | null;

export type InvitationRenderInput = {
  exhibition: Exhibition;
  booth: BoothPlace;
  trackingLink: string;
  language: InvitationLanguage;
  companyName: string;
  companyOther: string | null;
  exhibits: { nameZh: string; nameEn: string; picture: Picture }[];
  background: Picture;
};

export type PosterRenderInput = {
  exhibition: Exhibition;
  booth: BoothPlace;
  trackingLink: string;
  kind: PosterKind;
  companyZh: string;
  companyEn: string;
};

const PICTURE_MAX_BYTES = 12 * 1024 * 1024;
const PICTURE_MAX_SIDE = 10_000;

const be16 = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const be32 = (b: Uint8Array, at: number) => be16(b, at) * 65536 + be16(b, at + 2);

/** The size a PNG or baseline/progressive JPEG says it has, or null for anything else. */
function pictureSize(bytes: Uint8Array): { type: "png" | "jpeg"; width: number; height: number } | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((v, i) => bytes[i] === v) && String.fromCharCode(...bytes.subarray(12, 16)) === "IHDR") {
    return { type: "png", width: be32(bytes, 16), height: be32(bytes, 20) };
  }
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    // Start of frame (not DHT C4, JPG C8, DAC CC): its height and width.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { type: "jpeg", width: be16(bytes, at + 7), height: be16(bytes, at + 5) };
    }
    at += 2 + be16(bytes, at + 2);
  }
  return null;
}

/** A data URL satori and resvg can draw, or null (the picture is skipped). */
export function pictureDataUrl(bytes: Picture): string | null {
  if (!bytes?.length || bytes.length > PICTURE_MAX_BYTES) return null;
  const size = pictureSize(bytes);
  if (!size || size.width < 1 || size.height < 1 || size.width > PICTURE_MAX_SIDE || size.height > PICTURE_MAX_SIDE) return null;
  return `data:image/${size.type};base64,${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64")}`;
}

/** Renders with the pictures; if that fails (a picture whose body is broken), once more without them. */
async function withPictureFallback<T>(make: (pictures: boolean) => Promise<T>): Promise<T> {
  try {
    return await make(true);
  } catch {
    return make(false);
  }
}

export async function renderInvitationPng(input: InvitationRenderInput): Promise<Uint8Array> {
  const { covers } = await loadRenderFonts();
  const text = (value: string) => safeText(value, covers);
  const qr = await qrDataUrl(input.trackingLink);
  const exhibits = input.exhibits.map((e) => ({ nameZh: text(e.nameZh), nameEn: text(e.nameEn), picture: pictureDataUrl(e.picture) }));
  const background = pictureDataUrl(input.background);
  const companyOther = input.companyOther ? text(input.companyOther) : "";
  return withPictureFallback((pictures) =>
    renderPng(
      invitationLayout({
        exhibition: safeExhibition(input.exhibition, text),
        booth: safeBooth(input.booth, text),
        qr,
        language: input.language,
        companyName: text(input.companyName),
        companyOther: companyOther || null,
        exhibits: exhibits.map((e) => ({ ...e, picture: pictures ? e.picture : null })),
        background: pictures ? background : null,
      }),
    ),
  );
}

export async function renderPosterPng(input: PosterRenderInput): Promise<Uint8Array> {
  const { covers } = await loadRenderFonts();
  const text = (value: string) => safeText(value, covers);
  return renderPng(
    posterLayout({
      exhibition: safeExhibition(input.exhibition, text),
      booth: safeBooth(input.booth, text),
      qr: await qrDataUrl(input.trackingLink),
      kind: input.kind,
      companyZh: text(input.companyZh),
      companyEn: text(input.companyEn),
    }),
  );
}

const safeExhibition = (e: Exhibition, text: (v: string) => string): Exhibition => ({
  ...e,
  nameZh: text(e.nameZh),
  nameEn: text(e.nameEn),
  venueZh: text(e.venueZh),
  venueEn: text(e.venueEn),
});

const safeBooth = (b: BoothPlace, text: (v: string) => string): BoothPlace => ({
  boothNo: text(b.boothNo),
  hallZh: b.hallZh ? text(b.hallZh) : null,
  hallEn: b.hallEn ? text(b.hallEn) : null,
});
