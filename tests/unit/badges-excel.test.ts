import { describe, expect, it } from "vitest";
import { idCardCheckChar } from "../../app/contracts/badges/id-documents";
import { badgeTemplate, SAMPLE } from "../../server/badges/excel";
import { cellText, checkRows, headerField, idTypeOf, type BadgeSheet } from "../../server/badges/excel-import";
import { expandedCells, rangeCells, readZipDirectory, sniffXlsx } from "../../server/spreadsheets/xlsx-sniff";
import { repack, workbookWith, writeZip } from "../api/badges-excel-files";

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const CONTENT_TYPES = `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`;
const minimal = (extra: { name: string; data: string | Buffer; declaredSize?: number }[] = []) =>
  writeZip([{ name: "[Content_Types].xml", data: CONTENT_TYPES }, { name: "xl/workbook.xml", data: "<workbook/>" }, ...extra]);

describe("sniffing an upload as .xlsx", () => {
  it("accepts the template and a workbook exceljs wrote", async () => {
    expect(await sniffXlsx(await badgeTemplate("zh", null))).toEqual({ ok: true });
    expect(await sniffXlsx(await workbookWith([["a"]]))).toEqual({ ok: true });
    expect(await sniffXlsx(minimal())).toEqual({ ok: true });
  });

  it("refuses a text file, an empty file and a zip that is not a workbook", async () => {
    expect(await sniffXlsx(Buffer.from("name,mobile\n张三,13800138000\n"))).toEqual({ ok: false, reason: "notXlsx" });
    expect(await sniffXlsx(Buffer.alloc(0))).toEqual({ ok: false, reason: "notXlsx" });
    expect(
      await sniffXlsx(
        writeZip([
          { name: "word/document.xml", data: "<w/>" },
          { name: "[Content_Types].xml", data: CONTENT_TYPES },
        ]),
      ),
    ).toEqual({ ok: false, reason: "notXlsx" });
  });

  it("refuses a truncated workbook and one whose entries lie outside the file", async () => {
    const template = await badgeTemplate("en", null);
    expect((await sniffXlsx(template.subarray(0, template.length - 100))).ok).toBe(false);
    expect(await sniffXlsx(template.subarray(0, 2000))).toEqual({ ok: false, reason: "notXlsx" });
  });

  it("tells an old .xls (OLE) from a password-protected workbook", async () => {
    expect(await sniffXlsx(Buffer.concat([OLE, Buffer.alloc(600)]))).toEqual({ ok: false, reason: "oldXls" });
    const encrypted = Buffer.concat([OLE, Buffer.alloc(600), Buffer.from("EncryptedPackage", "utf16le"), Buffer.alloc(64)]);
    expect(await sniffXlsx(encrypted)).toEqual({ ok: false, reason: "encrypted" });
  });

  it("refuses macros: a vbaProject.bin part, or a macro-enabled content type alone", async () => {
    const template = await badgeTemplate("en", null);
    expect(await sniffXlsx(repack(template, [{ name: "xl/vbaProject.bin", data: Buffer.from([1, 2, 3]) }]))).toEqual({ ok: false, reason: "macros" });
    const macroType = repack(template, [], (xml) => xml.replace("spreadsheetml.sheet.main+xml", "ms-excel.sheet.macroEnabled.main+xml"));
    expect(macroType.equals(repack(template, []))).toBe(false);
    expect(await sniffXlsx(macroType)).toEqual({ ok: false, reason: "macros" });
  });

  it("refuses a zip bomb by its declared sizes and by what it really unpacks to", async () => {
    const big = Buffer.alloc(31 * 1024 * 1024, 0x20);
    const honest = minimal([{ name: "xl/worksheets/sheet1.xml", data: big }]);
    expect(honest.length).toBeLessThan(200 * 1024);
    expect(await sniffXlsx(honest)).toEqual({ ok: false, reason: "unpackedTooLarge" });
    const lying = minimal([{ name: "xl/worksheets/sheet1.xml", data: big, declaredSize: 1000 }]);
    expect(readZipDirectory(lying)!.reduce((n, e) => n + e.size, 0)).toBeLessThan(2000);
    expect(await sniffXlsx(lying)).toEqual({ ok: false, reason: "unpackedTooLarge" });
    // Under the limit, the same kind of file passes: the refusals were about the size.
    expect(await sniffXlsx(minimal([{ name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(1024 * 1024, 0x20) }]))).toEqual({ ok: true });
  });

  it("refuses merged or validated ranges exceljs would expand into millions of cells", async () => {
    expect(rangeCells("A1:C3 E5")).toBe(10);
    expect(rangeCells("$B$2:$B$1001")).toBe(1000);
    expect(rangeCells("B1:B1048576")).toBe(1048576);
    expect(rangeCells("nonsense")).toBe(Number.MAX_SAFE_INTEGER);
    expect(expandedCells(`<mergeCells><mergeCell ref="A1:B2"/></mergeCells><dataValidation type="list" sqref="B2:B1001 D1"/>`)).toEqual({
      merged: 4,
      validated: 1001,
    });
    const sheet = (body: string) => minimal([{ name: "xl/worksheets/sheet1.xml", data: `<worksheet>${body}</worksheet>` }]);
    expect(await sniffXlsx(sheet(`<mergeCells><mergeCell ref="A1:XFD1048576"/></mergeCells>`))).toEqual({ ok: false, reason: "rangesTooLarge" });
    expect(await sniffXlsx(sheet(`<dataValidations><dataValidation sqref="A1:C1048576"/></dataValidations>`))).toEqual({ ok: false, reason: "rangesTooLarge" });
    expect(await sniffXlsx(sheet(`<dataValidations><dataValidation sqref="B1:B1048576"/></dataValidations>`))).toEqual({ ok: true });
  });
});

