import { describe, expect, it } from "vitest";
import { deflateSync } from "node:zlib";
import * as fontkit from "fontkit";
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFRawStream, PDFStream, decodePDFRawStream, type PDFPage } from "pdf-lib";
import { renderContractPdf, type ContractInput, type ContractLine } from "../../server/orders/contract-pdf";
import { COMBINE_MAX_FILES, imagesToPdf, jpegExifOrientation } from "../../server/uploads/scans-to-pdf";
import { loadContractFontBytes } from "../../server/pdf/font";
import { pageGlyphs, pdfText, streamText } from "../support/pdf-text";
import { contractDate } from "../../server/pdf/layout";

function line(index: number): ContractLine {
  return {
    nameZh: `标准展位用电 ${index} 号（380V/15A 三相）`,
    nameEn: `Booth power supply no. ${index} (380V/15A three-phase)`,
    unitZh: "个",
    unitEn: "pcs",
    quantity: index,
    unitPriceCents: 123456,
    priceKind: (["advance", "standard", "onsite"] as const)[index % 3]!,
    lineTotalCents: 123456 * index,
  };
}

function order(lineCount: number): ContractInput {
  const lines = Array.from({ length: lineCount }, (_, i) => line(i + 1));
  return {
    orderNo: "SO20250301-0007",
    createdAt: "2025-03-01T17:30:00.000Z",
    exhibitionName: "第二十届中国国际高新技术成果交易会",
    // 喆 and 燊 are outside GB2312: the font must cover more than the common set.
    exhibitorCompany: "深圳喆燊科技有限公司",
    boothNo: "1A-101",
    contractorCompany: "鑫源展览工程有限公司",
    contractorContact: "张三",
    lines,
    totalCents: lines.reduce((sum, l) => sum + l.lineTotalCents, 0),
    contractVersion: 3,
  };
}

