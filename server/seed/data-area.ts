import { PDFDocument, StandardFonts, rgb } from "pdf-lib";
import type { Database, Db } from "../db/database";
import type { ObjectStore } from "../uploads/object-store";
import { saveUpload } from "../uploads/files";
import { loadExcel } from "../spreadsheets/workbook";

/**
 * The demo's data area (docs/product.md § Data area): 3 classes (one the logo and banner class) and
 * 6 files the organizer published, made here (PDFs by pdf-lib, a workbook by exceljs, pictures by
 * resvg), nothing committed. The files need the object store; without one nothing is added. Adds
 * only what is missing: classes the organizer has since made stay as they are.
 */
async function demoPdf(title: string, lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(title, { x: 56, y: 770, size: 22, font, color: rgb(0.09, 0.2, 0.31) });
  for (const [i, line] of lines.entries()) page.drawText(line, { x: 56, y: 720 - i * 20, size: 12, font });
  return Buffer.from(await pdf.save());
}

async function demoWorkbook(): Promise<Buffer> {
  const ExcelJS = await loadExcel();
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Order");
  sheet.addRow(["Item", "Quantity", "Booth", "Contact", "Mobile"]);
  sheet.addRow(["Extra spotlight", 2, "", "", ""]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function demoBanner(width: number, height: number, text: string): Promise<Buffer> {
  const { Resvg } = await import("@resvg/resvg-js");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#16324f"/><rect x="${width * 0.05}" y="${height * 0.2}" width="${width * 0.9}" height="${height * 0.6}" rx="12" fill="#ffd166"/><rect x="${width * 0.1}" y="${height * 0.4}" width="${width * 0.8}" height="${height * 0.2}" fill="#16324f" opacity="0.${text.length % 9}"/></svg>`;
  return new Resvg(svg).render().asPng();
}

const CLASSES = [
  { key: "manuals", nameZh: "参展手册", nameEn: "Exhibitor manuals", banner: false },
  { key: "forms", nameZh: "表格下载", nameEn: "Forms", banner: false },
  { key: "banners", nameZh: "标志及横幅", nameEn: "Logos and banners", banner: true },
] as const;

export async function seedDataAreaDemo(db: Db, exhibitionId: number, store?: ObjectStore) {
  if (!store) return;
  const admin = await db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirst();
  if (!admin) return;
  const present = await db.selectFrom("data_file_classes").select("id").where("exhibition_id", "=", exhibitionId).executeTakeFirst();
  if (present) return;
  const classIds: Record<string, number> = {};
  for (const [index, c] of CLASSES.entries()) {
    const row = await db
      .insertInto("data_file_classes")
      .values({ exhibition_id: exhibitionId, name_zh: c.nameZh, name_en: c.nameEn, sort: index + 1, banner: c.banner })
      .returning("id")
      .executeTakeFirstOrThrow();
    classIds[c.key] = row.id;
  }
  const files = [
    {
      klass: "manuals",
      nameZh: "参展商手册",
      nameEn: "Exhibitor manual",
      language: "all" as const,
      name: "exhibitor-manual.pdf",
      descriptionZh: "布展、撤展、现场服务与安全须知。",
      descriptionEn: "Build-up, dismantling, on-site services and safety.",
      bytes: () => demoPdf("Exhibitor manual", ["Build-up and dismantling", "On-site services", "Safety rules"]),
    },
    {
      klass: "manuals",
      nameZh: "特装展位施工安全规定",
      nameEn: "Special booth construction safety rules",
      language: "zh" as const,
      name: "construction-safety.pdf",
      descriptionZh: "特装搭建商须遵守的施工与用电规定。",
      descriptionEn: "Construction and electricity rules for special booth contractors.",
      bytes: () => demoPdf("Construction safety rules", ["Materials", "Electricity", "Working at height"]),
    },
    {
      klass: "manuals",
      nameZh: "交通与住宿指南",
      nameEn: "Travel and hotel guide",
      language: "en" as const,
      name: "travel-guide.pdf",
      descriptionZh: "机场、地铁与合作酒店信息。",
      descriptionEn: "Airport, metro and partner hotels.",
      bytes: () => demoPdf("Travel and hotel guide", ["Airport transfers", "Metro lines", "Partner hotels"]),
    },
    {
      klass: "forms",
      nameZh: "现场增补订单表",
      nameEn: "On-site extra order form",
      language: "all" as const,
      name: "extra-order-form.xlsx",
      descriptionZh: "现场增补展具与用电时填写。",
      descriptionEn: "For extra furniture and power ordered on site.",
      bytes: demoWorkbook,
    },
    {
      klass: "banners",
      nameZh: "展会标志",
      nameEn: "Exhibition logo",
      language: "all" as const,
      name: "exhibition-logo.png",
      descriptionZh: "用于宣传物料的展会标志（PNG）。",
      descriptionEn: "The exhibition's logo for your promotion (PNG).",
      bytes: () => demoBanner(600, 600, "logo"),
    },
    {
      klass: "banners",
      nameZh: "网站横幅 1200×300",
      nameEn: "Web banner 1200×300",
      language: "all" as const,
      name: "web-banner.png",
      descriptionZh: "可放在贵司网站上的展会横幅。",
      descriptionEn: "A banner of the exhibition for your website.",
      bytes: () => demoBanner(1200, 300, "banner"),
    },
  ];
  for (const [index, f] of files.entries()) {
    const stored = await saveUpload(db as Database, store, { ownerUserId: admin.id, folder: "data-file", originalName: f.name, bytes: await f.bytes() });
    await db
      .insertInto("data_files")
      .values({
        exhibition_id: exhibitionId,
        class_id: classIds[f.klass]!,
        name_zh: f.nameZh,
        name_en: f.nameEn,
        description_zh: f.descriptionZh,
        description_en: f.descriptionEn,
        language: f.language,
        stored_file_id: stored.id,
        sort: index + 1,
      })
      .execute();
  }
}