describe("reading cells", () => {
  it("trims text, and reads numbers as their digits up to Excel's 15", () => {
    expect(cellText("  张三 ", "holderName")).toEqual({ text: "张三" });
    expect(cellText(null, "position")).toEqual({ text: "" });
    expect(cellText(13800138000, "mobile")).toEqual({ text: "13800138000" });
    expect(cellText(110105491231002, "idNumber")).toEqual({ text: "110105491231002" });
    // An 18-digit ID typed into a number cell: Excel kept 15 digits.
    expect(cellText(110105194912310000, "idNumber")).toEqual({ error: "badges.excel.lostDigits" });
    expect(cellText(1.5, "position")).toEqual({ text: "1.5" });
    expect(cellText(true, "position")).toEqual({ text: "TRUE" });
  });

  it("refuses formulas, dates, error values and control characters", () => {
    expect(cellText({ formula: "A1&B1", result: "x" }, "holderName")).toEqual({ error: "badges.excel.formula" });
    expect(cellText({ sharedFormula: "E2", result: "x" }, "email")).toEqual({ error: "badges.excel.formula" });
    expect(cellText(new Date("2026-01-01"), "idNumber")).toEqual({ error: "badges.excel.dateCell" });
    expect(cellText({ error: "#N/A" }, "mobile")).toEqual({ error: "validation.correct|badges.fields.mobile" });
    expect(cellText("a\u0000b", "holderName")).toEqual({ error: "validation.unstorable" });
  });

  it("reads rich text and hyperlinks as their text", () => {
    expect(cellText({ richText: [{ text: "Li " }, { text: "Si", font: { bold: true } }] }, "holderName")).toEqual({ text: "Li Si" });
    expect(cellText({ text: " a@example.com ", hyperlink: "mailto:a@example.com" }, "email")).toEqual({ text: "a@example.com" });
    expect(cellText({ text: { richText: [{ text: "b@" }, { text: "example.com" }] }, hyperlink: "mailto:b@example.com" } as never, "email")).toEqual({
      text: "b@example.com",
    });
  });

  it("knows the headers and ID types in either language or by code", () => {
    expect(headerField("E-mail")).toBe("email");
    expect(headerField(" email* ")).toBe("email");
    expect(headerField("邮箱")).toBe("email");
    expect(headerField("证件号码")).toBe("idNumber");
    expect(headerField("idNumber")).toBe("idNumber");
    expect(headerField("Notes")).toBeNull();
    expect(idTypeOf("居民身份证")).toBe("idCard");
    expect(idTypeOf("hong kong/macao PERMIT")).toBe("hkMacaoPermit");
    expect(idTypeOf("passport")).toBe("passport");
    expect(idTypeOf("驾驶证")).toBeNull();
  });
});

describe("checking rows", () => {
  const id = (n: number) => {
    const first17 = `44030419900101${String(n).padStart(3, "0")}`;
    return `${first17}${idCardCheckChar(first17)}`;
  };
  const cells = (n: number, extra: Record<string, string> = {}) => ({
    holderName: `P${n}`,
    idType: "居民身份证",
    idNumber: id(n),
    mobile: `1390000${String(n).padStart(4, "0")}`,
    email: `p${n}@example.com`,
    company: "C",
    ...extra,
  });
  const columns = { holderName: "A", idType: "B", idNumber: "C", mobile: "D", email: "E", company: "F", position: "G" };

  it("runs every row through the form's schema and names the row and column", () => {
    const sheet: BadgeSheet = {
      columns,
      rows: [
        { row: 2, cells: cells(1), errors: [] },
        { row: 7, cells: { ...cells(2), holderName: undefined } as never, errors: [] },
      ],
    };
    const { good, errors } = checkRows(sheet, "zh");
    expect(good.map((g) => g.row)).toEqual([2]);
    expect(good[0]!.input).toMatchObject({ idType: "idCard", idNumber: id(1) });
    expect(errors).toEqual([{ row: 7, column: "A", field: "holderName", message: "validation.required|badges.fields.holderName" }]);
  });

  it("finds the same e-mail twice in the file (any case) and reports the second row", () => {
    const sheet: BadgeSheet = {
      columns,
      rows: [
        { row: 2, cells: cells(1), errors: [] },
        { row: 3, cells: cells(2, { email: "P1@EXAMPLE.com" }), errors: [] },
      ],
    };
    const { good, errors } = checkRows(sheet, "en");
    expect(errors).toEqual([{ row: 3, column: "E", field: "email", message: "validation.exists|badges.fields.email" }]);
    expect(good.map((g) => g.row)).toEqual([2]);
  });

  it("keeps a cell's own error and does not add the schema's for the same field; an unknown ID type is 'correct'", () => {
    const sheet: BadgeSheet = {
      columns,
      rows: [{ row: 4, cells: cells(3, { idType: "驾驶证" }), errors: [{ row: 4, column: "C", field: "idNumber", message: "badges.excel.formula" }] }],
    };
    const { errors } = checkRows(sheet, "zh");
    expect(errors.map((e) => `${e.column}:${e.message}`).sort()).toEqual(["B:validation.correct|badges.fields.idType", "C:badges.excel.formula"]);
  });

  it("the sample row is recognisable by its ID number, mobile and e-mail", () => {
    expect(idCardCheckChar(SAMPLE.idNumber.slice(0, 17))).toBe(SAMPLE.idNumber[17]);
  });
});
