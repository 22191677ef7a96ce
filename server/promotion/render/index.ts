import type { InvitationLanguage } from "../../../app/contracts/promotion/values";
import type { BoothPlace, Exhibition } from "./common";
import { IMAGE_HEIGHT, pngToPdf, renderPng } from "./engine";
import { loadRenderFonts, safeText } from "./fonts";
import { invitationLayout } from "./invitation";
import { type PosterKind, posterLayout } from "./posters";
import { qrDataUrl } from "./qr";
import { cleanPicture } from "../../uploads/pictures";

/**
 * The promotion images (decision 031), from plain data: every text made safe for the font first
 * (server/promotion/render/fonts.ts), pictures libvips cannot decode within the pixel limit left out,
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

/**
 * A data URL satori and resvg can draw, or null (the picture is skipped): the picture as libvips
 * decoded and wrote it again within the pixel limit (decision 042), never the uploaded bytes.
 */
export async function pictureDataUrl(bytes: Picture): Promise<string | null> {
  if (!bytes?.length || bytes.length > PICTURE_MAX_BYTES) return null;
  // No picture is drawn larger than the image.
  const picture = await cleanPicture(bytes, IMAGE_HEIGHT);
  return picture ? `data:image/${picture.format};base64,${picture.bytes.toString("base64")}` : null;
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
  // One picture after the other: each decoding holds its pixels (up to 160 MB) until it is written again.
  const exhibits: { nameZh: string; nameEn: string; picture: string | null }[] = [];
  for (const e of input.exhibits) exhibits.push({ nameZh: text(e.nameZh), nameEn: text(e.nameEn), picture: await pictureDataUrl(e.picture) });
  const background = await pictureDataUrl(input.background);
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
