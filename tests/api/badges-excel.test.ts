import type ExcelJS from "exceljs";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { BadgeList } from "../../app/contracts/badges/api-types";
import type { BadgeImportFailure } from "../../app/contracts/badges/excel-types";
import { idCardCheckChar } from "../../app/contracts/badges/id-documents";
import { badgeQuota, DEFAULT_QUOTA_RULE } from "../../app/contracts/badges/quota";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { until } from "../support/until";
import { HEADERS_EN, loadWorkbook, repack, workbookWith } from "./badges-excel-files";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A valid mainland ID number whose first 17 digits end in `n`. */
const idCard = (n: number) => {
  const first17 = `44030419850101${String(n).padStart(3, "0")}`;
  return `${first17}${idCardCheckChar(first17)}`;
};
/** One row in the template's column order (English ID type label). */
const row = (
  n: number,
  extra: Partial<Record<"name" | "idType" | "idNumber" | "mobile" | "email" | "company", ExcelJS.CellValue>> = {},
): ExcelJS.CellValue[] => [
  extra.name !== undefined ? extra.name : `导入${n}`,
  extra.idType ?? "Mainland ID card",
  extra.idNumber ?? idCard(n),
  extra.mobile ?? `1370000${String(n).padStart(4, "0")}`,
  extra.email ?? `import${n}@example.com`,
  extra.company !== undefined ? extra.company : "导入测试公司",
  "职员",
];

