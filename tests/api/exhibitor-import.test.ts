import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { ExhibitorImportFailure, ExhibitorImportPreview } from "../../app/contracts/accounts/api-types";
import type { StandardBuildAnswer } from "../../app/contracts/booth-construction/api-types";
import { hashPassword } from "../../server/auth/password";
import { rowErrorLines } from "../../app/contracts/accounts/row-errors.server";
import { backendsOf, postgresSkipReason } from "../support/test-api";
import { watchWorkbookLoads } from "../support/workbook-loads";
import { loadWorkbook, repack, workbookWith } from "./badges-excel-files";
import { importFile, importRow, oldImportFile, oldImportRow } from "./exhibitor-import-files";
import { demoServer } from "../support/demo-cast";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

describe.each(backendsOf(import.meta.url))("the organizer's exhibitor import (/smeb/exhibitors/import/*) on %s", (backend) => {
  const demo = demoServer(backend, ["admin", "std01"]);

  async function preview(bytes: Buffer, options: { ticket?: string; lang?: string; name?: string } = {}) {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(bytes)], options.name ?? "exhibitors.xlsx", { type: XLSX }));
    const response = await fetch(`${demo.api.baseUrl}/api/smeb/exhibitors/import/preview`, {
      method: "POST",
      headers: { ticket: options.ticket ?? demo.admin, "accept-language": options.lang ?? "en" },
      body: form,
    });
    return { status: response.status, ...((await response.json()) as { code: number; message: string; data: ExhibitorImportPreview }) };
  }
  async function confirm(stageId: string, ticket = demo.admin) {
    const response = await fetch(`${demo.api.baseUrl}/api/smeb/exhibitors/import/confirm`, {
      method: "POST",
      headers: { ticket, "accept-language": "en", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ stageId }),
    });
    return { status: response.status, ...((await response.json()) as { code: number; message: string; data: unknown }) };
  }
  const snapshot = async () =>
    JSON.stringify([
      await demo.api.db.selectFrom("users").select(["id", "username", "business_name", "contact_phone"]).orderBy("id").execute(),
      await demo.api.db
        .selectFrom("booths")
        .select(["id", "booth_no", "user_id", "hall_id", "width_m", "depth_m", "area_m2", "booth_type"])
        .orderBy("id")
        .execute(),
    ]);

  it("gives the organizer the template: bilingual headers in order, each with a note on what it takes, and two sample rows", async () => {
    const response = await fetch(`${demo.api.baseUrl}/api/smeb/exhibitors/import/template`, { headers: { ticket: demo.admin, "accept-language": "zh" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain(XLSX);
    const sheet = (await loadWorkbook(Buffer.from(await response.arrayBuffer()))).worksheets[0]!;
    expect((sheet.getRow(1).values as string[]).slice(1)).toEqual([
      "展商编号 / Exhibitor number",
      "公司名称（中文） / Company name (Chinese)",
      "公司名称（英文） / Company name (English)",
      "联系人 / Contact person",
      "手机号 / Mobile",
      "邮箱 / E-mail",
      "展位号 / Booth number",
      "展馆编号 / Hall code",
      "展位宽度（米） / Booth width (m)",
      "展位进深（米） / Booth depth (m)",
      "展位面积（平方米） / Booth area (m²)",
      "展位类型（1 标摊，2 光地） / Booth type (1 standard, 2 raw space)",
    ]);
    const note = (address: string) => JSON.stringify(sheet.getCell(address).note);
    expect(note("E1")).toContain("+852 9123 4567");
    expect(note("K1")).toContain("宽度 × 进深");
    // A mainland and an overseas sample, both skipped by the import.
    expect([sheet.getCell("A2").text, sheet.getCell("A3").text]).toEqual(["SAMPLE", "SAMPLE"]);
    expect([sheet.getCell("B3").text, sheet.getCell("C3").text, sheet.getCell("E3").text]).toEqual(["", "Sample Overseas GmbH", "+49 151 23456789"]);
  });

  it("lists every bad row's errors by row and column, in the caller's language, and saves nothing", async () => {
    const before = await snapshot();
    const file = await importFile([
      importRow(1, "9Z01"),
      importRow(1, "9Z02", { company: "别的公司" }), // row 3: the same exhibitor with another company
      importRow(2, "1A01"), // row 4: std01's booth
      importRow(3, "9Z03", { hall: "99" }), // row 5
      importRow(4, "9Z04", { area: -3 }), // row 6
      importRow(5, "9Z05", { area: "abc", type: 3 }), // row 7
      importRow(6, "9Z06", { email: "a@b" }), // row 8
      importRow(7, "9Z07", { mobile: "1380013800" }), // row 9
      importRow(8, "9Z01"), // row 10: a booth already in row 2
      importRow(9, "9Z09", { email: { formula: 'CONCAT("a","@example.com")', result: "a@example.com" } }), // row 11
      importRow(10, "9Z10", { width: 3, depth: 6, area: 20 }), // row 12: 3 x 6 is 18 m²
      importRow(11, "9Z11", { company: null, companyEn: null, mobile: null, email: null }), // row 13
      importRow(12, "9Z12", { depth: null, area: null, type: 2 }), // row 14
    ]);
    const answer = await preview(file);
    expect(answer.status).toBe(200);
    expect(answer.data.stageId).toBeNull();
    expect(answer.data.rows).toEqual([]);
    expect(answer.data.failedRows).toBe(12);
    expect(answer.data.errors.map((e) => [e.row, e.column, e.field])).toEqual([
      [3, "B", "companyNameZh"],
      [4, "G", "boothNo"],
      [5, "H", "hallCode"],
      [6, "K", "areaM2"],
      [7, "K", "areaM2"],
      [7, "L", "boothType"],
      [8, "F", "email"],
      [9, "E", "mobile"],
      [10, "G", "boothNo"],
      [11, "F", "email"],
      [12, "K", "areaM2"],
      [13, "B", "companyNameZh"],
      [13, "F", "email"],
      [14, "J", "depthM"],
    ]);
    expect(rowErrorLines("en", answer.data.errors)).toEqual([
      "Row 3, column B (Company name (Chinese)): Exhibitor IMP0001 has other company or contact data in row 2",
      "Row 4, column G (Booth number): Booth 1A01 belongs to another exhibitor (std01)",
      "Row 5, column H (Hall code): There is no hall with the code 99",
      "Row 6, column K (Booth area (m²)): Please enter the correct Booth area (m²)",
      "Row 7, column K (Booth area (m²)): Please enter the correct Booth area (m²)",
      "Row 7, column L (Booth type (1 standard, 2 raw space)): Please enter the correct Booth type (1 standard, 2 raw space)",
      "Row 8, column F (E-mail): Email format is incorrect",
      "Row 9, column E (Mobile): Please enter a mainland mobile (11 digits) or an international mobile with its country code, e.g. +852 9123 4567",
      "Row 10, column G (Booth number): Booth 9Z01 is already in row 2",
      "Row 11, column F (E-mail): Formulas are not accepted: type the value itself",
      "Row 12, column K (Booth area (m²)): The area 20 m² does not match width × depth (3 × 6 = 18 m²)",
      "Row 13, column B (Company name (Chinese)): Please fill in the company name in Chinese or in English",
      "Row 13, column F (E-mail): Please fill in a mobile or an e-mail: the invitation needs one of them",
      "Row 14, column J (Booth depth (m)): Please fill in both the booth's width and depth",
    ]);
    const zh = rowErrorLines("zh", answer.data.errors);
    expect(zh[1]).toBe("第 4 行，G 列（展位号）: 展位 1A01 属于其他展商（std01）");
    expect(zh[10]).toBe("第 12 行，K 列（展位面积（平方米））: 面积 20 平方米与宽度 × 进深不符（3 × 6 = 18 平方米）");
    expect(await snapshot()).toBe(before);
  });

  it("saves a good file whole after the preview, and the same file again updates without duplicating", async () => {
    const file = await importFile([
      importRow(21, "8Y01"),
      importRow(21, "8Y02", { type: 2, width: 7.3, depth: 5, area: 36.5 }),
      importRow(22, "8Y03", { hall: "2" }),
    ]);
    const first = await preview(file);
    expect(first.status).toBe(200);
    expect(first.data.errors).toEqual([]);
    expect(first.data.counts).toEqual({ createdExhibitors: 2, updatedExhibitors: 0, createdBooths: 3, updatedBooths: 0 });
    expect(first.data.rows.map((r) => [r.row, r.exhibitorNo, r.boothNo, r.exhibitor, r.booth])).toEqual([
      [2, "IMP0021", "8Y01", "create", "create"],
      [3, "IMP0021", "8Y02", "create", "create"],
      [4, "IMP0022", "8Y03", "create", "create"],
    ]);
    // Previewing saved nothing yet.
    expect(await demo.api.db.selectFrom("users").select("id").where("username", "=", "IMP0021").executeTakeFirst()).toBeUndefined();
    const saved = await confirm(first.data.stageId!);
    expect(saved.status, saved.message).toBe(200);
    expect(saved.data).toEqual({ createdExhibitors: 2, updatedExhibitors: 0, createdBooths: 3, updatedBooths: 0 });
    expect(saved.message).toBe("Imported: 2 new and 0 updated exhibitors, 3 new and 0 updated booths");
    // A confirmation is used once.
    expect((await confirm(first.data.stageId!)).status).toBe(404);

    const account = await demo.api.db.selectFrom("users").selectAll().where("username", "=", "IMP0021").executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      role_id: 2,
      business_name: "导入公司21",
      contact_name: "李四",
      contact_phone: "13900000021",
      activated_at: null,
      password_hash: "",
    });
    const booths = await demo.api.db
      .selectFrom("booths")
      .select(["booth_no", "booth_type", "width_m", "depth_m", "area_m2"])
      .where("user_id", "=", account.id)
      .orderBy("booth_no")
      .execute();
    expect(booths).toEqual([
      { booth_no: "8Y01", booth_type: 1, width_m: 3, depth_m: 3, area_m2: 9 },
      { booth_no: "8Y02", booth_type: 2, width_m: 7.3, depth_m: 5, area_m2: 36.5 },
    ]);

    // An account without a password cannot sign in, and gets the ordinary wrong-password answer.
    const login = await demo.api.call<unknown>("/login/login", { form: { username: "IMP0021", password: "Expo#2026" } });
    expect([login.code, login.message]).toEqual([400, "Incorrect username or password"]);

    const before = await snapshot();
    const again = await preview(file);
    expect(again.data.counts).toEqual({ createdExhibitors: 0, updatedExhibitors: 2, createdBooths: 0, updatedBooths: 3 });
    expect((await confirm(again.data.stageId!)).data).toEqual({ createdExhibitors: 0, updatedExhibitors: 2, createdBooths: 0, updatedBooths: 3 });
    expect(await snapshot()).toBe(before);

    // A changed company name and booth type update the same rows.
    const changed = await preview(await importFile([importRow(21, "8Y01", { company: "新名称" }), importRow(21, "8Y02", { company: "新名称", type: 1 })]));
    expect((await confirm(changed.data.stageId!)).status).toBe(200);
    expect((await demo.api.db.selectFrom("users").select("business_name").where("id", "=", account.id).executeTakeFirstOrThrow()).business_name).toBe("新名称");
    expect((await demo.api.db.selectFrom("booths").select("booth_type").where("booth_no", "=", "8Y02").executeTakeFirstOrThrow()).booth_type).toBe(1);
  });

  /** Previews and confirms a good file: its counts. */
  async function importWhole(bytes: Buffer) {
    const staged = await preview(bytes);
    expect(staged.data.errors).toEqual([]);
    const saved = await confirm(staged.data.stageId!);
    expect(saved.status, saved.message).toBe(200);
    return { preview: staged.data, saved: saved.data };
  }

  it("imports overseas exhibitors: an English name only, a +852 mobile stored in E.164 form, or an e-mail alone", async () => {
    const file = await importFile([
      importRow(81, "8H01", { company: null, companyEn: "Harbour Trading Ltd", mobile: "+852 9123 4567", email: null, width: 6, depth: 3, area: null }),
      importRow(82, "8H02", {
        company: null,
        companyEn: "Rhein Maschinen GmbH",
        mobile: null,
        email: "info@rhein.example.de",
        type: 2,
        width: 9,
        depth: 6,
        area: 54,
      }),
    ]);
    const { preview: staged } = await importWhole(file);
    expect(staged.rows.map((r) => [r.exhibitorNo, r.companyName, r.widthM, r.depthM, r.areaM2])).toEqual([
      ["IMP0081", "Harbour Trading Ltd", 6, 3, 18],
      ["IMP0082", "Rhein Maschinen GmbH", 9, 6, 54],
    ]);
    const accounts = await demo.api.db
      .selectFrom("users")
      .select(["username", "business_name", "business_name_en", "contact_phone", "contact_email"])
      .where("username", "in", ["IMP0081", "IMP0082"])
      .orderBy("username")
      .execute();
    expect(accounts).toEqual([
      { username: "IMP0081", business_name: null, business_name_en: "Harbour Trading Ltd", contact_phone: "+85291234567", contact_email: null },
      { username: "IMP0082", business_name: null, business_name_en: "Rhein Maschinen GmbH", contact_phone: null, contact_email: "info@rhein.example.de" },
    ]);
    const booths = await demo.api.db
      .selectFrom("booths")
      .select(["booth_no", "width_m", "depth_m", "area_m2"])
      .where("booth_no", "in", ["8H01", "8H02"])
      .orderBy("booth_no")
      .execute();
    expect(booths).toEqual([
      { booth_no: "8H01", width_m: 6, depth_m: 3, area_m2: 18 },
      { booth_no: "8H02", width_m: 9, depth_m: 6, area_m2: 54 },
    ]);

    // The overseas exhibitor, once activated, sees its English name on its home and fascia and two furniture sets for 18 m².
    await demo.api.db
      .updateTable("users")
      .set({ password_hash: await hashPassword("Expo#2026"), activated_at: sql<Date>`now()` })
      .where("username", "=", "IMP0081")
      .execute();
    const ticket = await demo.api.login("IMP0081", "Expo#2026");
    const boothId = (await demo.api.db.selectFrom("booths").select("id").where("booth_no", "=", "8H01").executeTakeFirstOrThrow()).id;
    const build = await demo.api.call<StandardBuildAnswer>("/smeb/boothBuild/find", { ticket, lang: "zh", query: { boothId: String(boothId) } });
    expect(build.code, build.message).toBe(200);
    expect(build.data.build).toMatchObject({ fasciaNameZh: "", fasciaNameEn: "Harbour Trading Ltd", booth: { widthM: 6, depthM: 3, areaM2: 18 } });
    const sets = Object.fromEntries(build.data.build.equipment.map((item) => [item.code, item.quantity]));
    expect(sets).toMatchObject({ negotiationTable: 2, negotiationChair: 6, consultingDesk: 2, carpet: 18 });
  });

  it("still reads the earlier template (area only): standard booths of 3x2 or 3x3 units, a booth's own sides, else width and depth asked for", async () => {
    const { saved } = await importWhole(await oldImportFile([oldImportRow(91, "8J01", { area: 18 }), oldImportRow(91, "8J02", { area: 6 })]));
    expect(saved).toEqual({ createdExhibitors: 1, updatedExhibitors: 0, createdBooths: 2, updatedBooths: 0 });
    const sizes = async () =>
      demo.api.db.selectFrom("booths").select(["booth_no", "width_m", "depth_m", "area_m2"]).where("booth_no", "like", "8J%").orderBy("booth_no").execute();
    expect(await sizes()).toEqual([
      { booth_no: "8J01", width_m: 6, depth_m: 3, area_m2: 18 },
      { booth_no: "8J02", width_m: 3, depth_m: 2, area_m2: 6 },
    ]);
    // A raw space booth given as 9 x 4, then re-imported from an old file with the same area: its sides stay.
    await importWhole(await importFile([importRow(91, "8J03", { type: 2, width: 9, depth: 4, area: null })]));
    await importWhole(await oldImportFile([oldImportRow(91, "8J03", { type: 2, area: 36 })]));
    expect((await sizes())[2]).toEqual({ booth_no: "8J03", width_m: 9, depth_m: 4, area_m2: 36 });

    const before = await snapshot();
    const refused = await preview(
      await oldImportFile([
        oldImportRow(92, "8J04", { type: 2, area: 36 }),
        oldImportRow(92, "8J05", { area: 12 }),
        oldImportRow(91, "8J03", { type: 2, area: 40 }),
      ]),
    );
    expect(refused.data.stageId).toBeNull();
    expect(rowErrorLines("en", refused.data.errors)).toEqual([
      "Row 2, column I (Booth area (m²)): Please fill in the booth's width and depth (m): raw space of 36 m² may have any shape",
      "Row 3, column I (Booth area (m²)): Please fill in the booth's width and depth (m): an area of 12 m² alone is not a standard size (3x2 or 3x3 units)",
      "Row 4, column I (Booth area (m²)): Please fill in the booth's width and depth (m): raw space of 40 m² may have any shape",
    ]);
    expect(await snapshot()).toBe(before);
    // A file with neither the sides nor the area is refused whole, naming the columns.
    const noSize = await preview(
      await workbookWith(
        [["IMP0093", "公司", "李四", "13900000093", "9Z93", "1", 1]],
        ["Exhibitor number", "Company name (Chinese)", "Contact person", "Mobile", "Booth number", "Hall code", "Booth type (1 standard, 2 raw space)"],
      ),
    );
    expect(noSize).toMatchObject({ status: 400, message: "The first row must hold the template's headers; missing: Booth width (m), Booth depth (m)" });
  });

  it("checks the kept file again on confirmation: a booth taken meanwhile saves nothing", async () => {
    const file = await importFile([importRow(31, "7X01"), importRow(32, "7X02")]);
    const staged = await preview(file);
    expect(staged.data.stageId).toBeTruthy();
    const other = await preview(await importFile([importRow(33, "7X02")]));
    expect((await confirm(other.data.stageId!)).status).toBe(200);
    const before = await snapshot();
    const refused = await confirm(staged.data.stageId!);
    expect(refused.status).toBe(400);
    expect(refused.message).toBe("1 rows have errors; nothing was imported");
    expect((refused.data as ExhibitorImportFailure).rows.map((e) => [e.row, e.column])).toEqual([[3, "G"]]);
    expect(await snapshot()).toBe(before);
  });

  it("refuses 10,000 rows at once, an old .xls, a macro workbook and bytes that are no workbook, each with its message", async () => {
    const many = await importFile(Array.from({ length: 10_000 }, (_, i) => importRow(1000 + i, `M${i}`)));
    // docs/product.md § Account pages (Exhibitor import): a file of at most 2 MB and 5,000 rows.
    expect(many.length).toBeLessThan(2 * 1024 * 1024);
    // Refused from the rows counted in its bytes, before exceljs loads it (not "within so many seconds").
    const loads = watchWorkbookLoads();
    try {
      expect(await preview(many)).toMatchObject({ status: 400, message: "The file has 10000 rows; at most 5000 rows can be imported at once" });
      expect(loads).not.toHaveBeenCalled();
    } finally {
      loads.mockRestore();
    }
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)]);
    expect(await preview(xls, { name: "exhibitors.xls" })).toMatchObject({
      status: 400,
      message: "Old Excel files (.xls) are not accepted: open the file in Excel and save it as .xlsx",
    });
    const xlsm = repack(await importFile([importRow(41, "6W01")]), [{ name: "xl/vbaProject.bin", data: Buffer.from("VBA") }]);
    expect(await preview(xlsm, { name: "exhibitors.xlsm", lang: "zh" })).toMatchObject({
      status: 400,
      message: "不接受含宏的工作簿（.xlsm）：请另存为不含宏的 .xlsx",
    });
    expect(await preview(Buffer.from("exhibitor,booth\nIMP1,1A01\n"))).toMatchObject({
      status: 400,
      message: "The file is not an Excel workbook (.xlsx); please use the template",
    });
    // The watch sees the server's loads: a workbook that passes the byte checks is loaded, then refused.
    const control = watchWorkbookLoads();
    try {
      expect(await preview(await workbookWith([importRow(42, "6W02")], ["Name", "Booth"]))).toMatchObject({ status: 400 });
      expect(control).toHaveBeenCalledTimes(1);
    } finally {
      control.mockRestore();
    }
  });

  it("is the organizer's only: an exhibitor gets 403 on every call and changes nothing", async () => {
    const before = await snapshot();
    const template = await fetch(`${demo.api.baseUrl}/api/smeb/exhibitors/import/template`, { headers: { ticket: demo.std01 } });
    expect(template.status).toBe(403);
    const file = await importFile([importRow(51, "5V01")]);
    expect((await preview(file, { ticket: demo.std01 })).status).toBe(403);
    const staged = await preview(file);
    expect((await confirm(staged.data.stageId!, demo.std01)).status).toBe(403);
    expect(await snapshot()).toBe(before);
  });
});
