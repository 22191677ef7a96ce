import ExcelJS from "exceljs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TruckList, TruckPassCheck, TruckReviewItem, TruckReviewList } from "../../app/contracts/vehicles/trucks/types";
import type { HistoryEntry } from "../../app/contracts/team/api-types";
import { readOutbox } from "../support/outbox";
import { pdfText } from "../support/pdf-text";
import { drawnQrModules, qrModulesOf } from "../support/pdf-qr";
import { type DemoLogisticsIds, startDemoLogistics } from "../support/demo-cast";
import { backendsOf, postgresSkipReason, type TempDirTestApi } from "../support/test-api";
import { addDays, resetTestClock, testCalendar } from "../support/test-clock";
import { uploadAs } from "../support/uploads";
import { idorProbesOnBothDatabases } from "../support/idor-both-databases";
import { trucksApiEntries } from "./idor/vehicles-trucks";
import { newExhibitor } from "../support/new-exhibitor";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type Fields = { fields: Record<string, string[]> };
type Form = Record<string, string>;

/** The demo construction calendar: build-up from the raw-space move-in to the standard move-in, dismantling the last show day. */
const BUILD_UP = { from: testCalendar.rawMoveIn.from, to: testCalendar.standardMoveIn };
const DISMANTLE = testCalendar.endsOn;