describe.each(backendsOf(import.meta.url))("badges in Excel (/smeb/pass/ticket downloadTemplate, upload, export) on %s", (backend) => {
  let api: TestApi;
  let std01: string;
  let raw01: string;
  let admin: string;
  let seededBadgeIds: number[];
  beforeAll(async () => {
    api = await startTestApi(backend);
    [std01, raw01, admin] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026"), api.login("admin", "Admin#2026")]);
    seededBadgeIds = (await api.db.selectFrom("badges").select("id").execute()).map((badge) => badge.id);
  });
  // Each test starts with the seeded badges only (its quotas and duplicates), whatever ran before it.
  beforeEach(async () => {
    await api.db.deleteFrom("badges").where("id", "not in", seededBadgeIds).execute();
  });
  afterAll(() => api?.close());

  async function download(path: string, ticket: string | null, lang = "en") {
    const headers: Record<string, string> = { "accept-language": lang };
    if (ticket) headers.ticket = ticket;
    const response = await fetch(`${api.baseUrl}/api${path}`, { headers });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  }
  async function upload(ticket: string | null, bytes: Buffer | null, options: { lang?: string; name?: string; boothId?: string } = {}) {
    const form = new FormData();
    if (options.boothId) form.set("boothId", options.boothId);
    if (bytes) form.set("file", new File([new Uint8Array(bytes)], options.name ?? "badges.xlsx", { type: XLSX }));
    const headers: Record<string, string> = { "accept-language": options.lang ?? "en" };
    if (ticket) headers.ticket = ticket;
    const response = await fetch(`${api.baseUrl}/api/smeb/pass/ticket/upload`, { method: "POST", headers, body: form });
    const body = (await response.json()) as { code: number; message: string; data: unknown };
    return { status: response.status, ...body };
  }
  const failure = (result: { data: unknown }) => result.data as BadgeImportFailure;
  const liveBadges = async (username: string) => {
    const user = await api.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow();
    const rows = await api.db
      .selectFrom("badges")
      .select(["holder_name", "kind", "price_cents"])
      .where("user_id", "=", user.id)
      .where("deleted_at", "is", null)
      .execute();
    return rows;
  };

  it("downloads the template: headers in the caller's language, a sample row, an ID-type drop-down, text columns for numbers", async () => {
    const en = await download("/smeb/pass/ticket/downloadTemplate", std01, "en");
    expect(en.status).toBe(200);
    expect(en.headers.get("content-type")).toBe(XLSX);
    expect(en.headers.get("content-disposition")).toBe(`attachment; filename="badge-import-template.xlsx"; filename*=UTF-8''badge-import-template.xlsx`);
    const sheet = (await loadWorkbook(en.bytes)).worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS_EN);
    expect(sheet.getCell("B2").value).toBe("Mainland ID card");
    expect(sheet.getCell("F2").value).toBe("Shenzhen Galaxy Smart Technology Co., Ltd.");
    expect(sheet.getCell("B2").dataValidation).toMatchObject({ type: "list", formulae: ['"Mainland ID card,Passport,Hong Kong/Macao permit,Taiwan permit"'] });
    expect(sheet.getCell("B1001").dataValidation?.type).toBe("list");
    expect(sheet.getColumn(3).numFmt).toBe("@");
    expect(sheet.getColumn(4).numFmt).toBe("@");

    const zh = await download("/smeb/pass/ticket/downloadTemplate", std01, "zh-CN,zh;q=0.9");
    expect(zh.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("展商证件导入模板.xlsx")}`);
    const zhSheet = (await loadWorkbook(zh.bytes)).worksheets[0]!;
    expect((zhSheet.getRow(1).values as unknown[]).slice(1)).toEqual(["姓名", "证件类型", "证件号码", "手机号", "邮箱", "公司", "职务"]);
    expect(zhSheet.getCell("F2").value).toBe("深圳星河智能科技有限公司");
    expect(zhSheet.getCell("B3").dataValidation?.formulae?.[0]).toContain("港澳居民来往内地通行证");
  });

  it("imports the downloaded template filled in (the sample row left in place is skipped)", async () => {
    const before = await liveBadges("std01");
    const template = await download("/smeb/pass/ticket/downloadTemplate", std01, "zh");
    const workbook = await loadWorkbook(template.bytes);
    const sheet = workbook.worksheets[0]!;
    sheet.getRow(3).values = ["模板一", "居民身份证", idCard(1), "13700000001", "tpl1@example.com", "模板公司", "经理"];
    // A mobile typed into a number cell, an ID type by its code, a hyperlinked e-mail.
    sheet.getRow(4).values = [
      "Template Two",
      "passport",
      "E7654321",
      13700000002,
      { text: "tpl2@example.com", hyperlink: "mailto:tpl2@example.com" },
      "模板公司",
      null,
    ];
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());

    const result = await upload(std01, filled, { lang: "zh" });
    expect(result).toMatchObject({ status: 200, data: { imported: 2 } });
    const after = await liveBadges("std01");
    expect(after.length).toBe(before.length + 2);
    const added = after.filter((b) => b.holder_name === "模板一" || b.holder_name === "Template Two");
    // std01's 9 m² booth has used its 2 free badges: the imported ones are paid, at the configured price.
    expect(added.map((b) => [b.kind, b.price_cents])).toEqual([
      ["paid", 8000],
      ["paid", 8000],
    ]);
    const list = await api.call<BadgeList>("/smeb/pass/ticket/list", { ticket: std01, query: { keyword: "Template Two" } });
    expect(list.data.rows[0]).toMatchObject({ idType: "passport", mobile: "1370******2" });
    const events = await api.db.selectFrom("badge_events").select("details").where("badge_id", "=", list.data.rows[0]!.id).execute();
    expect(events.map((e) => (typeof e.details === "string" ? JSON.parse(e.details) : e.details))).toEqual([
      expect.objectContaining({ source: "excel", kind: "paid" }),
    ]);
  });

  it("3 rows with one bad (row 3 has no name): 400 naming row 3, column A, and nothing saved", async () => {
    const before = (await liveBadges("std01")).length;
    const result = await upload(std01, await workbookWith([row(10), row(11, { name: null }), row(12)]));
    expect(result.status).toBe(400);
    expect(result.message).toBe("1 rows have errors; nothing was imported");
    expect(failure(result)).toEqual({
      rows: [{ row: 3, column: "A", field: "holderName", message: "validation.required|badges.fields.holderName" }],
      total: 1,
      failedRows: 1,
    });
    expect((await liveBadges("std01")).length).toBe(before);
    // The same rows fixed import all three.
    expect((await upload(std01, await workbookWith([row(10), row(11), row(12)]))).data).toEqual({ imported: 3 });
    expect((await liveBadges("std01")).length).toBe(before + 3);
  });

  it("an empty required cell in row 7 (company) is listed at F7, in the caller's language", async () => {
    const rows = [row(20), row(21), row(22), row(23), row(24), row(25, { company: "" })];
    const result = await upload(raw01, await workbookWith(rows), { lang: "zh" });
    expect(result.message).toBe("1 行有错误，未导入任何证件");
    expect(failure(result).rows).toEqual([{ row: 7, column: "F", field: "company", message: "validation.required|badges.fields.company" }]);
  });

  it("the same e-mail twice in the file: the second row is in error", async () => {
    const result = await upload(std01, await workbookWith([row(30), row(31, { email: "IMPORT30@example.com" })]));
    expect(failure(result).rows).toEqual([{ row: 3, column: "E", field: "email", message: "validation.exists|badges.fields.email" }]);
  });

  it("a row holding an existing badge's mobile or ID number (another exhibitor's too) is in error", async () => {
    const before = (await liveBadges("raw01")).length;
    const result = await upload(raw01, await workbookWith([row(40), row(41, { mobile: "13800000011" }), row(42, { idNumber: "11010519491231002X" })]));
    expect(failure(result).rows).toEqual([
      { row: 3, column: "D", field: "mobile", message: "validation.exists|badges.fields.mobile" },
      { row: 4, column: "C", field: "idNumber", message: "validation.exists|badges.fields.idNumber" },
    ]);
    expect((await liveBadges("raw01")).length).toBe(before);
  });

  it("counts the quota over the whole file: raw01's 54 m² booth has 16 left, so 17 rows are refused", async () => {
    const quota = (await api.call<BadgeList>("/smeb/pass/ticket/list", { ticket: raw01 })).data.quota;
    // 2 free up to 9 m², 1 more per further 9 m² (7 free), 10 paid; 王五 holds one.
    expect(quota.remaining).toBe(badgeQuota(DEFAULT_QUOTA_RULE, 54, 1).remaining);
    expect(quota.remaining).toBe(16);
    const before = (await liveBadges("raw01")).length;
    const rows = Array.from({ length: 17 }, (_, i) => row(100 + i));
    const refused = await upload(raw01, await workbookWith(rows));
    expect(refused).toMatchObject({ status: 409, message: "The file has 17 badges but only 16 are left for this booth; nothing was imported" });
    expect((await liveBadges("raw01")).length).toBe(before);
    // 16 fit: 6 free and 10 paid.
    expect((await upload(raw01, await workbookWith(rows.slice(0, 16)))).data).toEqual({ imported: 16 });
    const kinds = (await liveBadges("raw01")).map((b) => b.kind);
    expect(kinds.filter((k) => k === "free").length).toBe(7);
    expect(kinds.filter((k) => k === "paid").length).toBe(10);
  });

  it("refuses a text file renamed .xlsx, an old .xls, a macro workbook, 5,000 rows and over 2 MB, each with its own message", async () => {
    const before = (await liveBadges("std01")).length;
    const text = await upload(std01, Buffer.from("姓名,手机号\n张三,13800138000\n"), { name: "badges.xlsx" });
    expect(text).toMatchObject({ status: 400, message: "The file is not an Excel workbook (.xlsx); please use the template" });
    const xls = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(4096)]);
    expect(await upload(std01, xls, { name: "badges.xlsx" })).toMatchObject({
      status: 400,
      message: "Old Excel files (.xls) are not accepted: open the file in Excel and save it as .xlsx",
    });
    const good = await workbookWith([row(50)]);
    const xlsm = repack(good, [{ name: "xl/vbaProject.bin", data: Buffer.from("VBA") }]);
    expect(await upload(std01, xlsm, { name: "badges.xlsm" })).toMatchObject({
      status: 400,
      message: "Workbooks with macros (.xlsm) are not accepted: save the file as .xlsx without macros",
    });
    const many = await workbookWith(Array.from({ length: 5000 }, (_, i) => row(1000 + i)));
    expect(many.length).toBeLessThan(2 * 1024 * 1024);
    expect(await upload(std01, many)).toMatchObject({ status: 400, message: "The file has 5000 rows; at most 1000 badges can be imported at once" });
    const huge = Buffer.concat([good, Buffer.alloc(2 * 1024 * 1024)]);
    expect(await upload(std01, huge, { lang: "zh" })).toMatchObject({ status: 413, message: "文件超过 2 MB，请拆分成较小的文件" });
    expect((await liveBadges("std01")).length).toBe(before);
    // The file that was wrapped into the refused ones is itself fine.
    expect((await upload(std01, good)).data).toEqual({ imported: 1 });
  });

  it("refuses a formula at its cell (never evaluated), a date in a text column and an 18-digit ID typed as a number", async () => {
    const result = await upload(
      std01,
      await workbookWith([
        row(60),
        row(61, { email: { formula: 'CONCAT("a","@example.com")', result: "a@example.com" } }),
        row(62, { name: new Date("2026-01-01") }),
        // biome-ignore lint/correctness/noPrecisionLoss: an 18-digit ID typed into Excel as a number loses its last digits; that loss is what the import must refuse
        row(63, { idNumber: 440304198501010630 }),
      ]),
    );
    expect(failure(result).rows).toEqual([
      { row: 3, column: "E", field: "email", message: "badges.excel.formula" },
      { row: 4, column: "A", field: "holderName", message: "badges.excel.dateCell" },
      { row: 5, column: "C", field: "idNumber", message: "badges.excel.lostDigits" },
    ]);
    expect(result.message).toBe("3 rows have errors; nothing was imported");
  });

  it("refuses a missing header row, an empty sheet and an upload without a file", async () => {
    const noHeader = await upload(std01, await workbookWith([row(70)], ["Who", "What"]));
    expect(noHeader).toMatchObject({ status: 400 });
    expect(noHeader.message).toMatch(/^The first row must hold the template's headers; missing: Name, ID type, ID number, Mobile, E-mail, Company$/);
    expect(await upload(std01, await workbookWith([]))).toMatchObject({
      status: 400,
      message: "The file has no badges: fill in one row per person below the headers",
    });
    expect(await upload(std01, null)).toMatchObject({ status: 400, message: "Please choose an Excel file (.xlsx) to upload" });
    expect((await upload(admin, await workbookWith([row(71)]))).message).toBe("There is no booth to apply for badges for");
  });

  it("two exhibitors importing the same person at once: one file gets in whole, the other not at all", async () => {
    const rows = [row(80), row(81), row(82)];
    // raw01's first booth is full by now: its other one (2B12), named in the form.
    const other = await api.db.selectFrom("booths").select("id").where("booth_no", "=", "2B12").executeTakeFirstOrThrow();
    const [a, b] = await Promise.all([upload(std01, await workbookWith(rows)), upload(raw01, await workbookWith(rows), { boothId: String(other.id) })]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const held = await api.db
      .selectFrom("badges")
      .select("user_id")
      .where("id_number", "in", [idCard(80), idCard(81), idCard(82)])
      .where("deleted_at", "is", null)
      .execute();
    expect(held.length).toBe(3);
    expect(new Set(held.map((h) => h.user_id)).size).toBe(1);
  });

  it.runIf(backend === "postgres")("a save committed while the file is being saved: the unique index refuses the lot and the row is named", async () => {
    // std01 saves the person; raw01 imports it for its other booth (2B12), which has room.
    const std = await api.db.selectFrom("booths").select(["id", "user_id", "exhibition_id"]).where("booth_no", "=", "1A01").executeTakeFirstOrThrow();
    const other = await api.db.selectFrom("booths").select("id").where("booth_no", "=", "2B12").executeTakeFirstOrThrow();
    const before = (await liveBadges("raw01")).length;
    let answer: Awaited<ReturnType<typeof upload>> | null = null;
    // The upload's answer, handed out of the transaction in an object (a promise returned bare would be awaited inside).
    const { pending } = await api.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      const holder = rows[0]!.pid;
      // Not yet committed: the upload's own check does not see it, its insert waits on the index.
      await trx
        .insertInto("badges")
        .values({
          user_id: std.user_id,
          exhibition_id: std.exhibition_id,
          booth_id: std.id,
          holder_name: "并发",
          id_type: "idCard",
          id_number: idCard(96),
          mobile: "13655550096",
          email: "race96@example.com",
          company: "C",
          position: null,
          photo_file_id: null,
          kind: "free",
          code: "race-96",
        })
        .execute();
      const pending = upload(raw01, await workbookWith([row(95), row(96)]), { boothId: String(other.id) }).then((result) => (answer = result));
      // The upload's insert has reached the index and waits for this transaction (PostgreSQL says who waits on whom).
      await until(async () => {
        const waiting = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where ${holder} = any(pg_blocking_pids(pid))`.execute(api.db);
        return waiting.rows[0]!.n > 0;
      });
      expect(answer).toBeNull();
      return { pending };
    });
    const refused = await pending;
    expect(refused.status).toBe(400);
    expect(failure(refused).rows).toEqual([{ row: 3, column: "C", field: "idNumber", message: "validation.exists|badges.fields.idNumber" }]);
    expect((await liveBadges("raw01")).length).toBe(before);
  });

  it("exports the caller's own badges, masked, with localized headers; a keyword narrows it", async () => {
    const result = await download("/smeb/pass/ticket/export", std01, "en");
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toBe(XLSX);
    expect(result.headers.get("content-disposition")).toContain("filename*=UTF-8''badges.xlsx");
    const sheet = (await loadWorkbook(result.bytes)).worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      "Booth",
      "Name",
      "ID type",
      "ID number",
      "Mobile",
      "E-mail",
      "Company",
      "Position",
      "Kind",
      "Price (CNY)",
      "Status",
      "Review comment",
      "Checked in (UTC+8)",
    ]);
    const rows = sheet
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1));
    const zhang = rows.find((r) => r[1] === "张三")!;
    expect(zhang.slice(0, 6)).toEqual([
      "1A01",
      "张三",
      "Mainland ID card",
      expect.not.stringContaining("19491231"),
      "1380******1",
      `zh${"*".repeat(12)}@galaxy-smart.example.com`,
    ]);
    expect(zhang[8]).toBe("Free");
    expect(zhang[10]).toBe("Approved");
    expect(rows.some((r) => r[1] === "王五")).toBe(false);
    expect(rows.length).toBe((await liveBadges("std01")).length);
    expect(rows.every((r) => String(r[4]).includes("*") && String(r[5]).includes("*"))).toBe(true);

    const narrowed = (await loadWorkbook((await download("/smeb/pass/ticket/export?keyword=%E5%BC%A0%E4%B8%89", std01, "zh")).bytes)).worksheets[0]!;
    expect(narrowed.rowCount).toBe(2);
    expect(narrowed.getCell("B1").value).toBe("姓名");
    expect(narrowed.getCell("K2").value).toBe("已通过");
  });

  it("exports for the organizer (nothing of its own) and answers 401 without a session", async () => {
    const organizer = await download("/smeb/pass/ticket/export", admin);
    expect(organizer.status).toBe(200);
    expect((await loadWorkbook(organizer.bytes)).worksheets[0]!.rowCount).toBe(1);
    for (const path of ["/smeb/pass/ticket/export", "/smeb/pass/ticket/downloadTemplate"]) expect((await download(path, null)).status).toBe(401);
    expect((await upload(null, await workbookWith([row(90)]))).status).toBe(401);
  });

  it("takes exactly 1000 rows in one go (with a quota that allows them), and refuses 1001", async () => {
    const exhibition = await api.db.selectFrom("users").select("exhibition_id").where("username", "=", "std01").executeTakeFirstOrThrow();
    await api.db.updateTable("badge_quota_rules").set({ paid_max: 5000 }).where("exhibition_id", "=", exhibition.exhibition_id).execute();
    try {
      const rows = Array.from({ length: 1001 }, (_, i) => row(6000 + i, { idType: "Passport", idNumber: `P${6000 + i}X` }));
      expect(await upload(std01, await workbookWith(rows))).toMatchObject({
        status: 400,
        message: "The file has 1001 rows; at most 1000 badges can be imported at once",
      });
      const before = (await liveBadges("std01")).length;
      expect((await upload(std01, await workbookWith(rows.slice(0, 1000)))).data).toEqual({ imported: 1000 });
      expect((await liveBadges("std01")).length).toBe(before + 1000);
    } finally {
      await api.db.updateTable("badge_quota_rules").set({ paid_max: 10 }).where("exhibition_id", "=", exhibition.exhibition_id).execute();
    }
  });
});
