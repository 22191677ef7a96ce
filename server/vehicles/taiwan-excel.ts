import { exhibitorNameIn, exhibitorNamesOf } from "../exhibitor/names";
import { loadExcel } from "../spreadsheets/workbook";
import { linesOf } from "./taiwan-filings";
import type { Db } from "../db/database";

/**
 * The customs agent's export of the Taiwan exhibits filings (issue 18): every line of the filings
 * submitted or accepted, one row each, in the column order of the customs form, so the agent can
 * paste them in. The area is Chinese only, so the headers and names are Chinese; values are
 * numbers in their own currency with two decimals and weights kg numbers, so the sheet can sum them.
 */
export const TAIWAN_EXPORT_HEADERS = [
  "序号",
  "展商",
  "展位号",
  "进口商",
  "联系人",
  "电话",
  "品名（中文）",
  "品名（英文）",
  "HS编码",
  "数量",
  "单位",
  "单价",
  "币种",
  "总价",
  "展后处理（现场销售/退运）",
  "件数",
  "毛重（kg）",
] as const;
const DISPOSITIONS = { sold: "现场销售", returned: "退运" } as const;
const SHEET_NAME = "台湾展品报备";
const WIDTHS = [6, 30, 10, 30, 12, 18, 24, 30, 14, 8, 8, 14, 8, 16, 14, 8, 12];
const MONEY_COLUMNS = [12, 14];

export const taiwanExportFileName = { filename: "台湾展品报备.xlsx", ascii: "taiwan-exhibits.xlsx" };

export async function taiwanExportWorkbook(db: Db, exhibitionId: number): Promise<Buffer> {
  const filings = await db
    .selectFrom("tw_filings as f")
    .innerJoin("booths as b", "b.id", "f.booth_id")
    .select(["f.id", "f.user_id", "b.booth_no", "f.importer_name", "f.importer_contact", "f.importer_phone"])
    .where("f.exhibition_id", "=", exhibitionId)
    .where("f.status", "in", ["submitted", "accepted"])
    .orderBy("f.id")
    .execute();
  const [lines, names] = await Promise.all([
    linesOf(
      db,
      filings.map((f) => f.id),
    ),
    exhibitorNamesOf(
      db,
      exhibitionId,
      filings.map((f) => f.user_id),
    ),
  ]);

  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(SHEET_NAME);
  sheet.columns = TAIWAN_EXPORT_HEADERS.map((header, i) => ({
    header,
    width: WIDTHS[i],
    ...(MONEY_COLUMNS.includes(i + 1) ? { style: { numFmt: "#,##0.00" } } : {}),
  }));
  sheet.getColumn(17).numFmt = "0.000";
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  let number = 0;
  for (const filing of filings) {
    const exhibitor = exhibitorNameIn(names.get(filing.user_id), "zh");
    for (const line of lines.get(filing.id) ?? []) {
      number += 1;
      sheet.addRow([
        number,
        exhibitor,
        filing.booth_no,
        filing.importer_name,
        filing.importer_contact,
        filing.importer_phone,
        line.nameZh,
        line.nameEn,
        // Text, so a code with leading zeros keeps them.
        line.hsCode,
        line.quantity,
        line.unit,
        // Whole cents divided once for the cell: the number format shows two decimals.
        line.unitValueCents / 100,
        line.currency,
        line.valueCents / 100,
        DISPOSITIONS[line.disposition],
        line.packages,
        line.grossWeightG / 1_000,
      ]);
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
