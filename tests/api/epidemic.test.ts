import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { idCardCheckChar } from "../../app/contracts/badges/id-documents";
import type {
  EpidemicCommitment,
  EpidemicReview,
  EpidemicSettings,
  EpidemicStaff,
  EpidemicStaffPage,
  StaffImportFailure,
} from "../../app/contracts/epidemic/api-types";
import type { PermissionInfo } from "../../app/contracts/permission/api-types";
import { isDone } from "../../server/schedule/done-checks";
import { newExhibitor } from "../support/new-exhibitor";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { uploadAs } from "../support/uploads";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** A valid mainland ID number whose first 17 digits end in `n`. */
const idCard = (n: number) => {
  const first17 = `32010619900101${String(n).padStart(3, "0")}`;
  return `${first17}${idCardCheckChar(first17)}`;
};
/** The same number with a wrong check character. */
const badIdCard = (n: number) => `${idCard(n).slice(0, 17)}${idCard(n).endsWith("0") ? "1" : "0"}`;

async function staffWorkbook(rows: (string | number)[][], headers = ["Name", "ID number", "Mobile"]) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Staff");
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * The epidemic declaration (issue 41): the commitment needs its tick; staff are added one by one
 * (ID number and mobile checked, code images of one's own) or from Excel, all rows or none; each
 * exhibitor reads and deletes only its own; the organizer lists and exports all, and turns the
 * page off (the exhibitor's endpoints then answer 404 and the menu is gone).
 */
describe.each(backendsOf(import.meta.url))("epidemic declaration on %s", (backend) => {
  let api: TestApi;
  let std01: string;
  let raw01: string;
  let admin: string;

  const get = <T>(path: string, ticket: string, query: Record<string, string> = {}, lang = "en") =>
    api.call<T>(`/smeb/epidemic${path}`, { ticket, query, lang });
  const post = <T>(path: string, ticket: string, form: Record<string, string> = {}, lang = "en") =>
    api.call<T>(`/smeb/epidemic${path}`, { ticket, form, lang, method: "POST" });
  const staffOf = (ticket: string, page = "1") => get<EpidemicStaffPage>("/member/findPage", ticket, { page });
  async function upload(ticket: string, bytes: Buffer, lang = "en") {
    const form = new FormData();
    form.set("file", new File([new Uint8Array(bytes)], "staff.xlsx", { type: XLSX }));
    const response = await fetch(`${api.baseUrl}/api/smeb/epidemic/member/upload`, {
      method: "POST",
      headers: { ticket, "accept-language": lang },
      body: form,
    });
    return { status: response.status, ...((await response.json()) as { code: number; message: string; data: unknown }) };
  }
  const download = async (path: string, ticket: string, lang = "en") => {
    const response = await fetch(`${api.baseUrl}/api/smeb/epidemic${path}`, { headers: { ticket, "accept-language": lang } });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  const userId = async (username: string) => (await api.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
  /** A person added to the caller's staff list. */
  const addStaff = async (ticket: string, name: string, n: number) => {
    const added = await post<EpidemicStaff>("/member/addInfo", ticket, { name, idNumber: idCard(n), mobile: `137000000${String(n).padStart(2, "0")}` });
    expect(added.status, added.message).toBe(200);
    return added.data;
  };
  const rowsOf = async (username: string) =>
    api.db
      .selectFrom("epidemic_staff")
      .select(["name", "id_number"])
      .where("user_id", "=", await userId(username))
      .orderBy("id")
      .execute();

  beforeAll(async () => {
    api = await startTestApi(backend);
    [std01, raw01, admin] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026"), api.login("admin", "Admin#2026")]);
  });
  afterAll(() => api?.close());

  it("shows std01's demo declaration, masked, and keeps it done on the checklist; raw01 has none and never reads std01's", async () => {
    const mine = await get<EpidemicCommitment>("/commitment/find", std01, {}, "zh");
    expect(mine.data).toMatchObject({ accepted: true, signerName: "李明" });
    expect(mine.data.text).toContain("本单位承诺");
    expect((await get<EpidemicCommitment>("/commitment/find", std01)).data.text).toContain("Our company commits");
    const staff = await staffOf(std01);
    expect(staff.data).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(staff.data.items.map((s) => s.name)).toEqual(["李明", "王芳", "陈伟"]);
    // Masked for the exhibitor (docs/product.md § Masked personal data).
    expect(staff.data.items[0]!.mobile).toMatch(/^1391\*+8$/);
    expect(staff.data.items[0]!.idNumber).toContain("*");
    expect(await isDone(api.db, "epidemic-declared", await userId("std01"))).toBe(true);
    expect(await isDone(api.db, "epidemic-declared", await userId("raw01"))).toBe(false);

    expect((await get<EpidemicCommitment>("/commitment/find", raw01)).data).toMatchObject({ accepted: false, signerName: null });
    const others = await staffOf(raw01);
    expect(others.data.total).toBe(0);
    expect(JSON.stringify(others.data)).not.toContain("李明");
  });

  it("refuses a carrier account (403) before anything is read or saved", async () => {
    const carrier01 = await api.login("carrier01", "Expo#2026");
    expect((await get("/commitment/find", carrier01)).status).toBe(403);
    expect((await staffOf(carrier01)).status).toBe(403);
    const made = await post("/commitment/create", carrier01, { accepted: "on", signerName: "承运人" });
    expect(made.status).toBe(403);
    expect(made.message).toBe("Insufficient permissions");
    expect((await upload(carrier01, await staffWorkbook([["承运人", idCard(7), "13900139000"]]))).status).toBe(403);
    const saved = await api.db
      .selectFrom("epidemic_commitments")
      .select("id")
      .where("user_id", "=", await userId("carrier01"))
      .execute();
    expect(saved).toEqual([]);
  });

  it("accepts the commitment only when ticked, with a signer; update and withdraw", async () => {
    // An exhibitor of its own without a declaration (raw01 keeps having none).
    const { ticket } = await newExhibitor(api);
    const unticked = await post("/commitment/create", ticket, { signerName: "赵六" }, "zh");
    expect(unticked.status).toBe(400);
    expect(unticked.message).toBe("请勾选已阅读规则");
    const noName = await post("/commitment/create", ticket, { accepted: "on", signerName: " " });
    expect(noName.status).toBe(400);
    expect(noName.message).toBe("Signer name is required");
    expect((await post("/commitment/update", ticket, { accepted: "on", signerName: "赵六" })).status).toBe(404);
    const made = await post<EpidemicCommitment>("/commitment/create", ticket, { accepted: "on", signerName: "赵六" });
    expect(made.status, made.message).toBe(200);
    expect(made.data).toMatchObject({ accepted: true, signerName: "赵六" });
    expect((await post("/commitment/create", ticket, { accepted: "on", signerName: "赵六" })).status).toBe(409);
    expect((await post<EpidemicCommitment>("/commitment/update", ticket, { accepted: "on", signerName: "钱七" })).data.signerName).toBe("钱七");
    expect((await post<EpidemicCommitment>("/commitment/delete", ticket)).data.accepted).toBe(false);
    expect((await post("/commitment/delete", ticket)).status).toBe(404);
    expect((await post("/commitment/create", ticket, { accepted: "1", signerName: "赵六" })).status).toBe(200);
  });

  it("adds one person with checked ID number and mobile and own code images; refuses a bad ID, a duplicate, someone else's image", async () => {
    // Two exhibitors of its own: std01's and raw01's demo lists stay as seeded.
    const [exhibitor, other] = [await newExhibitor(api), await newExhibitor(api)];
    const ticket = exhibitor.ticket;
    const badId = await post("/member/addInfo", ticket, { name: "孙八", idNumber: badIdCard(1), mobile: "13800001111" });
    expect(badId.status).toBe(400);
    expect(badId.message).toBe("IDCard format is incorrect");
    expect((await post("/member/addInfo", ticket, { name: "孙八", idNumber: "12345", mobile: "13800001111" }, "zh")).message).toBe("身份证格式不正确");
    const badMobile = await post("/member/addInfo", ticket, { name: "孙八", idNumber: idCard(1), mobile: "12345" });
    expect(badMobile.message).toBe("Please enter the correct Mobile");
    const foreign = await post("/member/addInfo", ticket, {
      name: "孙八",
      idNumber: idCard(1),
      mobile: "13800001111",
      healthCodeUrl: await uploadAs(api, other.ticket, "health-code", "code.png"),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.data).toMatchObject({ fields: { healthCodeUrl: ["epidemic.errors.notYourFile"] } });
    const wrongFolder = await post("/member/addInfo", ticket, {
      name: "孙八",
      idNumber: idCard(1),
      mobile: "13800001111",
      travelCodeUrl: await uploadAs(api, ticket, "health-code", "code.png"),
    });
    expect(wrongFolder.status).toBe(400);
    expect(await rowsOf(exhibitor.username)).toEqual([]);

    const health = await uploadAs(api, ticket, "health-code", "health.png");
    const added = await post<EpidemicStaff>("/member/addInfo", ticket, {
      name: "孙八",
      idNumber: idCard(1).toLowerCase(),
      mobile: "138 0000 1111",
      healthCodeUrl: health,
    });
    expect(added.status, added.message).toBe(200);
    expect(added.message).toBe("孙八 added");
    expect(added.data).toMatchObject({ name: "孙八", healthCodeUrl: health, travelCodeUrl: null });
    const again = await post("/member/addInfo", ticket, { name: "孙八", idNumber: idCard(1), mobile: "13800001111" });
    expect(again.status).toBe(409);
    expect(again.message).toBe("This ID number is already on your staff list");
    // Another exhibitor may list the same person.
    expect((await post("/member/addInfo", other.ticket, { name: "孙八", idNumber: idCard(1), mobile: "13800001111" })).status).toBe(200);
  });

  it("imports an Excel file all or none: a bad ID in row 4 names the row and saves nothing; a good file imports every row", async () => {
    // An exhibitor of its own, with one person listed already (孙八, whose ID number the file repeats below).
    const exhibitor = await newExhibitor(api);
    const ticket = exhibitor.ticket;
    const listed = await post("/member/addInfo", ticket, { name: "孙八", idNumber: idCard(1), mobile: "13800001111" });
    expect(listed.status, listed.message).toBe(200);
    const template = await download("/member/downloadTemplate", ticket, "zh");
    expect(template.status).toBe(200);
    expect(template.headers.get("content-type")).toBe(XLSX);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.bytes as unknown as ExcelJS.Buffer);
    expect(book.worksheets[0]!.getRow(1).values).toEqual([undefined, "姓名", "身份证号", "手机号"]);

    const before = await rowsOf(exhibitor.username);
    const rows = [
      ["导入一", idCard(11), "13700000011"],
      ["导入二", idCard(12), "13700000012"],
      ["导入三", badIdCard(13), "13700000013"],
      ["导入四", idCard(14), "13700000014"],
    ];
    const refused = await upload(ticket, await staffWorkbook(rows));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe("1 rows have errors; nothing was imported. Row 4: IDCard format is incorrect");
    expect((refused.data as StaffImportFailure).rows).toEqual([{ row: 4, column: "B", field: "idNumber", message: "validation.idCard" }]);
    const zh = await upload(ticket, await staffWorkbook(rows, ["姓名", "身份证号", "手机号"]), "zh");
    expect(zh.message).toBe("1 行有错误，未导入任何人员。第 4 行：身份证格式不正确");
    expect(await rowsOf(exhibitor.username)).toEqual(before);

    // Duplicates in the file or already listed; a missing header.
    const dup = await upload(
      ticket,
      await staffWorkbook([
        ["甲", idCard(21), "13700000021"],
        ["乙", idCard(21), "13700000022"],
        ["丙", idCard(1), "13700000023"],
      ]),
    );
    expect((dup.data as StaffImportFailure).rows.map((r) => [r.row, r.message])).toEqual([
      [3, "epidemic.errors.duplicate"],
      [4, "epidemic.errors.duplicate"],
    ]);
    expect((await upload(ticket, await staffWorkbook([["甲", idCard(22)]], ["Name", "ID number"]))).message).toBe(
      "The first row must hold the template's headers; missing: Mobile",
    );
    expect((await upload(ticket, Buffer.from("name,id\n甲,1\n"))).status).toBe(400);
    expect(await rowsOf(exhibitor.username)).toEqual(before);

    rows[2]![1] = idCard(13);
    const imported = await upload(ticket, await staffWorkbook(rows));
    expect(imported.status, imported.message).toBe(200);
    expect(imported.data).toEqual({ imported: 4 });
    expect((await rowsOf(exhibitor.username)).map((r) => r.name)).toEqual(["孙八", "导入一", "导入二", "导入三", "导入四"]);
  });

  it("deletes only one's own staff", async () => {
    // An exhibitor of its own with two people listed; std01's demo staff are the others'.
    const { ticket } = await newExhibitor(api);
    await addStaff(ticket, "导入三", 43);
    await addStaff(ticket, "导入四", 44);
    const theirs = (await staffOf(std01)).data;
    const refused = await post("/member/delete", ticket, { id: String(theirs.items[0]!.id) });
    expect(refused.status).toBe(404);
    expect((await staffOf(std01)).data.total).toBe(theirs.total);
    const mine = (await staffOf(ticket)).data.items.find((s) => s.name === "导入四")!;
    expect((await post("/member/delete", ticket, { id: String(mine.id) })).status).toBe(200);
    expect((await staffOf(ticket)).data.items.map((s) => s.name)).toEqual(["导入三"]);
  });

  it("gives the organizer every declaration and person, by company, unmasked, and as Excel; exhibitors get 403 there", async () => {
    for (const path of ["/review/settings", "/review/list", "/review/export"]) expect((await get(path, raw01)).status).toBe(403);
    expect((await post("/review/settings/save", raw01, { on: "", textZh: "x", textEn: "x" })).status).toBe(403);

    // Beside std01's demo declaration (and what other tests declared), one of its own: signed, two people.
    const before = (await get<EpidemicReview>("/review/list", admin)).data;
    const exhibitor = await newExhibitor(api);
    expect((await post("/commitment/create", exhibitor.ticket, { accepted: "on", signerName: "赵六" })).status).toBe(200);
    await addStaff(exhibitor.ticket, "导入一", 51);
    await addStaff(exhibitor.ticket, "导入二", 52);

    const all = await get<EpidemicReview>("/review/list", admin);
    expect(all.status).toBe(200);
    const declared = all.data.declarations.items.filter((d) => d.acceptedAt);
    expect(declared).toHaveLength(before.declarations.items.filter((d) => d.acceptedAt).length + 1);
    expect(declared.map((d) => d.signerName)).toEqual(expect.arrayContaining(["李明", "赵六"]));
    expect(declared.find((d) => d.company === exhibitor.businessName)?.signerName).toBe("赵六");
    expect(all.data.staff.total).toBe(before.staff.total + 2);
    expect(all.data.staff.items.find((s) => s.name === "李明")!.mobile).toBe("13912345678");
    const std01Name = all.data.declarations.items.find((d) => d.signerName === "李明")!.company;
    const filtered = await get<EpidemicReview>("/review/list", admin, { company: std01Name.slice(0, 4) });
    expect(new Set(filtered.data.staff.items.map((s) => s.company))).toEqual(new Set([std01Name]));
    // std01's three demo people.
    expect(filtered.data.staff.total).toBe(3);

    const exported = await download("/review/export", admin);
    expect(exported.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.bytes as unknown as ExcelJS.Buffer);
    const [declarations, people] = book.worksheets;
    expect(declarations!.getRow(1).getCell(1).value).toBe("Exhibitor");
    expect(people!.rowCount).toBe(all.data.staff.total + 1);
    const names: unknown[] = [];
    people!.eachRow((row, n) => void (n > 1 && names.push(row.getCell(2).value)));
    expect(names).toContain("导入一");
    const liMing: ExcelJS.CellValue[] = [];
    people!.eachRow((row) => void (row.getCell(2).value === "李明" && liMing.push(row.getCell(4).value)));
    expect(liMing).toEqual(["13912345678"]);
  });

  it("turned off by the organizer: the exhibitor's endpoints answer 404, the menu is gone, the checklist item does not apply", async () => {
    const menuRoutes = async (ticket: string) => JSON.stringify((await api.call<PermissionInfo>("/smeb/permission/getInfo", { ticket })).data.menuAuths);
    expect(await menuRoutes(std01)).toContain("/exhibitorInfo/epidemicDeclaration");
    const settings = (await get<EpidemicSettings>("/review/settings", admin)).data;
    expect(settings.on).toBe(true);
    const staffTotal = (await get<EpidemicReview>("/review/list", admin)).data.staff.total;
    const empty = await post("/review/settings/save", admin, { on: "", textZh: "", textEn: "x" }, "zh");
    expect(empty.status).toBe(400);
    // Turned back on (below, and whatever happens) for the other tests.
    onTestFinished(async () => {
      await post("/review/settings/save", admin, { on: "1", textZh: settings.textZh, textEn: settings.textEn });
    });
    const off = await post<EpidemicSettings>("/review/settings/save", admin, { on: "", textZh: settings.textZh, textEn: settings.textEn });
    expect(off.data.on).toBe(false);

    for (const answer of [
      await get("/commitment/find", std01, {}, "zh"),
      await staffOf(std01),
      await post("/commitment/update", std01, { accepted: "on", signerName: "李明" }),
      await post("/member/addInfo", std01, { name: "甲", idNumber: idCard(31), mobile: "13700000031" }),
      await upload(std01, await staffWorkbook([["甲", idCard(31), "13700000031"]])),
    ])
      expect(answer.status).toBe(404);
    expect((await get("/commitment/find", std01, {}, "zh")).message).toBe("找不到该页面");
    expect((await download("/member/downloadTemplate", std01)).status).toBe(404);
    expect(await menuRoutes(std01)).not.toContain("/exhibitorInfo/epidemicDeclaration");
    expect(await menuRoutes(admin)).toContain("/exhibitorInfo/epidemicReview");
    expect(await isDone(api.db, "epidemic-declared", await userId("std01"))).toBeNull();
    // The organizer still reads everything.
    expect((await get<EpidemicReview>("/review/list", admin)).data.staff.total).toBe(staffTotal);
    expect((await post<EpidemicSettings>("/review/settings/save", admin, { on: "1", textZh: settings.textZh, textEn: settings.textEn })).data.on).toBe(true);
    expect(await menuRoutes(std01)).toContain("/exhibitorInfo/epidemicDeclaration");
  });
});