describe.each(backendsOf(import.meta.url))("yellow-plate trucks (/smeb/truck) on %s", (backend) => {
  let api: TempDirTestApi;
  let ids: DemoLogisticsIds;
  let std01: string, raw01: string, admin: string, carrier01: string;
  let licence: { std01: string; raw01: string };

  beforeAll(async () => {
    ({ api, ids, std01, raw01, admin, carrier01 } = await startDemoLogistics(backend, "portal-trucks-"));
    // std01's list starts empty, whatever demo trucks the seed gives these exhibitors (the tests that
    // register use exhibitors of their own; std01 and raw01 only read, or try what is refused).
    await api.db.deleteFrom("yellow_trucks").where("user_id", "in", [ids.std01, ids.raw01]).execute();
    licence = { std01: await uploadAs(api, std01, "driving-license", "行驶证.png"), raw01: await uploadAs(api, raw01, "driving-license", "licence.png") };
  });
  afterEach(() => resetTestClock());
  afterAll(() => api?.close());

  const zh = <T>(p: string, ticket: string, init: { form?: Form; query?: Form } = {}) => api.call<T>(p, { lang: "zh", ticket, ...init });
  const truck = (extra: Form = {}): Form => ({
    boothId: String(ids.booth1A01),
    plate: "粤B12345",
    trailerPlate: "",
    kind: "installation",
    driverName: "王师傅",
    driverPhone: "13912345678",
    plannedOn: BUILD_UP.from,
    licenseUrl: licence.std01,
    ...extra,
  });
  const save = (ticket: string, form: Form) => zh<TruckList & Fields>("/smeb/truck/save", ticket, { form });
  const update = (ticket: string, form: Form) => zh<TruckList & Fields>("/smeb/truck/update", ticket, { form });
  const remove = (ticket: string, form: Form) => zh<TruckList>("/smeb/truck/delete", ticket, { form });
  const decide = (form: Form) => zh<TruckReviewItem & Fields>("/smeb/truck/review/decide", admin, { form });
  const rowOf = (id: number) => api.db.selectFrom("yellow_trucks").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  /** A new exhibitor (a standard booth, or raw space with boothType 2) with an e-mail address and a driving licence uploaded. */
  const truckExhibitor = async (options: { boothType?: 1 | 2 } = {}) => {
    const exhibitor = await newExhibitor(api, { ...options, withContacts: true });
    return { ...exhibitor, licence: await uploadAs(api, exhibitor.ticket, "driving-license", "行驶证.png") };
  };
  type TruckExhibitor = Awaited<ReturnType<typeof truckExhibitor>>;
  /** `truck` at the exhibitor's own booth, with its licence. */
  const truckOf = (exhibitor: TruckExhibitor, extra: Form = {}) => truck({ boothId: String(exhibitor.boothId), licenseUrl: exhibitor.licence, ...extra });
  const added = async (exhibitor: TruckExhibitor, form: Form) => {
    const result = await save(exhibitor.ticket, form);
    expect(result.code, result.message).toBe(200);
    return result.data.trucks.find((t) => t.plate === form.plate!.replace(/[\s·]/g, "") && t.plannedOn === form.plannedOn)!;
  };
  const editForm = (exhibitor: TruckExhibitor, t: { id: number; version: number }, extra: Form = {}) =>
    truckOf(exhibitor, { id: String(t.id), version: String(t.version), ...extra });

  it("is Chinese only, keeps carriers off and the organizer's routes to the organizer", async () => {
    expect(await api.call("/smeb/truck/list", { ticket: std01, lang: "en" })).toMatchObject({
      status: 403,
      message: "Exhibit transport is available in Chinese only",
    });
    expect((await api.call("/smeb/truck/review/list", { ticket: admin, lang: "en" })).status).toBe(403);
    for (const [route, form] of [["/smeb/truck/list"], ["/smeb/truck/save", truck()], ["/smeb/truck/delete", { id: "1" }]] as [string, Form?][]) {
      expect(await zh(route, carrier01, { form }), route).toMatchObject({ status: 403, message: "权限不足" });
    }
    for (const [route, form] of [
      ["/smeb/truck/review/list"],
      ["/smeb/truck/review/decide", { id: "1", decision: "approve", gate: "1" }],
      [`/smeb/truck/review/export?day=${BUILD_UP.from}`],
      ["/smeb/truck/pass/verify?code=x"],
    ] as [string, Form?][]) {
      expect(await zh(route, std01, { form }), route).toMatchObject({ status: 403, message: "权限不足" });
    }
    expect(await api.db.selectFrom("yellow_trucks").select("id").where("user_id", "=", ids.std01).execute()).toEqual([]);
  });

  it("registers a truck, and refuses bad input with translated messages, saving nothing", async () => {
    const exhibitor = await truckExhibitor();
    const empty = await zh<TruckList>("/smeb/truck/list", exhibitor.ticket);
    expect(empty.data).toMatchObject({
      trucks: [],
      booths: [{ boothId: exhibitor.boothId, boothNo: exhibitor.boothNo }],
      days: { buildUpFrom: BUILD_UP.from, buildUpTo: BUILD_UP.to, dismantleFrom: DISMANTLE, dismantleTo: DISMANTLE },
    });
    const before = await api.db.selectFrom("yellow_trucks").select("id").execute();
    const refusals: [Form, string, string][] = [
      [{ plate: "ABC1234" }, "plate", "请输入正确的车牌号"],
      [{ plate: "粤B12" }, "plate", "请输入正确的车牌号"],
      [{ plate: "粤b12345" }, "plate", "请输入正确的车牌号"],
      [{ plate: "粤I12345" }, "plate", "请输入正确的车牌号"],
      [{ plate: "粤BO2345" }, "plate", "请输入正确的车牌号"],
      [{ trailerPlate: "粤B12345" }, "trailerPlate", "请输入正确的挂车车牌"],
      [{ driverPhone: "1391234567" }, "driverPhone", "请输入正确的司机手机"],
      [{ plannedOn: addDays(BUILD_UP.from, -1) }, "plannedOn", `布展车辆只能在布展日（${BUILD_UP.from} – ${BUILD_UP.to}）进场`],
      [{ kind: "dismantling" }, "plannedOn", `撤展车辆只能在撤展日（${DISMANTLE} – ${DISMANTLE}）进场`],
      [{ boothId: String(ids.booth2B10) }, "boothId", "该展位不属于您"],
      [{ licenseUrl: licence.raw01 }, "licenseUrl", ""],
    ];
    for (const [extra, field, message] of refusals) {
      const result = await save(exhibitor.ticket, truckOf(exhibitor, extra));
      expect([400, 404], JSON.stringify(extra)).toContain(result.status);
      expect(Object.keys(result.data.fields), JSON.stringify(extra)).toContain(field);
      if (message) expect(result.message, JSON.stringify(extra)).toContain(message);
    }
    expect(await api.db.selectFrom("yellow_trucks").select("id").execute()).toEqual(before);

    // Spaces and the middle dot people type are dropped; the plate is stored as the pattern reads it.
    const first = await added(exhibitor, truckOf(exhibitor, { plate: "粤B·12345", trailerPlate: "粤B1234挂" }));
    expect(first).toMatchObject({
      plate: "粤B12345",
      trailerPlate: "粤B1234挂",
      kind: "installation",
      boothNo: exhibitor.boothNo,
      status: "submitted",
      driverPhone: "1391******8",
      canEdit: true,
      canDelete: true,
      license: { url: exhibitor.licence, name: "行驶证.png" },
    });
    const dismantling = await added(exhibitor, truckOf(exhibitor, { plate: "京A1B2C3", kind: "dismantling", plannedOn: DISMANTLE }));
    expect(dismantling.status).toBe("submitted");

    // The same plate on the same day is refused, whoever registers it; on another day it is fine.
    const other = await truckExhibitor({ boothType: 2 });
    const twice = await save(other.ticket, truckOf(other));
    expect(twice).toMatchObject({ status: 400, message: "该车牌号当天已登记", data: { fields: { plate: ["vehicles.trucks.errors.plateTaken"] } } });
    await added(other, truckOf(other, { plannedOn: BUILD_UP.to }));
  });

  it("never changes a registered plate: 409 from the API, and the trigger refuses a direct update", async () => {
    const exhibitor = await truckExhibitor();
    const t = await added(exhibitor, truckOf(exhibitor, { plate: "粤B12345D", plannedOn: BUILD_UP.to }));
    const stored = await rowOf(t.id);
    const changed = await update(exhibitor.ticket, editForm(exhibitor, t, { plate: "粤B54321D", plannedOn: BUILD_UP.to }));
    expect(changed).toMatchObject({ status: 409, message: "已登记的车牌号不可修改：请删除该登记后重新登记" });
    expect(await rowOf(t.id)).toEqual(stored);
    await expect(api.db.updateTable("yellow_trucks").set({ plate: "粤B54321D" }).where("id", "=", t.id).execute()).rejects.toThrow(
      /registered plate cannot be changed/,
    );
    expect((await rowOf(t.id)).plate).toBe("粤B12345D");

    // The other details change with the same plate, at the version read.
    const ok = await update(exhibitor.ticket, editForm(exhibitor, t, { plate: "粤B12345D", plannedOn: BUILD_UP.from, driverName: "赵师傅" }));
    expect(ok.code, ok.message).toBe(200);
    expect(ok.data.trucks.find((x) => x.id === t.id)).toMatchObject({
      plate: "粤B12345D",
      plannedOn: BUILD_UP.from,
      driverName: "赵师傅",
      version: t.version + 1,
    });
    expect((await update(exhibitor.ticket, editForm(exhibitor, t, { plate: "粤B12345D" }))).status).toBe(409);
    expect(
      (
        await update(
          raw01,
          editForm(exhibitor, { id: t.id, version: t.version + 1 }, { plate: "粤B12345D", boothId: String(ids.booth2B10), licenseUrl: licence.raw01 }),
        )
      ).status,
    ).toBe(404);
  });

  it("lets the organizer return and approve with e-mails; an approved truck is locked; the exhibitor deletes until then", async () => {
    const exhibitor = await truckExhibitor();
    const t = await added(exhibitor, truckOf(exhibitor, { plate: "粤BF12345", plannedOn: BUILD_UP.from }));
    const gone = await added(exhibitor, truckOf(exhibitor, { plate: "粤BF54321", plannedOn: BUILD_UP.from }));
    expect((await remove(raw01, { id: String(gone.id) })).status).toBe(404);
    const deleted = await remove(exhibitor.ticket, { id: String(gone.id), version: String(gone.version) });
    expect(deleted.code, deleted.message).toBe(200);
    expect(deleted.data.trucks.map((x) => x.id)).not.toContain(gone.id);
    expect((await rowOf(gone.id)).deleted_at).not.toBeNull();

    const list = await zh<TruckReviewList>("/smeb/truck/review/list", admin, { query: { status: "submitted", day: BUILD_UP.from } });
    expect(list.code, list.message).toBe(200);
    const item = list.data.items.find((x) => x.id === t.id)!;
    expect(item).toMatchObject({ exhibitorName: exhibitor.businessName, driverPhone: "13912345678", status: "submitted" });
    expect(list.data.items.every((x) => x.status === "submitted" && x.plannedOn === BUILD_UP.from)).toBe(true);
    expect((await zh("/smeb/truck/review/list", admin, { query: { status: "bogus" } })).status).toBe(400);

    expect((await decide({ id: String(t.id), decision: "return" })).data.fields).toHaveProperty("reason");
    expect((await decide({ id: String(t.id), version: String(t.version + 5), decision: "return", reason: "x" })).status).toBe(409);
    const returned = await decide({ id: String(t.id), version: String(t.version), decision: "return", reason: "行驶证照片不清晰" });
    expect(returned.data).toMatchObject({ status: "returned", returnReason: "行驶证照片不清晰" });
    expect(
      readOutbox(api.dataDir).some((m) => m.to === exhibitor.email && m.subject === "黄牌车 粤BF12345 被退回" && m.text.includes("行驶证照片不清晰")),
    ).toBe(true);
    expect((await decide({ id: String(t.id), decision: "approve", gate: "北 1 门" })).status).toBe(409);

    // Corrected, it goes back to the organizer, who approves it with the gate.
    const corrected = await update(exhibitor.ticket, editForm(exhibitor, returned.data, { plate: "粤BF12345", plannedOn: BUILD_UP.from }));
    expect(corrected.data.trucks.find((x) => x.id === t.id)).toMatchObject({ status: "submitted", returnReason: null });
    const approved = await decide({ id: String(t.id), decision: "approve", gate: "北 1 门" });
    expect(approved.data).toMatchObject({ status: "approved", gate: "北 1 门" });
    expect(readOutbox(api.dataDir).some((m) => m.to === exhibitor.email && m.subject === "黄牌车 粤BF12345 已审核通过" && m.text.includes("北 1 门"))).toBe(
      true,
    );

    const locked = await remove(exhibitor.ticket, { id: String(t.id) });
    expect(locked).toMatchObject({ status: 409, message: "已审核通过的车辆不能再修改或删除" });
    expect((await update(exhibitor.ticket, editForm(exhibitor, approved.data, { plate: "粤BF12345" }))).status).toBe(409);
    expect((await rowOf(t.id)).deleted_at).toBeNull();
    const mine = await zh<TruckList>("/smeb/truck/list", exhibitor.ticket);
    expect(mine.data.trucks.find((x) => x.id === t.id)).toMatchObject({ canEdit: false, canDelete: false });
  });

  it("makes the pass of an approved truck: plate, gate, day and a QR of a signed code the gate verifies", async () => {
    const exhibitor = await truckExhibitor();
    const t = await added(exhibitor, truckOf(exhibitor, { plate: "粤B67890", trailerPlate: "粤B6789挂", plannedOn: BUILD_UP.to }));
    const pass = (ticket: string, id = t.id) => fetch(`${api.baseUrl}/api/smeb/truck/pass?id=${id}`, { headers: { ticket, "accept-language": "zh" } });
    expect((await pass(exhibitor.ticket)).status).toBe(404);
    await decide({ id: String(t.id), decision: "approve", gate: "东 2 门" });

    const response = await pass(exhibitor.ticket);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = await pdfText(bytes);
    for (const part of [
      "车辆通行证",
      "粤B67890",
      "粤B6789挂",
      "东 2 门",
      exhibitor.boothNo,
      "王师傅",
      BUILD_UP.to,
      `${BUILD_UP.from} ~ ${BUILD_UP.to}`,
      exhibitor.businessName,
    ])
      expect(text).toContain(part);
    // The code printed under the QR (in groups of five), and the QR drawn is exactly that code's.
    const printed = /^EPT1\..*$/m.exec(text)![0];
    const code = printed.replace(/\s+/g, "");
    expect(code).toMatch(new RegExp(`^EPT1\\.${t.id}\\.[A-Za-z0-9_-]{22}$`));
    expect(await drawnQrModules(bytes)).toEqual(qrModulesOf(code));

    const verified = await zh<TruckPassCheck>("/smeb/truck/pass/verify", admin, { query: { code: printed } });
    expect(verified.data).toEqual({
      id: t.id,
      plate: "粤B67890",
      trailerPlate: "粤B6789挂",
      kind: "installation",
      plannedOn: BUILD_UP.to,
      gate: "东 2 门",
      boothNo: exhibitor.boothNo,
      exhibitorName: exhibitor.businessName,
      driverName: "王师傅",
    });
    const tampered = `${code.slice(0, -1)}${code.endsWith("A") ? "B" : "A"}`;
    for (const bad of [tampered, code.replace(`EPT1.${t.id}.`, `EPT1.${t.id + 1}.`), "hello"]) {
      expect(await zh("/smeb/truck/pass/verify", admin, { query: { code: bad } }), bad).toMatchObject({ status: 400, message: "无效的车辆通行证编码" });
    }

    // The organizer prints any pass; another exhibitor none; a pass of a deleted truck no longer verifies.
    expect((await pass(admin)).status).toBe(200);
    expect((await pass(raw01)).status).toBe(404);
    await api.db.updateTable("yellow_trucks").set({ deleted_at: new Date() }).where("id", "=", t.id).execute();
    expect((await zh("/smeb/truck/pass/verify", admin, { query: { code } })).status).toBe(400);
    expect((await pass(exhibitor.ticket)).status).toBe(404);
  });

  it("exports the approved trucks of a day for the traffic police, mobiles as typed", async () => {
    const day = BUILD_UP.from;
    const exhibitor = await truckExhibitor();
    const approvedOne = await added(exhibitor, truckOf(exhibitor, { plate: "粤BD11111", plannedOn: day, driverPhone: "13500001111" }));
    const waiting = await added(exhibitor, truckOf(exhibitor, { plate: "粤BD22222", plannedOn: day }));
    await decide({ id: String(approvedOne.id), decision: "approve", gate: "南 3 门" });
    const response = await fetch(`${api.baseUrl}/api/smeb/truck/review/export?day=${day}`, { headers: { ticket: admin, "accept-language": "zh" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(`approved-trucks-${day}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, "车牌号", "挂车号牌", "用途", "司机", "司机手机", "展商", "展位号", "入场门", "通行日期"]);
    const rows = sheet
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows).toContainEqual(["粤BD11111", "", "布展", "王师傅", "13500001111", exhibitor.businessName, exhibitor.boothNo, "南 3 门", day]);
    expect(rows.some((r) => r[0] === waiting.plate)).toBe(false);
    expect(rows.every((r) => r[8] === day)).toBe(true);
    expect((await zh(`/smeb/truck/review/export`, admin, { query: { day: "2026-13-01" } })).status).toBe(400);
  });
  it("keeps each truck's history: registered, changed and approved, each by name; another company reads none", async () => {
    const exhibitor = await truckExhibitor();
    const registered = await added(exhibitor, truckOf(exhibitor, { plate: "粤BD13579" }));
    const changed = await update(exhibitor.ticket, editForm(exhibitor, registered, { plate: "粤BD13579", driverName: "李师傅" }));
    expect(changed.code, changed.message).toBe(200);
    expect((await decide({ id: String(registered.id), decision: "approve", gate: "北 1 门" })).code).toBe(200);

    const history = await zh<HistoryEntry[]>("/smeb/history/record", exhibitor.ticket, { query: { type: "truck", id: String(registered.id) } });
    expect(history.code, history.message).toBe(200);
    expect(history.data.map((e) => [e.kind, e.actor])).toEqual([
      ["create", exhibitor.username],
      ["update", exhibitor.username],
      ["review", "admin"],
    ]);
    expect(history.data[0]!.changes).toEqual(expect.arrayContaining([{ field: "plate", old: null, new: "粤BD13579" }]));
    expect(history.data[1]!.changes).toEqual([{ field: "driver_name", old: "王师傅", new: "李师傅" }]);
    expect(history.data[2]!.changes).toEqual(expect.arrayContaining([{ field: "status", old: "submitted", new: "approved" }]));
    expect((await zh("/smeb/history/record", raw01, { query: { type: "truck", id: String(registered.id) } })).status).toBe(404);
  });
});

idorProbesOnBothDatabases("yellow-plate truck", trucksApiEntries, { apiOnly: true });
