import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExhibitorImportFailure, ExhibitorImportPreview } from "../../app/contracts/accounts/api-types";
import { rowErrorLines } from "../../app/contracts/accounts/row-errors.server";
import { backends, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { loadWorkbook, repack, workbookWith } from "./badges-excel-files";
import { importFile, importRow } from "./exhibitor-import-files";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

describe.each(backends)("the organizer's exhibitor import (/smeb/exhibitors/import/*) on %s", (backend) => {
  let api: TestApi;
  let admin: string;
  let std01: string;

  beforeAll(async () => {
    api = await startTestApi(backend);
    [admin, std01] = await Promise.all([api.login("admin", "Admin#2026"), api.login("std01", "Expo#2026")]);
  });
  afterAll(() => api?.close());

  async function preview(bytes: Buffer, options: { ticket?: string; lang?: string; name?: string } = {}) {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(bytes)], options.name ?? "exhibitors.xlsx", { type: XLSX }));
    const response = await fetch(`${api.baseUrl}/api/smeb/exhibitors/import/preview`, {
      method: "POST",
      headers: { ticket: options.ticket ?? admin, "accept-language": options.lang ?? "en" },
      body: form,
    });
    return { status: response.status, ...((await response.json()) as { code: number; message: string; data: ExhibitorImportPreview }) };
  }
  async function confirm(stageId: string, ticket = admin) {
    const response = await fetch(`${api.baseUrl}/api/smeb/exhibitors/import/confirm`, {
      method: "POST",
      headers: { ticket, "accept-language": "en", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ stageId }),
    });
    return { status: response.status, ...((await response.json()) as { code: number; message: string; data: unknown }) };
  }
  const snapshot = async () =>
    JSON.stringify([
      await api.db.selectFrom("users").select(["id", "username", "business_name", "contact_phone"]).orderBy("id").execute(),
      await api.db.selectFrom("booths").select(["id", "booth_no", "user_id", "hall_id", "area_m2", "booth_type"]).orderBy("id").execute(),
    ]);

  it("gives the organizer the template: bilingual headers in the issue's order and a sample row", async () => {
    const response = await fetch(`${api.baseUrl}/api/smeb/exhibitors/import/template`, { headers: { ticket: admin, "accept-language": "zh" } });
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
      "展位面积（平方米） / Booth area (m²)",
      "展位类型（1 标摊，2 光地） / Booth type (1 standard, 2 raw space)",
    ]);
    expect(sheet.getCell("A2").text).toBe("SAMPLE");
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
    ]);
    const answer = await preview(file);
    expect(answer.status).toBe(200);
    expect(answer.data.stageId).toBeNull();
    expect(answer.data.rows).toEqual([]);
    expect(answer.data.failedRows).toBe(9);
    expect(answer.data.errors.map((e) => [e.row, e.column, e.field])).toEqual([
      [3, "B", "companyNameZh"],
      [4, "G", "boothNo"],
      [5, "H", "hallCode"],
      [6, "I", "areaM2"],
      [7, "I", "areaM2"],
      [7, "J", "boothType"],
      [8, "F", "email"],
      [9, "E", "mobile"],
      [10, "G", "boothNo"],
      [11, "F", "email"],
    ]);
    expect(rowErrorLines("en", answer.data.errors)).toEqual([
      "Row 3, column B (Company name (Chinese)): Exhibitor IMP0001 has other company or contact data in row 2",
      "Row 4, column G (Booth number): Booth 1A01 belongs to another exhibitor (std01)",
      "Row 5, column H (Hall code): There is no hall with the code 99",
      "Row 6, column I (Booth area (m²)): Please enter the correct Booth area (m²)",
      "Row 7, column I (Booth area (m²)): Please enter the correct Booth area (m²)",
      "Row 7, column J (Booth type (1 standard, 2 raw space)): Please enter the correct Booth type (1 standard, 2 raw space)",
      "Row 8, column F (E-mail): Email format is incorrect",
      "Row 9, column E (Mobile): Please enter the correct Mobile",
      "Row 10, column G (Booth number): Booth 9Z01 is already in row 2",
      "Row 11, column F (E-mail): Formulas are not accepted: type the value itself",
    ]);
    expect(rowErrorLines("zh", answer.data.errors)[1]).toBe("第 4 行，G 列（展位号）: 展位 1A01 属于其他展商（std01）");
    expect(await snapshot()).toBe(before);
  });

  it("saves a good file whole after the preview, and the same file again updates without duplicating", async () => {
    const file = await importFile([importRow(21, "8Y01"), importRow(21, "8Y02", { type: 2, area: 36.5 }), importRow(22, "8Y03", { hall: "2" })]);
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
    expect(await api.db.selectFrom("users").select("id").where("username", "=", "IMP0021").executeTakeFirst()).toBeUndefined();
    const saved = await confirm(first.data.stageId!);
    expect(saved.status, saved.message).toBe(200);
    expect(saved.data).toEqual({ createdExhibitors: 2, updatedExhibitors: 0, createdBooths: 3, updatedBooths: 0 });
    expect(saved.message).toBe("Imported: 2 new and 0 updated exhibitors, 3 new and 0 updated booths");
    // A confirmation is used once.
    expect((await confirm(first.data.stageId!)).status).toBe(404);

    const account = await api.db.selectFrom("users").selectAll().where("username", "=", "IMP0021").executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      role_id: 2,
      business_name: "导入公司21",
      contact_name: "李四",
      contact_phone: "13900000021",
      activated_at: null,
      password_hash: "",
    });
    const booths = await api.db
      .selectFrom("booths")
      .select(["booth_no", "booth_type", "area_m2"])
      .where("user_id", "=", account.id)
      .orderBy("booth_no")
      .execute();
    expect(booths).toEqual([
      { booth_no: "8Y01", booth_type: 1, area_m2: 9 },
      { booth_no: "8Y02", booth_type: 2, area_m2: 36.5 },
    ]);

    // An account without a password cannot sign in, and gets the ordinary wrong-password answer.
    const login = await api.call<unknown>("/login/login", { form: { username: "IMP0021", password: "Expo#2026" } });
    expect([login.code, login.message]).toEqual([400, "Incorrect username or password"]);

    const before = await snapshot();
    const again = await preview(file);
    expect(again.data.counts).toEqual({ createdExhibitors: 0, updatedExhibitors: 2, createdBooths: 0, updatedBooths: 3 });
    expect((await confirm(again.data.stageId!)).data).toEqual({ createdExhibitors: 0, updatedExhibitors: 2, createdBooths: 0, updatedBooths: 3 });
    expect(await snapshot()).toBe(before);

    // A changed company name and booth type update the same rows.
    const changed = await preview(await importFile([importRow(21, "8Y01", { company: "新名称" }), importRow(21, "8Y02", { company: "新名称", type: 1 })]));
    expect((await confirm(changed.data.stageId!)).status).toBe(200);
    expect((await api.db.selectFrom("users").select("business_name").where("id", "=", account.id).executeTakeFirstOrThrow()).business_name).toBe("新名称");
    expect((await api.db.selectFrom("booths").select("booth_type").where("booth_no", "=", "8Y02").executeTakeFirstOrThrow()).booth_type).toBe(1);
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
    expect(many.length).toBeLessThan(2 * 1024 * 1024);
    const started = Date.now();
    expect(await preview(many)).toMatchObject({ status: 400, message: "The file has 10000 rows; at most 5000 rows can be imported at once" });
    expect(Date.now() - started).toBeLessThan(15_000);
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
    expect(await preview(await workbookWith([importRow(42, "6W02")], ["Name", "Booth"]))).toMatchObject({ status: 400 });
  });

  it("is the organizer's only: an exhibitor gets 403 on every call and changes nothing", async () => {
    const before = await snapshot();
    const template = await fetch(`${api.baseUrl}/api/smeb/exhibitors/import/template`, { headers: { ticket: std01 } });
    expect(template.status).toBe(403);
    const file = await importFile([importRow(51, "5V01")]);
    expect((await preview(file, { ticket: std01 })).status).toBe(403);
    const staged = await preview(file);
    expect((await confirm(staged.data.stageId!, std01)).status).toBe(403);
    expect(await snapshot()).toBe(before);
  });
});
