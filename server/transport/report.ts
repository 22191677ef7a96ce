import type ExcelJS from "exceljs";
import { exhibitionDateTime } from "../../app/contracts/common/exhibition-time";
import { exhibitVolumeCm3 } from "../../app/contracts/transport/pricing";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { loadExcel } from "../spreadsheets/workbook";
import type { Database } from "../db/database";
import type { Viewer } from "./common";
import { orderRowsOf, selectOrders } from "./orders";
import { iso } from "../db/column-values";

/**
 * The carrier's orders report (issue 17, carriageOrder): one row per order, every one of the
 * carrier's (the organizer: every carrier's, with a carrier column), newest first, for the carrier's
 * own bookkeeping. The area is Chinese only, so the headers are Chinese; amounts are numbers in
 * CNY with two decimals, volumes m³ and weights kg as numbers, so the sheet can sum them.
 */
type CarrierSide = Extract<Viewer, { kind: "carrier" | "organizer" }>;

const HEADERS = {
  carrier: "承运商",
  orderNo: "订单号",
  exhibitor: "展商",
  booth: "展位号",
  arrival: "到货时间",
  services: "服务项目",
  exhibits: "展品项数",
  volume: "体积（m³）",
  weight: "毛重（kg）",
  amount: "金额（元）",
  step: "环节",
  paid: "已付款",
  acceptedAt: "接受时间",
} as const;
const SHEET_NAME = "承运订单";

/** Lines, volume (cm³) and gross weight (g) of each declaration. */
async function exhibitTotals(db: Database, declarationIds: number[]) {
  const totals = new Map<number, { lines: number; volumeCm3: number; weightG: number }>();
  if (!declarationIds.length) return totals;
  const rows = await db
    .selectFrom("transport_exhibits")
    .select(["declaration_id", "packages", "length_cm", "width_cm", "height_cm", "gross_weight_g"])
    .where("declaration_id", "in", declarationIds)
    .execute();
  for (const row of rows) {
    const total = totals.get(row.declaration_id) ?? { lines: 0, volumeCm3: 0, weightG: 0 };
    total.lines += 1;
    total.volumeCm3 += exhibitVolumeCm3({ packages: row.packages, lengthCm: row.length_cm, widthCm: row.width_cm, heightCm: row.height_cm });
    total.weightG += Number(row.gross_weight_g);
    totals.set(row.declaration_id, total);
  }
  return totals;
}

export function reportFileName(language: Language) {
  return { filename: `${translate(language, "transport.excel.reportFile")}.xlsx`, ascii: `${translate("en", "transport.excel.reportFile")}.xlsx` };
}

export async function ordersReport(db: Database, viewer: CarrierSide, language: Language): Promise<Buffer> {
  const records = await selectOrders(db, viewer).orderBy("o.id", "desc").execute();
  const rows = orderRowsOf(records, language);
  const totals = await exhibitTotals(
    db,
    records.map((r) => r.declaration_id),
  );
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(SHEET_NAME);
  const column = (key: keyof typeof HEADERS, width: number, numFmt?: string): Partial<ExcelJS.Column> => ({
    key,
    header: HEADERS[key],
    width,
    ...(numFmt ? { style: { numFmt } } : {}),
  });
  sheet.columns = [
    ...(viewer.kind === "organizer" ? [column("carrier", 30)] : []),
    column("orderNo", 18),
    column("exhibitor", 32),
    column("booth", 10),
    column("arrival", 24),
    column("services", 30),
    column("exhibits", 10),
    column("volume", 12, "0.000"),
    column("weight", 12, "0.000"),
    column("amount", 14, "0.00"),
    column("step", 12),
    column("paid", 8),
    column("acceptedAt", 18),
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  rows.forEach((row, i) => {
    const total = totals.get(row.declarationId) ?? { lines: 0, volumeCm3: 0, weightG: 0 };
    sheet.addRow({
      carrier: row.carrierName,
      orderNo: row.order.orderNo,
      exhibitor: row.exhibitorName,
      booth: row.boothNo,
      arrival: row.arrivalFrom === row.arrivalTo ? row.arrivalFrom : `${row.arrivalFrom} ~ ${row.arrivalTo}`,
      services: row.services.map((service) => translate(language, `transport.services.${service}`)).join("、"),
      exhibits: total.lines,
      // Integers divided once for the cell: the sheet shows them rounded by its number format.
      volume: total.volumeCm3 / 1_000_000,
      weight: total.weightG / 1_000,
      amount: row.order.amountCents / 100,
      step: translate(language, `transport.steps.${row.order.step}`),
      paid: row.order.paid ? "是" : "否",
      acceptedAt: exhibitionDateTime(iso(records[i]!.decided_at)),
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
