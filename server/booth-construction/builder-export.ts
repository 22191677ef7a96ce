import { sql } from "kysely";
import type ExcelJS from "exceljs";
import { boothSizeName, type EquipmentCode } from "../../app/contracts/booth-construction/equipment";
import type { Language } from "../../app/contracts/i18n/config";
import { exhibitorNameIn, exhibitorNamesOf } from "../exhibitor/names";
import { loadExcel } from "../spreadsheets/workbook";
import type { Database } from "../db/database";
import { STANDARD_BOOTH } from "./common";
import { fileRefs } from "../uploads/own-upload";
import type { Caller } from "../auth/caller";

/**
 * The standard booth builder's work list (the organizer's export): one row per standard booth that
 * has a build, whatever its review state, so the builder sees drafts coming too. The labels live
 * here rather than in the page texts: the builder's sheet must not change when a page's wording does.
 */
const LABELS = {
  zh: {
    sheet: "标摊搭建",
    file: "标摊搭建清单",
    columns: {
      boothNo: "展位号",
      hall: "展馆",
      exhibitor: "展商",
      size: "规格",
      status: "状态",
      fasciaMode: "楣板类型",
      fasciaZh: "楣板中文",
      fasciaEn: "楣板英文",
      unneeded: "不需要的展具",
      walls: "拆除隔板",
      extraBoards: "增加隔板",
      positioning: "提前定位日期",
      carpetColour: "地毯颜色",
      carpetTime: "地毯铺设时间",
      other: "其他需求",
    },
    statuses: { draft: "草稿", submitted: "待审核", accepted: "已通过", returned: "已退回" },
    modes: { standard: "标准楣板", custom: "定制设计稿" },
    customArtwork: "定制设计稿",
    walls: { back: "后墙", left: "左墙", right: "右墙" },
    colours: { grey: "灰色", red: "红色", blue: "蓝色", green: "绿色" } as Record<string, string>,
    slots: { am: "上午", pm: "下午" },
    equipment: {
      fasciaBoard: "楣板",
      spotlight: "射灯",
      consultingDesk: "咨询桌",
      foldingChair: "折椅",
      socket: "220V/500W 五孔插座",
      trashCan: "纸篓",
      carpet: "地毯",
      negotiationTable: "洽谈桌",
      negotiationChair: "洽谈椅",
    } satisfies Record<EquipmentCode, string>,
    separator: "、",
  },
  en: {
    sheet: "Standard booths",
    file: "standard-booth-builds",
    columns: {
      boothNo: "Booth",
      hall: "Hall",
      exhibitor: "Exhibitor",
      size: "Size",
      status: "Status",
      fasciaMode: "Fascia",
      fasciaZh: "Fascia (Chinese)",
      fasciaEn: "Fascia (English)",
      unneeded: "Equipment not needed",
      walls: "Walls removed",
      extraBoards: "Extra boards",
      positioning: "Positioning date",
      carpetColour: "Carpet colour",
      carpetTime: "Carpet laying",
      other: "Other requirements",
    },
    statuses: { draft: "Draft", submitted: "Submitted", accepted: "Accepted", returned: "Returned" },
    modes: { standard: "Standard", custom: "Custom artwork" },
    customArtwork: "Custom artwork",
    walls: { back: "back", left: "left", right: "right" },
    colours: { grey: "grey", red: "red", blue: "blue", green: "green" } as Record<string, string>,
    slots: { am: "morning", pm: "afternoon" },
    equipment: {
      fasciaBoard: "fascia board",
      spotlight: "spotlight",
      consultingDesk: "consulting desk",
      foldingChair: "folding chair",
      socket: "220V/500W five-hole socket",
      trashCan: "trash can",
      carpet: "carpet",
      negotiationTable: "negotiation table",
      negotiationChair: "negotiation chair",
    } satisfies Record<EquipmentCode, string>,
    separator: ", ",
  },
} as const;