describe("renderContractPdf", () => {
  it.each(["zh", "en"] as const)("renders a 3-line %s contract on one page and 60 lines on several", async (language) => {
    const short = await PDFDocument.load(await renderContractPdf(order(3), language));
    expect(short.getPageCount()).toBe(1);
    const long = await PDFDocument.load(await renderContractPdf(order(60), language));
    expect(long.getPageCount()).toBeGreaterThan(1);
    const lastPage = await pdfText(await long.save());
    const pages = long.getPageCount();
    expect(lastPage).toContain(language === "zh" ? `第 ${pages} 页 / 共 ${pages} 页` : `Page ${pages} of ${pages}`);
  });

  it("prints a company name at its field's maximum (100 characters) whole in the signature box, which grows", async () => {
    // 龘 appears nowhere else: once in the parties, once in party B's signature box.
    const company = `${"展".repeat(99)}龘`;
    const text = await pdfText(await renderContractPdf({ ...order(3), exhibitorCompany: company }, "zh"));
    expect(text.split("龘").length - 1).toBe(2);
  });

  it("writes the Chinese contract with its parties, lines, amounts, terms and version", async () => {
    const text = await pdfText(await renderContractPdf(order(3), "zh"));
    for (const expected of [
      "现场服务订购合同",
      "鹏城国际会展服务有限公司",
      "深圳喆燊科技有限公司",
      "鑫源展览工程有限公司",
      "SO20250301-0007",
      "2025-03-02", // 17:30 UTC is the next day in China
      "1A-101",
      "标准展位用电 2 号（380V/15A 三相）",
      "1,234.56", // 123456 cents
      "3,703.68", // line 3: 3 × 123456 cents
      "7,407.36", // total
      "7 日内",
      "甲方（盖章）",
      "乙方（盖章）",
      "合同版本 v3",
      "第 1 页 / 共 1 页",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("writes the English contract, keeping Chinese names readable", async () => {
    const text = await pdfText(await renderContractPdf(order(3), "en"));
    for (const expected of [
      "On-site service order contract",
      "Pengcheng International Exhibition Services Co., Ltd.",
      "深圳喆燊科技有限公司",
      "Booth power supply no. 1",
      "1,234.56",
      "7,407.36",
      "within 7 days",
      "Contract version v3",
      "Page 1 of 1",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("formats amounts from integer cents", async () => {
    const small = order(1);
    small.lines = [
      { ...line(1), quantity: 1, unitPriceCents: 5, lineTotalCents: 5 },
      { ...line(2), quantity: 1, unitPriceCents: 100000000, lineTotalCents: 100000000 },
    ];
    small.totalCents = 100000005;
    const text = await pdfText(await renderContractPdf(small, "en"));
    expect(text).toContain("0.05");
    expect(text).toContain("1,000,000.00");
    expect(text).toContain("1,000,000.05");
  });

  it("embeds subsets of the CJK font whose glyphs keep their outlines", async () => {
    const doc = await PDFDocument.load(await renderContractPdf(order(3), "zh"));
    const originals = {
      Regular: fontkit.create(Buffer.from(await loadContractFontBytes("regular"))) as fontkit.Font,
      Bold: fontkit.create(Buffer.from(await loadContractFontBytes("bold"))) as fontkit.Font,
    };
    const subsets = new Map<PDFDict, fontkit.Font>();
    const chinese = pageGlyphs(doc.getPage(0)).filter((glyph) => /\p{Script=Han}/u.test(glyph.char));
    expect(new Set(chinese.map((glyph) => glyph.font.name))).toEqual(new Set(["PCCTRA+NotoSansSC-Regular", "PCCTRB+NotoSansSC-Bold"]));
    // Each Chinese glyph shown must have, in the embedded subset, the same outline box as in the
    // original font. A broken subsetter (@pdf-lib/fontkit) gets this wrong while the text
    // still extracts fine.
    for (const { font, glyphId, char } of chinese) {
      let subset = subsets.get(font.dict);
      if (!subset) {
        const descendant = font.dict.lookup(PDFName.of("DescendantFonts"), PDFArray).lookup(0, PDFDict);
        const fontFile = descendant.lookup(PDFName.of("FontDescriptor"), PDFDict).lookup(PDFName.of("FontFile2"));
        expect(fontFile).toBeInstanceOf(PDFStream);
        const subsetBytes = decodePDFRawStream(fontFile as PDFRawStream).decode();
        expect(subsetBytes.byteLength).toBeLessThan(200_000); // the full font is about 10 MB
        subset = fontkit.create(Buffer.from(subsetBytes)) as fontkit.Font;
        subsets.set(font.dict, subset);
      }
      const original = originals[font.name.endsWith("Bold") ? "Bold" : "Regular"];
      const subsetGlyph = subset.getGlyph(glyphId);
      const originalBox = original.glyphForCodePoint(char.codePointAt(0)!).bbox;
      expect(subsetGlyph.path.commands.length, char).toBeGreaterThan(0);
      expect([subsetGlyph.bbox.minX, subsetGlyph.bbox.minY, subsetGlyph.bbox.maxX, subsetGlyph.bbox.maxY], char).toEqual([
        originalBox.minX,
        originalBox.minY,
        originalBox.maxX,
        originalBox.maxY,
      ]);
    }
    expect(chinese.length).toBeGreaterThan(100);
  });

  it("is byte-for-byte the same for the same input, dated from the order", async () => {
    const first = await renderContractPdf(order(5), "zh");
    const second = await renderContractPdf(order(5), "zh");
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const doc = await PDFDocument.load(first, { updateMetadata: false });
    expect(doc.getCreationDate()?.toISOString()).toBe("2025-03-01T17:30:00.000Z");
  });

  it("takes the contract date in China time and rejects a bad time", () => {
    expect(contractDate("2025-03-01T15:59:59Z")).toBe("2025-03-01");
    expect(contractDate("2025-03-01T16:00:00Z")).toBe("2025-03-02");
    expect(() => contractDate("yesterday")).toThrow(/createdAt/);
  });
});

// A PNG made by hand (signature, IHDR, one IDAT, IEND), so the test needs no image library.
function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function makePng(width: number, height: number): Uint8Array {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]); // filter 0, grey pixels
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return new Uint8Array(
    Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk("IHDR", header), pngChunk("IDAT", pixels), pngChunk("IEND", Buffer.alloc(0))]),
  );
}

// A 16×8 baseline JPEG (rendered once with pdftoppm from a two-colour page).
const JPEG_16X8 = new Uint8Array(
  Buffer.from(
    "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PTgyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjL/wAARCAAIABADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDjq+sKKK4sH9r5H1HEn/Lr/t79D//Z",
    "base64",
  ),
);

/** The JPEG with an EXIF block (big-endian TIFF, one IFD entry: orientation) after its start marker. */
function withExifOrientation(jpeg: Uint8Array, orientation: number): Uint8Array {
  const tiff = Buffer.from([0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]);
  const payload = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const segment = Buffer.concat([Buffer.from([0xff, 0xe1, 0, payload.length + 2]), payload]);
  return new Uint8Array(Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]));
}

/** Where the page's image lands: the unit square through the page's `cm` matrices, as [left, bottom, right, top]. */
function imageBox(page: PDFPage): number[] {
  const content = streamText(
    page.doc.context.lookup(page.node.Contents() instanceof PDFArray ? (page.node.Contents() as PDFArray).get(0) : page.node.Contents()),
  );
  const matrices = [...content.matchAll(/((?:-?[\d.]+\s+){6})cm/g)].map((match) => match[1]!.trim().split(/\s+/).map(Number));
  const corners = [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ].map(([x, y]) =>
    // The last cm applies first (PDF's row-vector convention: CTM' = M × CTM).
    matrices.reduceRight(([px, py], [a, b, c, d, e, f]) => [a! * px! + c! * py! + e!, b! * px! + d! * py! + f!], [x!, y!]),
  );
  const xs = corners.map(([x]) => x!);
  const ys = corners.map(([, y]) => y!);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].map((n) => Math.round(n));
}

describe("imagesToPdf", () => {
  it("puts each image on its own A4 page, landscape or portrait as the image is, centred and scaled to fit", async () => {
    const pdf = await imagesToPdf([
      { bytes: makePng(40, 20), kind: "png" },
      { bytes: makePng(20, 40), kind: "png" },
      { bytes: JPEG_16X8, kind: "jpg" },
    ]);
    const doc = await PDFDocument.load(pdf);
    const sizes = doc.getPages().map((page) => page.getSize());
    expect(sizes.map(({ width, height }) => [Math.round(width), Math.round(height)])).toEqual([
      [842, 595],
      [595, 842],
      [842, 595],
    ]);
    // 28 pt margins: a 2:1 image fills the landscape page's width (842 - 56 = 786 by 393).
    expect(imageBox(doc.getPage(0))).toEqual([28, 101, 814, 494]);
    expect(imageBox(doc.getPage(1))).toEqual([101, 28, 494, 814]);
  });

  it("turns JPEG photos upright by their EXIF orientation", async () => {
    expect(jpegExifOrientation(JPEG_16X8)).toBe(1);
    expect(jpegExifOrientation(withExifOrientation(JPEG_16X8, 6))).toBe(6);
    expect(jpegExifOrientation(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x00]))).toBe(1);
    const doc = await PDFDocument.load(
      await imagesToPdf([3, 6, 8].map((orientation) => ({ bytes: withExifOrientation(JPEG_16X8, orientation), kind: "jpg" as const }))),
    );
    const sizes = doc
      .getPages()
      .map((page) => page.getSize())
      .map(({ width, height }) => [Math.round(width), Math.round(height)]);
    // A 16×8 photo taken with the phone upright (orientation 6 or 8) is shown 8×16: portrait.
    expect(sizes).toEqual([
      [842, 595],
      [595, 842],
      [595, 842],
    ]);
    expect(imageBox(doc.getPage(0))).toEqual([28, 101, 814, 494]);
    expect(imageBox(doc.getPage(1))).toEqual([101, 28, 494, 814]);
    expect(imageBox(doc.getPage(2))).toEqual([101, 28, 494, 814]);
  });

  it("copies the pages of a PDF among the images", async () => {
    const contract = await renderContractPdf(order(60), "en");
    const contractPages = (await PDFDocument.load(contract)).getPageCount();
    const combined = await PDFDocument.load(
      await imagesToPdf([
        { bytes: makePng(20, 40), kind: "png" },
        { bytes: contract, kind: "pdf" },
      ]),
    );
    expect(combined.getPageCount()).toBe(contractPages + 1);
    expect(await pdfText(await combined.save())).toContain(`Page ${contractPages} of ${contractPages}`);
  });

  it("refuses more than 20 files, more than 50 MB, and unreadable files", async () => {
    const png = { bytes: makePng(4, 4), kind: "png" as const };
    await expect(imagesToPdf(Array.from({ length: COMBINE_MAX_FILES + 1 }, () => png))).rejects.toThrow(/at most 20 files/);
    const big = { bytes: new Uint8Array(17 * 1024 * 1024), kind: "jpg" as const };
    await expect(imagesToPdf([big, big, big])).rejects.toThrow(/50 MB/);
    await expect(imagesToPdf([])).rejects.toThrow(/no files/);
    await expect(imagesToPdf([{ bytes: JPEG_16X8, kind: "png" }])).rejects.toThrow(/file 1 is not a readable PNG/);
  });
});
