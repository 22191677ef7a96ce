import type ExcelJS from "exceljs";
import { translate } from "../../app/contracts/i18n/translate.server";
import { exhibitorNameIn, exhibitorNamesOf } from "../exhibitor/names";
import { loadExcel } from "../spreadsheets/workbook";
import type { Database } from "../db/database";
import { selectTrucks } from "./trucks";
import type { Caller } from "../auth/caller";

/**
 * The approved trucks of one day for the traffic police (issue 18, truckReview export): one row per
 * truck in plate order, the driver's mobile as typed (the police call the driver; the sheet is the
 * organizer's, docs/product.md § Masked personal data masks for exhibitors only). The area is Chinese only, so the sheet is too.
 */
const TRUCK_EXPORT_HEADERS = {
  plate: "车牌号",
  trailerPlate: "挂车号牌",
  purpose: "用途",
  driver: "司机",
  mobile: "司机手机",
  exhibitor: "展商",
  booth: "展位号",
  gate: "入场门",
  day: "通行日期",
} as const;
const SHEET_NAME = "黄牌车通行名单";

export const truckExportFileName = (day: string) => ({ filename: `黄牌车通行名单-${day}.xlsx`, ascii: `approved-trucks-${day}.xlsx` });

export async function approvedTrucksWorkbook(db: Database, organizer: Caller, day: string): Promise<Buffer> {
  const rows = await selectTrucks(db, organizer.exhibitionId).where("t.status", "=", "approved").where("t.planned_on", "=", day).orderBy("t.plate").execute();
  const names = await exhibitorNamesOf(
    db,
    organizer.exhibitionId,
    rows.map((r) => r.user_id),
  );
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(SHEET_NAME);
  const widths: Record<keyof typeof TRUCK_EXPORT_HEADERS, number> = {
    plate: 14,
    trailerPlate: 14,
    purpose: 10,
    driver: 12,
    mobile: 16,
    exhibitor: 36,
    booth: 10,
    gate: 12,
    day: 12,
  };
  sheet.columns = Object.entries(TRUCK_EXPORT_HEADERS).map(
    ([key, header]): Partial<ExcelJS.Column> => ({ key, header, width: widths[key as keyof typeof widths] }),
  );
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  for (const row of rows) {
    sheet.addRow({
      plate: row.plate,
      trailerPlate: row.trailer_plate ?? "",
      purpose: translate("zh", `vehicles.truckKinds.${row.kind}`),
      driver: row.driver_name,
      // Text, so a spreadsheet never shows the number in exponent form.
      mobile: row.driver_phone,
      exhibitor: exhibitorNameIn(names.get(row.user_id), "zh"),
      booth: row.booth_no,
      gate: row.gate ?? "",
      day: row.planned_on,
    });
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