type Column = keyof (typeof LABELS)["en"]["columns"];
const WIDTHS: Record<Column, number> = {
  boothNo: 10,
  hall: 10,
  exhibitor: 32,
  size: 8,
  status: 10,
  fasciaMode: 14,
  fasciaZh: 28,
  fasciaEn: 36,
  unneeded: 30,
  walls: 16,
  extraBoards: 10,
  positioning: 14,
  carpetColour: 12,
  carpetTime: 18,
  other: 40,
};

const list = (value: unknown): string[] => {
  const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === "string") : [];
};

/** The download's file name in `language`, and its ASCII fallback (the English one). */
export const builderExportName = (language: Language) => ({ filename: `${LABELS[language].file}.xlsx`, ascii: `${LABELS.en.file}.xlsx` });

/** Every standard booth's build of the organizer's exhibition, by booth number. */
export async function builderWorkbook(db: Database, caller: Caller, language: Language): Promise<Buffer> {
  const rows = await db
    .selectFrom("standard_builds as s")
    .innerJoin("booths as b", "b.id", "s.booth_id")
    .leftJoin("halls as h", "h.id", "b.hall_id")
    .select([
      "s.user_id",
      "s.status",
      "s.fascia_mode",
      "s.fascia_name_zh",
      "s.fascia_name_en",
      "s.fascia_file_id",
      "s.unneeded_equipment",
      "s.walls_removed",
      "s.extra_boards",
      "s.carpet_colour",
      "s.carpet_laying_slot",
      "s.other_requirements",
      sql<string | null>`to_char(s.positioning_date, 'YYYY-MM-DD')`.as("positioning_date"),
      sql<string | null>`to_char(s.carpet_laying_day, 'YYYY-MM-DD')`.as("carpet_laying_day"),
      "b.booth_no",
      "b.width_m",
      "b.depth_m",
      "h.name_zh as hall_zh",
      "h.name_en as hall_en",
    ])
    .where("s.exhibition_id", "=", caller.exhibitionId)
    .where("b.booth_type", "=", STANDARD_BOOTH)
    .orderBy("b.booth_no")
    .execute();
  const [names, files] = await Promise.all([
    exhibitorNamesOf(
      db,
      caller.exhibitionId,
      rows.map((r) => r.user_id),
    ),
    fileRefs(
      db,
      rows.map((r) => r.fascia_file_id),
    ),
  ]);

  const labels = LABELS[language];
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(labels.sheet);
  sheet.columns = (Object.keys(WIDTHS) as Column[]).map((key): Partial<ExcelJS.Column> => ({ key, header: labels.columns[key], width: WIDTHS[key] }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  const join = (items: string[]) => items.join(labels.separator);

  for (const row of rows) {
    const custom = row.fascia_mode === "custom";
    const artwork = custom ? `${labels.customArtwork}${row.fascia_file_id ? `: ${files.get(row.fascia_file_id)?.name ?? ""}` : ""}` : "";
    sheet.addRow({
      boothNo: row.booth_no,
      hall: (language === "en" ? row.hall_en : row.hall_zh) ?? "",
      exhibitor: exhibitorNameIn(names.get(row.user_id), language),
      size: boothSizeName({ widthM: Number(row.width_m), depthM: Number(row.depth_m) }),
      status: labels.statuses[row.status],
      fasciaMode: labels.modes[row.fascia_mode],
      fasciaZh: custom ? artwork : row.fascia_name_zh,
      fasciaEn: custom ? artwork : row.fascia_name_en,
      unneeded: join(list(row.unneeded_equipment).map((code) => labels.equipment[code as EquipmentCode] ?? code)),
      walls: join(list(row.walls_removed).map((wall) => labels.walls[wall as keyof typeof labels.walls] ?? wall)),
      extraBoards: row.extra_boards,
      positioning: row.positioning_date ?? "",
      carpetColour: labels.colours[row.carpet_colour] ?? row.carpet_colour,
      carpetTime: row.carpet_laying_day ? `${row.carpet_laying_day} ${row.carpet_laying_slot ? labels.slots[row.carpet_laying_slot] : ""}`.trim() : "",
      other: row.other_requirements,
    });
  }
  sheet.getColumn("other").alignment = { wrapText: true, vertical: "top" };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
