import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { BADGE_EXCEL_LIMITS } from "../../app/contracts/badges/excel-types";
import { EXHIBITOR_IMPORT_LIMITS } from "../../app/contracts/accounts/values";
import { STAFF_EXCEL_LIMITS } from "../../app/contracts/epidemic/values";
import { openFirstSheet } from "../../server/spreadsheets/workbook";
import { cellsAllowed, firstVisibleSheetPart, rowsWithValues, sheetCounts, sniffXlsx } from "../../server/spreadsheets/xlsx-sniff";

async function workbook(sheets: { name: string; rows: number; columns?: number; state?: "visible" | "hidden" }[]) {
  const book = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const added = book.addWorksheet(sheet.name, { state: sheet.state ?? "visible" });
    const extra = Array.from({ length: Math.max(0, (sheet.columns ?? 2) - 2) }, (_, column) => column);
    for (let i = 0; i < sheet.rows; i++) added.addRow([`r${i}`, i, ...extra]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

const refusal = (reason: string, values?: Record<string, unknown>) => Object.assign(new Error(reason), { values });

/** Issue 50, point 4: the rows are counted in the XML before exceljs loads a workbook (server/spreadsheets). */
describe("counting a sheet's rows before it is loaded", () => {
  it("counts the rows that hold a value, with or without a namespace prefix, and stops early when asked", () => {
    const xml = `<sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="2" s="3"/><row r="3"><c r="A3" s="1"/></row><row r="4"><c r="A4" t="inlineStr"><is><t>x</t></is></c></row><row r="5"><c r="A5"><f>A1</f></c></row></sheetData>`;
    expect(rowsWithValues(xml)).toBe(3);
    expect(rowsWithValues(xml.replaceAll("<row", "<x:row").replaceAll("</row", "</x:row").replaceAll("<v>", "<x:v>"))).toBe(3);
    expect(rowsWithValues(xml, 1)).toBe(2);
  });

  it("finds the sheet exceljs reads: the first visible one", () => {
    const book = `<workbook><sheets><sheet name="lists" sheetId="1" state="hidden" r:id="rId1"/><sheet name="Staff" sheetId="2" r:id="rId2"/></sheets></workbook>`;
    const rels = `<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Target="/xl/worksheets/sheet2.xml"/></Relationships>`;
    expect(firstVisibleSheetPart(book, rels)).toBe("xl/worksheets/sheet2.xml");
  });

  it("refuses the read sheet over its limit, takes a hidden lists sheet beside it, refuses other sheets far over", async () => {
    expect(await sniffXlsx(await workbook([{ name: "Staff", rows: 13 }]), undefined, 12)).toEqual({ ok: false, reason: "tooManyRows", rows: 13 });
    expect(await sniffXlsx(await workbook([{ name: "Staff", rows: 12 }]), undefined, 12)).toEqual({ ok: true });
    expect(
      await sniffXlsx(
        await workbook([
          { name: "lists", rows: 30, state: "hidden" },
          { name: "Staff", rows: 10 },
        ]),
        undefined,
        12,
      ),
    ).toEqual({ ok: true });
    const crowded = await sniffXlsx(
      await workbook([
        { name: "Staff", rows: 10 },
        { name: "other", rows: 100 },
      ]),
      undefined,
      12,
    );
    expect(crowded).toMatchObject({ ok: false, reason: "tooManyRows" });
  });

  it("the imports' limits reach the sniff: the refusal names the rows and the limit", async () => {
    for (const limits of [BADGE_EXCEL_LIMITS, EXHIBITOR_IMPORT_LIMITS, STAFF_EXCEL_LIMITS]) {
      const bytes = await workbook([{ name: "Sheet", rows: limits.maxRows + 3 }]);
      await expect(openFirstSheet(bytes, limits, refusal)).rejects.toMatchObject({
        message: "tooManyRows",
        values: { count: limits.maxRows + 2, max: limits.maxRows },
      });
    }
  });

  it("counts a sheet's cells, empty formatted ones too, and stops once past the cells asked", () => {
    const xml = `<sheetData><row r="1"><c r="A1"><v>1</v></c><x:c r="B1" s="2"/></row><row r="2"><c r="A2"><v>2</v></c></row></sheetData>`;
    expect(sheetCounts(xml)).toEqual({ rows: 2, cells: 3 });
    expect(sheetCounts(xml, Number.POSITIVE_INFINITY, 1).cells).toBe(2);
  });

  it("refuses a workbook far wider than any template within the row limit, before exceljs loads it", async () => {
    // 10 rows of 100 columns against 12 rows: 1,000 cells where 12 × 64 are read.
    expect(await sniffXlsx(await workbook([{ name: "Staff", rows: 10, columns: 100 }]), undefined, 12)).toMatchObject({ ok: false, reason: "tooManyCells" });
    expect(await sniffXlsx(await workbook([{ name: "Staff", rows: 12, columns: 40 }]), undefined, 12)).toEqual({ ok: true });
    // Each import's own limit: 20 rows one column wider than its cells allow.
    for (const limits of [BADGE_EXCEL_LIMITS, EXHIBITOR_IMPORT_LIMITS, STAFF_EXCEL_LIMITS]) {
      const max = cellsAllowed(limits.maxRows + 2);
      const bytes = await workbook([{ name: "Sheet", rows: 20, columns: Math.ceil(max / 20) + 1 }]);
      await expect(openFirstSheet(bytes, limits, refusal)).rejects.toMatchObject({ message: "tooManyCells", values: { max } });
    }
  });
});
