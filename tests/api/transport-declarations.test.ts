import type ExcelJS from "exceljs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DeclarationDetail, DeclarationList, ImportFailure, ImportResult, MessageView } from "../../app/contracts/transport/api-types";
import { loadExcel } from "../../server/spreadsheets/workbook";
import { appClock } from "../../server/clock";
import { readOutbox } from "../support/outbox";
import { startDemoLogistics, type DemoLogisticsIds } from "../support/demo-cast";
import { backendsOf, postgresSkipReason, type TempDirTestApi } from "../support/test-api";
import { addDays, exhibitionTime, resetTestClock, TEST_NOW, testCalendar } from "../support/test-clock";
import { uploadAs } from "../support/uploads";
import { transportDeclarationsSweep } from "./idor/transport-declarations";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type Fields = { fields: Record<string, string[]> };
type Form = Record<string, string | string[]>;
const TODAY = TEST_NOW.slice(0, 10);
/** The seeded early-declaration deadline (10 % off through this day). */
const EARLY_UNTIL = testCalendar.schedule["transport-booked"];
const BUILD_UP_TO = testCalendar.standardMoveIn;
const EXHIBITOR = "深圳星河智能科技有限公司";
const HEADERS = ["展品名称（中文）", "Exhibit name (English)", "数量", "件数", "毛重（kg）", "长（cm）", "Width (cm)", "高（cm）"];

