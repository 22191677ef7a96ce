import jsQR from "jsqr";
import { PDFDocument } from "pdf-lib";
import { PNG as PngReader } from "pngjs";
import { describe, expect, it } from "vitest";
import { loadRenderFonts, safeText } from "../../server/promotion/render/fonts";
import { pictureDataUrl, pngToPdf, renderInvitationPng, renderPosterPng } from "../../server/promotion/render";
import sharp from "sharp";
import { blackPng, PAYLOAD, pngWithPayload } from "../support/pictures";
import { PNG } from "../support/sample-files";

/**
 * The promotion image engine (server/promotion/render, decision 031): 750 × 1334 PNGs whose QR code
 * reads back as the tracking link, text the font lacks made safe before layout, pictures it cannot
 * draw left out, and a one-page PDF of a PNG. Few renders: the first one parses the font (~2 s).
 */
const exhibition = {
  nameZh: "2026鹏城国际智能科技博览会",
  nameEn: "Pengcheng International Smart Technology Fair 2026",
  startsOn: "2026-12-08",
  endsOn: "2026-12-11",
  venueZh: "鹏城国际会展中心",
  venueEn: "Pengcheng International Convention and Exhibition Center",
};
const booth = { boothNo: "1A01", hallZh: "1号馆", hallEn: "Hall 1" };
const LINK = "https://expo.example.test/visit/ABCDEFGH23";
const RARE = "𠀀𪚥😀👨‍👩‍👧🇨🇳";

const read = (bytes: Uint8Array) => PngReader.sync.read(Buffer.from(bytes));

describe("promotion image engine", () => {
  it("replaces what the font lacks before layout: emoji dropped, a run of missing characters one 〓", async () => {
    const { covers } = await loadRenderFonts();
    expect(safeText("A😀B𠀀𪚥C", covers)).toBe("A B〓C");
    expect(safeText("  星河👨‍👩‍👧智能🇨🇳 1️⃣ Co.\u200b\n Ltd ", covers)).toBe("星河 智能 Co. Ltd");
    expect(safeText("😀😀", covers)).toBe("");
    expect(Array.from(safeText("长".repeat(500), covers))).toHaveLength(300);
  });

  it("draws a picture only as libvips wrote it again (decision 042): its pixels without what came with them; a decompression bomb or broken bytes not at all", async () => {
    const payload = await pngWithPayload();
    expect(payload.includes(PAYLOAD)).toBe(true);
    const url = await pictureDataUrl(new Uint8Array(payload));
    const clean = Buffer.from(url!.split(",")[1]!, "base64");
    expect(clean.includes(PAYLOAD)).toBe(false);
    expect(url).toMatch(/^data:image\/jpeg;base64,/);
    expect(await sharp(clean).metadata()).toMatchObject({ format: "jpeg", width: 64, height: 48 });
    // 10,000 × 10,000 pixels in 12 KB: over the limit, never decoded.
    expect(await pictureDataUrl(new Uint8Array(blackPng(10_000, 10_000)))).toBeNull();
    // Broken pixel data (the upload's sample passes the type check, but does not decode).
    expect(await pictureDataUrl(new Uint8Array(PNG))).toBeNull();
    expect(await pictureDataUrl(new TextEncoder().encode("GIF89a not drawn"))).toBeNull();
    expect(await pictureDataUrl(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 2]))).toBeNull();
    expect(await pictureDataUrl(null)).toBeNull();
  });

  it("renders an invitation as a 750 × 1334 PNG whose QR code is the tracking link, skipping pictures it cannot draw", async () => {
    const png = await renderInvitationPng({
      exhibition,
      booth,
      trackingLink: LINK,
      language: "zh",
      companyName: "深圳星河智能科技有限公司",
      companyOther: null,
      exhibits: [
        { nameZh: "智能机器人", nameEn: "Smart robot", picture: new Uint8Array(PNG) },
        { nameZh: "传感器", nameEn: "", picture: new TextEncoder().encode("not an image at all") },
        { nameZh: "控制器", nameEn: "", picture: null },
      ],
      background: new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
    });
    const image = read(png);
    expect([image.width, image.height]).toEqual([750, 1334]);
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(LINK);

    const pdf = await pngToPdf(png, "invitation");
    expect(Buffer.from(pdf.subarray(0, 4)).toString("latin1")).toBe("%PDF");
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(1);
    expect(document.getPage(0).getSize()).toEqual({ width: 562.5, height: 1000.5 });
  });

  it("keeps the size with 500-character names, emoji and rare CJK everywhere", async () => {
    const long = `深圳市${"超长名称".repeat(123)}${RARE}`;
    const invitation = await renderInvitationPng({
      exhibition: { ...exhibition, nameZh: long, nameEn: long, venueZh: long },
      booth: { boothNo: `A${RARE}`.repeat(20), hallZh: long, hallEn: long },
      trackingLink: LINK,
      language: "bilingual",
      companyName: long,
      companyOther: `Very ${"long ".repeat(100)}${RARE}`,
      exhibits: Array.from({ length: 6 }, () => ({ nameZh: long, nameEn: long, picture: new Uint8Array(PNG) })),
      background: null,
    });
    const image = read(invitation);
    expect([image.width, image.height]).toEqual([750, 1334]);
    // The QR code stays clear of the text around it.
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(LINK);

    const poster = read(await renderPosterPng({ exhibition, booth, trackingLink: LINK, kind: "en", companyZh: RARE, companyEn: `${"W".repeat(500)}${RARE}` }));
    expect([poster.width, poster.height]).toEqual([750, 1334]);
  });
});