describe.each(backendsOf(import.meta.url))("exhibit transport declarations (/smeb/shipment, /shipment) on %s", (backend) => {
  let api: TempDirTestApi;
  let std01: string, raw01: string, admin: string, carrier01: string, carrier02: string;
  let boothId: string;
  let shunda: string;
  let hengtong: string;

  beforeAll(async () => {
    let ids: DemoLogisticsIds;
    ({ api, ids, std01, raw01, admin, carrier01, carrier02 } = await startDemoLogistics(backend, "portal-transport-"));
    boothId = String(ids.booth1A01);
    shunda = String(ids.shunda);
    hengtong = String(ids.hengtong);
  });
  afterEach(() => resetTestClock());
  afterAll(() => api?.close());

  /** A form post in Chinese, lists as repeated keys (as the browser sends checkboxes); GET without a form. */
  async function zh<T>(path: string, ticket: string, form?: Form, lang = "zh") {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(form ?? {})) for (const item of [value].flat()) body.append(key, item);
    const response = await fetch(`${api.baseUrl}/api${path}`, {
      method: form ? "POST" : "GET",
      headers: { ticket, "content-type": "application/x-www-form-urlencoded", "accept-language": lang },
      body: form ? body : undefined,
    });
    return { status: response.status, ...((await response.json()) as { code: number; message: string; data: T }) };
  }
  const ok = <T>(result: { status: number; message: string; data: T }) => {
    expect(result.status, result.message).toBe(200);
    return result.data;
  };
  const header = (extra: Form = {}): Form => ({
    boothId,
    carrierId: shunda,
    services: ["delivery", "return"],
    arrivalFrom: addDays(TODAY, 7),
    arrivalTo: BUILD_UP_TO,
    contactName: "李娜",
    contactPhone: "13800138000",
    ...extra,
  });
  const draft = async (extra: Form = {}) => ok(await zh<DeclarationDetail>("/smeb/shipment/declaration/save", std01, header(extra)));
  const detail = async (id: number, ticket = std01) => ok(await zh<DeclarationDetail>(`/smeb/shipment/declaration/detail?id=${id}`, ticket));
  const machine = { nameZh: "数控机床", nameEn: "CNC machine", quantity: "1", packages: "2", grossWeight: "850.5", length: "120", width: "80", height: "100" };
  const robot = { nameZh: "工业机器人", nameEn: "", quantity: "3", packages: "1", grossWeight: "1,200", length: "200", width: "150", height: "100" };
  const addExhibit = (d: { id: number; version: number }, exhibit: Form) =>
    zh<DeclarationDetail>("/smeb/shipment/exhibits/add", std01, { ...exhibit, declarationId: String(d.id), version: String(d.version) });
  const submit = (d: { id: number; version: number }) =>
    zh<DeclarationDetail>("/smeb/shipment/declaration/submit", std01, { id: String(d.id), version: String(d.version) });
  /** A draft with the machine and the robot: 4.92 m³, 2,050.5 kg. */
  async function withExhibits(extra: Form = {}) {
    const first = ok(await addExhibit(await draft(extra), machine));
    return ok(await addExhibit(first, robot));
  }
  const row = (id: number) => api.db.selectFrom("transport_declarations").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const exhibitsOf = (id: number) => api.db.selectFrom("transport_exhibits").selectAll().where("declaration_id", "=", id).orderBy("sort").execute();
  const mailsTo = (to: string) => readOutbox(api.dataDir).filter((m) => m.to === to);

  async function workbook(rows: (string | number | ExcelJS.CellValue)[][], headers = HEADERS) {
    const book = new (await loadExcel()).Workbook();
    const sheet = book.addWorksheet("展品");
    sheet.addRow(headers);
    for (const r of rows) sheet.addRow(r);
    return Buffer.from(await book.xlsx.writeBuffer());
  }
  const importFile = async (d: { id: number; version: number }, bytes: Buffer) => {
    const fileUrl = await uploadAs(api, std01, "carriage-exhibit-excel", "展品.xlsx", bytes);
    return zh<ImportResult | ImportFailure>("/smeb/shipment/exhibits/import", std01, { declarationId: String(d.id), version: String(d.version), fileUrl });
  };

  it("prices a declaration from the carrier's list with the early discount, submits it and the carrier reads it", async () => {
    const list = ok(await zh<DeclarationList>("/smeb/shipment/declaration/list", std01));
    expect(list.booths).toEqual([{ boothId: Number(boothId), boothNo: "1A01" }]);
    expect(list.buildUp).toEqual({ from: testCalendar.rawMoveIn.from, to: BUILD_UP_TO });
    const option = list.carriers.find((c) => String(c.id) === shunda)!;
    expect(option).toMatchObject({ name: "顺达国际物流有限公司", contactEmail: "dispatch@shunda.example.com" });
    expect(option.prices.find((p) => p.service === "delivery")).toEqual({ service: "delivery", perM3Cents: 18_000, perTonCents: 12_000, minimumCents: 50_000 });
    expect(option.discounts).toContainEqual({
      code: "early",
      name: "提前申报优惠",
      kind: "early",
      untilOn: EARLY_UNTIL,
      minVolumeM3: null,
      percentBp: 1_000,
      amountCents: null,
    });
    expect(list.carriers.find((c) => String(c.id) === hengtong)!.prices.map((p) => p.service)).not.toContain("crane");

    const saved = await draft();
    expect(saved).toMatchObject({
      status: "draft",
      boothNo: "1A01",
      carrierName: "顺达国际物流有限公司",
      exhibitorName: EXHIBITOR,
      services: ["delivery", "return"],
      exhibits: [],
      amountCents: 0,
    });
    expect(saved).toMatchObject({
      editable: true,
      deletable: true,
      submittable: false,
      decidable: false,
      version: 0,
      submittedAt: null,
      order: null,
      bill: null,
    });
    expect(ok(await zh<DeclarationList>("/smeb/shipment/declaration/list", std01)).declarations[0]).toMatchObject({
      id: saved.id,
      status: "draft",
      exhibitCount: 0,
    });

    const priced = ok(await addExhibit(ok(await addExhibit(saved, machine)), robot));
    expect(priced.version).toBe(2);
    expect(priced.exhibits).toEqual([
      {
        sort: 0,
        nameZh: "数控机床",
        nameEn: "CNC machine",
        quantity: 1,
        packages: 2,
        grossWeightKg: "850.5",
        lengthCm: 120,
        widthCm: 80,
        heightCm: 100,
        volumeM3: "1.920",
      },
      {
        sort: 1,
        nameZh: "工业机器人",
        nameEn: "",
        quantity: 3,
        packages: 1,
        grossWeightKg: "1200",
        lengthCm: 200,
        widthCm: 150,
        heightCm: 100,
        volumeM3: "3.000",
      },
    ]);
    // 4.92 m³ and 2.0505 t: delivery 4.92 × ¥180 = ¥885.60, return 4.92 × ¥200 = ¥984 (both above the
    // weight charge and the minimum); 10 % early discount of ¥1,869.60 = ¥186.96.
    expect(priced.quote).toMatchObject({
      volumeM3: "4.920",
      weightKg: "2050.5",
      unpriced: [],
      subtotalCents: 186_960,
      discountCents: 18_696,
      totalCents: 168_264,
    });
    expect(priced.quote.lines).toEqual([
      { service: "delivery", basis: "volume", amountCents: 88_560 },
      { service: "return", basis: "volume", amountCents: 98_400 },
    ]);
    expect(priced.quote.discounts).toEqual([{ code: "early", name: "提前申报优惠", amountCents: 18_696 }]);
    expect(priced).toMatchObject({ amountCents: 168_264, exhibitCount: 2, submittable: true });

    const mailsBefore = mailsTo("dispatch@shunda.example.com").length;
    const sent = ok(await submit(priced));
    expect(sent).toMatchObject({ status: "submitted", editable: false, deletable: false, submittable: false, version: 3, amountCents: 168_264 });
    expect(sent.submittedAt).not.toBeNull();
    expect(sent.events).toEqual([{ kind: "declaration:submitted", note: null, at: sent.submittedAt, side: "exhibitor" }]);
    expect(await row(sent.id)).toMatchObject({ status: "submitted", return_reason: null });
    expect(Number((await row(sent.id)).computed_cents)).toBe(186_960);
    const mails = mailsTo("dispatch@shunda.example.com");
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)!.subject).toContain(EXHIBITOR);
    expect(mails.at(-1)!.text).toMatch(/1A01[\s\S]*展品 2 项，总体积 4\.920 m³，系统核算金额 ¥1,682\.64[\s\S]*\/exhibitTL\/review/);

    const seen = ok(await zh<DeclarationDetail>(`/shipment/declaration/detail?id=${sent.id}`, carrier01));
    expect(seen).toMatchObject({
      id: sent.id,
      status: "submitted",
      exhibitorName: EXHIBITOR,
      decidable: true,
      editable: false,
      quote: sent.quote,
      exhibits: sent.exhibits,
    });
    expect(ok(await zh<DeclarationDetail>(`/shipment/declaration/detail?id=${sent.id}`, admin))).toMatchObject({
      id: sent.id,
      decidable: false,
      editable: false,
    });

    // With the carrier: no change, no delete; its price keeps the discount earned on the day it was sent.
    const version = String(sent.version);
    expect(await zh("/smeb/shipment/declaration/update", std01, { ...header(), id: String(sent.id), version })).toMatchObject({
      status: 409,
      message: "该申报已提交承运商，不能再修改",
    });
    expect((await addExhibit(sent, machine)).status).toBe(409);
    expect(await zh("/smeb/shipment/declaration/delete", std01, { id: String(sent.id), version })).toMatchObject({
      status: 409,
      message: "只有从未提交过的草稿可以删除",
    });
    appClock.freezeAt(exhibitionTime(addDays(EARLY_UNTIL, 1)));
    expect((await detail(sent.id)).quote.discountCents).toBe(18_696);
    expect((await withExhibits()).quote).toMatchObject({ subtotalCents: 186_960, discountCents: 0, totalCents: 186_960 });
  });

  it("lets the exhibitor correct and resubmit a declaration the carrier returned", async () => {
    const sent = ok(await submit(await withExhibits()));
    // The carrier's return (its review endpoint is not this file's): status, reason and history.
    const carrierUser = await api.db.selectFrom("users").select("id").where("username", "=", "carrier01").executeTakeFirstOrThrow();
    await api.db
      .updateTable("transport_declarations")
      .set({ status: "returned", return_reason: "体积有误", decided_at: new Date(), decided_by: carrierUser.id, version: sent.version + 1 })
      .where("id", "=", sent.id)
      .execute();
    await api.db
      .insertInto("transport_events")
      .values({ declaration_id: sent.id, kind: "declaration:returned", note: "体积有误", actor_id: carrierUser.id })
      .execute();

    const returned = await detail(sent.id);
    expect(returned).toMatchObject({ status: "returned", returnReason: "体积有误", editable: true, deletable: false, submittable: true });
    expect(returned.events.map((e) => [e.kind, e.side])).toEqual([
      ["declaration:submitted", "exhibitor"],
      ["declaration:returned", "carrier"],
    ]);
    const changed = ok(
      await zh<DeclarationDetail>("/smeb/shipment/declaration/update", std01, {
        ...header({ services: "delivery" }),
        id: String(sent.id),
        version: String(returned.version),
      }),
    );
    expect(changed).toMatchObject({ services: ["delivery"], version: returned.version + 1, status: "returned" });
    expect(changed.quote).toMatchObject({ subtotalCents: 88_560, discountCents: 8_856 });
    // The page's old version is refused, and nothing changes.
    expect(await zh("/smeb/shipment/declaration/update", std01, { ...header(), id: String(sent.id), version: String(returned.version) })).toMatchObject({
      status: 409,
      message: "该记录已被修改，请刷新后重试",
    });
    expect(await zh("/smeb/shipment/exhibits/delete", std01, { declarationId: String(sent.id), sort: "0", version: String(returned.version) })).toMatchObject({
      status: 409,
    });
    expect(await zh("/smeb/shipment/exhibits/delete", std01, { declarationId: String(sent.id), sort: "7", version: String(changed.version) })).toMatchObject({
      status: 404,
    });
    expect(await detail(sent.id)).toEqual(changed);

    const fixed = ok(
      await zh<DeclarationDetail>("/smeb/shipment/exhibits/delete", std01, { declarationId: String(sent.id), sort: "0", version: String(changed.version) }),
    );
    expect(fixed.exhibits.map((e) => e.nameZh)).toEqual(["工业机器人"]);
    const again = ok(await submit(fixed));
    expect(again).toMatchObject({ status: "submitted", returnReason: null, editable: false, decidable: false });
    expect(again.events.map((e) => e.kind)).toEqual(["declaration:submitted", "declaration:returned", "declaration:submitted"]);
    expect(again.events[1]!.note).toBe("体积有误");
    expect(mailsTo("dispatch@shunda.example.com").at(-1)!.text).toContain("修改后重新提交了展品运输申报");
  });

  it("deletes a draft never submitted", async () => {
    const saved = await draft();
    expect(await zh("/smeb/shipment/declaration/delete", std01, { id: String(saved.id), version: "9" })).toMatchObject({ status: 409 });
    expect(ok(await zh("/smeb/shipment/declaration/delete", std01, { id: String(saved.id), version: String(saved.version) }))).toEqual({ id: saved.id });
    expect((await zh(`/smeb/shipment/declaration/detail?id=${saved.id}`, std01)).status).toBe(404);
    expect(ok(await zh<DeclarationList>("/smeb/shipment/declaration/list", std01)).declarations.map((d) => d.id)).not.toContain(saved.id);
  });

  it("imports exhibits from Excel after the existing ones, or none when a row is wrong", async () => {
    const start = ok(await addExhibit(await draft(), machine));
    const good = await workbook([
      ["展台样机", "Demo unit", 2, 1, 35.25, 60, 40, 50],
      ["配件箱", "", "4", "2", "12", "30", "30", "30"],
    ]);
    const imported = ok(await importFile(start, good)) as ImportResult;
    expect(imported.imported).toBe(2);
    expect(imported.declaration.exhibits.map((e) => [e.sort, e.nameZh, e.grossWeightKg])).toEqual([
      [0, "数控机床", "850.5"],
      [1, "展台样机", "35.25"],
      [2, "配件箱", "12"],
    ]);
    expect(imported.declaration.version).toBe(start.version + 1);

    const bad = await workbook([
      ["好的一行", "", 1, 1, 10, 10, 10, 10],
      ["坏数量", "", "三", 1, 10, 10, 10, 10],
      ["负重量", "", 1, 1, -5, 10, 10, 10],
      ["公式", "", 1, 1, { formula: "2*5", result: 10 }, 4000, 10, 10],
    ]);
    const failed = await importFile(imported.declaration, bad);
    expect(failed).toMatchObject({ status: 400, message: "文件未导入：3 行有错误，未添加任何展品" });
    expect(failed.data).toEqual({
      rows: [
        { row: 3, column: "C", message: "validation.correct|transport.fields.quantity" },
        { row: 4, column: "E", message: "validation.correct|transport.fields.grossWeight" },
        { row: 5, column: "E", message: "transport.excel.formula" },
        { row: 5, column: "F", message: "validation.atMost|transport.fields.length|2000" },
      ],
      total: 4,
      failedRows: 3,
    });
    expect(await detail(start.id)).toEqual(imported.declaration);
    expect(await importFile(imported.declaration, await workbook([["名称", 1, 1, 1]], ["展品名称（中文）", "数量", "件数", "毛重"]))).toMatchObject({
      status: 400,
      message: "文件缺少模板的列：长（cm）、宽（cm）、高（cm）",
    });
    expect(await importFile(imported.declaration, await workbook([]))).toMatchObject({ status: 400, message: "文件中没有展品行" });
    const stale = await importFile({ id: start.id, version: start.version }, good);
    expect(stale).toMatchObject({ status: 409 });
    expect((await exhibitsOf(start.id)).length).toBe(3);
  });

  it("downloads the template, which imports back with its sample row skipped", async () => {
    const response = await fetch(`${api.baseUrl}/api/smeb/shipment/exhibits/template`, { headers: { ticket: std01, "accept-language": "zh" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("spreadsheetml");
    expect(response.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("展品导入模板.xlsx")}`);
    const book = new (await loadExcel()).Workbook();
    await book.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(5).value).toBe("毛重（kg）");
    expect(sheet.getRow(1).getCell(5).note).toBe("Gross weight (kg)");
    const d = await draft();
    const asDownloaded = Buffer.from(await book.xlsx.writeBuffer());
    expect(await importFile(d, asDownloaded)).toMatchObject({ status: 400, message: "文件中没有展品行" });
    sheet.addRow(["展示柜", "Showcase", 2, 2, 80, 120, 60, 90]);
    sheet.addRow(["宣传资料", "", 1, 5, 20.5, 40, 30, 30]);
    const filled = ok(await importFile(d, Buffer.from(await book.xlsx.writeBuffer()))) as ImportResult;
    expect(filled.imported).toBe(2);
    expect(filled.declaration.exhibits.map((e) => [e.nameZh, e.volumeM3])).toEqual([
      ["展示柜", "1.296"],
      ["宣传资料", "0.180"],
    ]);
  });

  it("refuses the issue's bad input with translated messages and changes nothing", async () => {
    const d = ok(await addExhibit(await draft(), machine));
    const before = await row(d.id);
    for (const [change, field, message] of [
      [{ grossWeight: "-1" }, "grossWeight", "请输入正确的毛重（kg）"],
      [{ grossWeight: "0" }, "grossWeight", "毛重（kg）必须大于 0"],
      [{ length: "4000" }, "length", "长（cm）最大为 2000"],
      [{ quantity: "一" }, "quantity", "请输入正确的数量"],
    ] as const) {
      const refused = await addExhibit(d, { ...machine, ...change });
      expect(refused, field).toMatchObject({ status: 400, message });
      expect((refused.data as unknown as Fields).fields[field]).toHaveLength(1);
    }
    expect(await row(d.id)).toEqual(before);

    const count = async () =>
      (
        await api.db
          .selectFrom("transport_declarations")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n;
    const declarations = await count();
    const unknown = await zh<Fields>("/smeb/shipment/declaration/save", std01, header({ carrierId: "999999" }));
    expect(unknown).toMatchObject({ status: 400, message: "该承运商不是本届展会的指定承运商" });
    expect(unknown.data.fields.carrierId).toEqual(["transport.errors.carrierUnknown"]);
    const rawBooth = await api.db.selectFrom("booths").select("id").where("booth_no", "=", "2B10").executeTakeFirstOrThrow();
    expect(await zh("/smeb/shipment/declaration/save", std01, header({ boothId: String(rawBooth.id) }))).toMatchObject({
      status: 400,
      message: "该展位不属于您",
    });
    expect(await zh("/smeb/shipment/declaration/save", std01, header({ arrivalFrom: BUILD_UP_TO, arrivalTo: TODAY }))).toMatchObject({
      status: 400,
      message: "到货截止日期不能早于开始日期",
    });
    const othersBill = await uploadAs(api, raw01, "carriage-bill", "bill.png");
    expect(await zh("/smeb/shipment/declaration/save", std01, header({ billUrl: othersBill }))).toMatchObject({ status: 404, message: "请重新上传提单" });
    expect(await count()).toBe(declarations);
    const ownBill = await uploadAs(api, std01, "carriage-bill", "提单.png");
    expect((await draft({ billUrl: ownBill })).bill).toEqual({ url: ownBill, name: "提单.png" });

    // Submit's rules: exhibits, every service priced by the carrier, the arrival window.
    const empty = await draft();
    expect(await submit(empty)).toMatchObject({ status: 400, message: "请先添加至少一件展品再提交" });
    const crane = await withExhibits({ carrierId: hengtong, services: ["delivery", "crane"] });
    expect(crane).toMatchObject({ submittable: false, carrierName: "恒通会展物流有限公司" });
    expect(crane.quote.unpriced).toEqual(["crane"]);
    expect(await submit(crane)).toMatchObject({ status: 400, message: "该承运商不提供：现场吊车。请选择其他服务或其他承运商" });
    const past = await withExhibits({ arrivalFrom: addDays(TODAY, -1) });
    expect(await submit(past)).toMatchObject({ status: 400, message: "到货开始日期不能早于今天" });
    const late = await withExhibits({ arrivalTo: addDays(BUILD_UP_TO, 1) });
    const lateRefusal = await submit(late);
    expect(lateRefusal).toMatchObject({ status: 400, message: `展品须在布展最后一天（${BUILD_UP_TO}）前到达` });
    expect((lateRefusal.data as unknown as Fields).fields.arrivalTo).toEqual(["transport.errors.arrivalLate"]);
    for (const refused of [empty, crane, past, late])
      expect(await row(refused.id)).toMatchObject({ status: "draft", submitted_at: null, version: refused.version });

    // At most EXHIBITS_MAX lines.
    const full = await draft();
    await api.db
      .insertInto("transport_exhibits")
      .values(
        Array.from({ length: 200 }, (_, sort) => ({
          declaration_id: full.id,
          sort,
          name_zh: `件 ${sort}`,
          quantity: 1,
          packages: 1,
          gross_weight_g: 1000,
          length_cm: 10,
          width_cm: 10,
          height_cm: 10,
        })),
      )
      .execute();
    expect(await addExhibit(full, machine)).toMatchObject({ status: 400, message: "一份申报最多 200 件展品" });
  });

  it("keeps a contact log on both sides, each message e-mailed to the other", async () => {
    const unsent = await withExhibits();
    expect(await zh("/smeb/shipment/message/save", std01, { declarationId: String(unsent.id), body: "你好" })).toMatchObject({
      status: 409,
      message: "请先提交申报，再给承运商留言",
    });
    const sent = ok(await submit(unsent));
    const stdEmail = (
      await api.db.selectFrom("users").select("contact_email").where("username", "=", "std01").executeTakeFirstOrThrow()
    ).contact_email!.toLowerCase();
    const carrierMails = mailsTo("dispatch@shunda.example.com").length;
    const exhibitorMails = mailsTo(stdEmail).length;

    const asked = ok(await zh<MessageView[]>("/smeb/shipment/message/save", std01, { declarationId: String(sent.id), body: "请问几点可以送货到展位？" }));
    expect(asked).toMatchObject([{ side: "exhibitor", author: EXHIBITOR, body: "请问几点可以送货到展位？" }]);
    expect(mailsTo("dispatch@shunda.example.com")).toHaveLength(carrierMails + 1);
    expect(mailsTo("dispatch@shunda.example.com").at(-1)!.text).toContain("请问几点可以送货到展位？");

    const answered = ok(await zh<MessageView[]>("/shipment/message/save", carrier01, { declarationId: String(sent.id), body: "布展首日上午 9 点。" }));
    expect(answered.map((m) => [m.side, m.author, m.body])).toEqual([
      ["exhibitor", EXHIBITOR, "请问几点可以送货到展位？"],
      ["carrier", "顺达国际物流有限公司", "布展首日上午 9 点。"],
    ]);
    expect(answered[0]!.at <= answered[1]!.at).toBe(true);
    expect(mailsTo(stdEmail)).toHaveLength(exhibitorMails + 1);
    expect(mailsTo(stdEmail).at(-1)).toMatchObject({ subject: `展品运输申报 #${sent.id} 有新留言` });
    expect((await detail(sent.id)).messages).toEqual(answered);
    expect(ok(await zh<DeclarationDetail>(`/shipment/declaration/detail?id=${sent.id}`, carrier01)).messages).toEqual(answered);

    // Neither another carrier nor the organizer writes; an over-long message is refused; nothing added.
    expect((await zh("/shipment/message/save", carrier02, { declarationId: String(sent.id), body: "?" })).status).toBe(404);
    expect((await zh("/shipment/message/save", admin, { declarationId: String(sent.id), body: "?" })).status).toBe(403);
    expect(await zh("/smeb/shipment/message/save", std01, { declarationId: String(sent.id), body: "长".repeat(1001) })).toMatchObject({
      status: 400,
      message: "留言最多 1000 个字符",
    });
    expect(await api.db.selectFrom("transport_messages").select("id").where("declaration_id", "=", sent.id).execute()).toHaveLength(2);
  });

  it("is Chinese only, and each side stays on its own routes", async () => {
    const english = await zh("/smeb/shipment/declaration/list", std01, undefined, "en");
    expect(english).toMatchObject({ status: 403, message: "Exhibit transport is available in Chinese only" });
    expect((await zh("/smeb/shipment/declaration/save", std01, header(), "en")).status).toBe(403);
    expect((await zh("/shipment/declaration/detail?id=1", carrier01, undefined, "en")).status).toBe(403);
    expect((await zh("/smeb/shipment/declaration/list", carrier01)).status).toBe(403);
    expect(await zh("/shipment/declaration/detail?id=1", std01)).toMatchObject({ status: 403, message: "此页面仅供指定承运商使用" });
  });

  it("passes its IDOR sweep entries", async () => {
    const ctx = { api, a: std01, b: raw01, admin, carrier: carrier01 };
    for (const [key, entry] of Object.entries(transportDeclarationsSweep)) {
      await entry.probe(ctx).catch((error: Error) => {
        throw new Error(`${key}: ${error.message}`);
      });
    }
  });
});
