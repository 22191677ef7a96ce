import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AirCompressorApplication, ElectricboxImage, LeakageCommitment } from "../../app/contracts/booking-forms/schema";
import type { Booth } from "../../server/booking-forms/common";
import { createUser } from "../../server/seed/create-user";
import { uploadAs } from "../support/uploads";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { addDays, testCalendar as cal } from "../support/test-clock";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type Fields = { fields?: Record<string, string[]> };

describe.each(backendsOf(import.meta.url))("booking forms API on %s", (backend) => {
  let api: TestApi;
  let std01: string;
  let raw01: string;
  let stdBooth: Booth;
  let rawBooths: Booth[];

  const post = <T>(path: string, ticket: string, form: Record<string, string>, lang = "en") =>
    api.call<T & Fields>(`/smeb/booking/${path}`, { ticket, form, lang });
  const get = <T>(path: string, ticket: string, query: Record<string, string> = {}) => api.call<T>(`/smeb/booking/${path}`, { ticket, query });
  const compressor = () => ({
    boothId: String(stdBooth.id),
    flow: "1.0",
    pressure: "0.8",
    quantity: "2",
    startDate: cal.rawMoveIn.from,
    endDate: cal.opensOn,
    contactName: "张三",
    contactPhone: "138 1234 5678",
    remarks: "靠近 A 门",
  });

  beforeAll(async () => {
    api = await startTestApi(backend);
    [std01, raw01] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026")]);
    stdBooth = (await get<Booth[]>("booths", std01)).data[0]!;
    rawBooths = (await get<Booth[]>("booths", raw01)).data;
  });
  afterAll(() => api?.close());

  it("lists only the caller's booths", () => {
    expect(stdBooth.boothNo).toBe("1A01");
    expect(rawBooths.map((b) => b.boothNo)).toEqual(["2B10", "2B12"]);
  });

  it("files an air compressor application as submitted/offline, lists it, and cancels it once", async () => {
    const saved = await post<AirCompressorApplication>("airCompressor/save", std01, compressor());
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject({
      boothNo: "1A01",
      source: "offline",
      status: "submitted",
      flow: "1.0",
      pressure: "0.8",
      quantity: 2,
      startDate: cal.rawMoveIn.from,
      endDate: cal.opensOn,
      contactPhone: "13812345678",
    });
    const list = await get<AirCompressorApplication[]>("airCompressor/list", std01);
    expect(list.data.map((a) => a.id)).toContain(saved.data.id);
    expect((await get<AirCompressorApplication[]>("airCompressor/list", raw01)).data.map((a) => a.id)).not.toContain(saved.data.id);

    const cancelled = await post<AirCompressorApplication>("airCompressor/cancel", std01, { id: String(saved.data.id) });
    expect(cancelled.data.status).toBe("cancelled");
    // Processed by the organizer: no longer cancellable.
    const other = await post<AirCompressorApplication>("airCompressor/save", std01, compressor());
    await api.db.updateTable("air_compressor_applications").set({ status: "processing" }).where("id", "=", other.data.id).execute();
    const refused = await post("airCompressor/cancel", std01, { id: String(other.data.id) }, "zh");
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/已处理/);
    const events = await api.db
      .selectFrom("booking_form_events")
      .select(["action", "actor_label"])
      .where("form", "=", "airCompressor")
      .where("record_id", "=", String(saved.data.id))
      .orderBy("id")
      .execute();
    expect(events).toEqual([
      { action: "submitted", actor_label: "std01" },
      { action: "cancelled", actor_label: "std01" },
    ]);
  });

  it("refuses bad compressor input with translated field errors", async () => {
    const bad = await post("airCompressor/save", std01, { ...compressor(), flow: "9", quantity: "0", contactPhone: "12345" }, "zh");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data.fields ?? {}).sort()).toEqual(["contactPhone", "flow", "quantity"]);
    expect(bad.message).toBe("排气量不能为空");
    const dates = await post("airCompressor/save", std01, { ...compressor(), endDate: addDays(cal.rawMoveIn.from, -1) }, "zh");
    expect(dates.data.fields?.endDate).toEqual(["bookingForms.errors.endBeforeStart"]);
    expect(dates.message).toBe("结束使用日期不能早于开始使用日期");
    // Someone else's booth: refused on the booth field, nothing written.
    const before = await api.db.selectFrom("air_compressor_applications").select("id").execute();
    const foreign = await post("airCompressor/save", std01, { ...compressor(), boothId: String(rawBooths[0]!.id) });
    expect(foreign.status).toBe(404);
    expect(foreign.data.fields?.boothId).toBeDefined();
    expect(await api.db.selectFrom("air_compressor_applications").select("id").execute()).toHaveLength(before.length);
  });

  it("stores, replaces and deletes the electric box map per booth; /index/judge follows the session's booth", async () => {
    const judge = async (ticket: string) => (await api.call<{ uploaded: boolean }>("/index/judge", { ticket })).data.uploaded;
    expect(await judge(raw01)).toBe(false);
    const first = await uploadAs(api, raw01, "eletricbox-img", "first.png");
    const saved = await post<ElectricboxImage>("electricboxImg/save", raw01, { boothId: String(rawBooths[0]!.id), fileUrl: first });
    expect(saved.data).toMatchObject({ boothNo: "2B10", fileUrl: first, fileName: "first.png" });
    expect(await judge(raw01)).toBe(true);
    const second = await uploadAs(api, raw01, "eletricbox-img", "second.png");
    await post("electricboxImg/save", raw01, { boothId: String(rawBooths[0]!.id), fileUrl: second });
    const list = (await get<ElectricboxImage[]>("electricboxImg/list", raw01)).data;
    expect(list.map((m) => [m.boothNo, m.fileName])).toEqual([
      ["2B10", "second.png"],
      ["2B12", null],
    ]);

    // A file from another folder, or someone else's, is refused.
    const wrongFolder = await uploadAs(api, raw01, "feedback", "x.png");
    expect((await post<Fields>("electricboxImg/save", raw01, { boothId: String(rawBooths[0]!.id), fileUrl: wrongFolder })).data.fields?.fileUrl).toBeDefined();
    const stdFile = await uploadAs(api, std01, "eletricbox-img", "a.png");
    expect((await post("electricboxImg/save", raw01, { boothId: String(rawBooths[0]!.id), fileUrl: stdFile })).status).toBe(404);

    const deleted = await post<ElectricboxImage>("electricboxImg/delete", raw01, { boothId: String(rawBooths[0]!.id) });
    expect(deleted.data.fileUrl).toBeNull();
    expect(await judge(raw01)).toBe(false);
    const actions = await api.db
      .selectFrom("booking_form_events")
      .select("action")
      .where("form", "=", "electricbox")
      .where("record_id", "=", String(rawBooths[0]!.id))
      .orderBy("id")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(["created", "replaced", "deleted"]);
  });

  it("serves the template as a PDF attachment for the caller's booth", async () => {
    const response = await fetch(`${api.baseUrl}/api/smeb/booking/electricboxImg/template`, { headers: { ticket: std01 } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain('attachment; filename="electric-box-plan-1A01.pdf"');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const foreign = await fetch(`${api.baseUrl}/api/smeb/booking/electricboxImg/template?boothId=${rawBooths[0]!.id}`, { headers: { ticket: std01 } });
    expect(foreign.status).toBe(404);
  });

  it("creates, reads, updates (with version) and deletes a leakage commitment, one per booth and equipment", async () => {
    const scan = await uploadAs(api, std01, "leakage-electric", "signed.png");
    const input = {
      boothId: String(stdBooth.id),
      equipmentName: "激光切割机",
      powerKw: "12.5",
      reason: "设备启动电流大",
      readRules: "on",
      signerName: "张三",
      scanUrl: scan,
    };
    const created = await post<LeakageCommitment>("leakageElectric/save", std01, input);
    expect(created.code).toBe(200);
    expect(created.data).toMatchObject({ boothNo: "1A01", equipmentName: "激光切割机", powerKw: 12.5, scanName: "signed.png", version: 0 });

    const duplicate = await post("leakageElectric/save", std01, { ...input, equipmentName: " 激光切割机 " }, "zh");
    expect(duplicate.status).toBe(409);
    expect(duplicate.data.fields?.equipmentName).toBeDefined();
    const unticked = await post("leakageElectric/save", std01, { ...input, equipmentName: "Other", readRules: "" }, "zh");
    expect(unticked.status).toBe(400);
    expect(unticked.message).toBe("请勾选已阅读规则");

    const id = String(created.data.id);
    expect((await get<LeakageCommitment>("leakageElectric/detail", std01, { id })).data.reason).toBe("设备启动电流大");
    const updated = await post<LeakageCommitment>("leakageElectric/update", std01, { ...input, id, version: "0", powerKw: "15" });
    expect(updated.data).toMatchObject({ powerKw: 15, version: 1 });
    const stale = await post("leakageElectric/update", std01, { ...input, id, version: "0", powerKw: "16" });
    expect(stale.status).toBe(409);

    expect((await post("leakageElectric/delete", std01, { id })).code).toBe(200);
    expect((await get("leakageElectric/detail", std01, { id })).status).toBe(404);
    const actions = await api.db
      .selectFrom("booking_form_events")
      .select("action")
      .where("form", "=", "leakage")
      .where("record_id", "=", id)
      .orderBy("id")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(["created", "updated", "deleted"]);
  });

  it("an exhibitor without a booth is told so, and the judge flag is false", async () => {
    await createUser(api.db, { username: `nobooth-${backend}`, password: "Expo#2026", role: "exhibitor" });
    const ticket = await api.login(`nobooth-${backend}`, "Expo#2026");
    expect((await api.call<{ uploaded: boolean }>("/index/judge", { ticket })).data.uploaded).toBe(false);
    // Naming someone else's booth does not help.
    expect((await post("airCompressor/save", ticket, compressor(), "zh")).status).toBe(404);
    expect((await get<unknown[]>("electricboxImg/list", ticket)).data).toEqual([]);
    const template = await fetch(`${api.baseUrl}/api/smeb/booking/electricboxImg/template`, { headers: { ticket, "accept-language": "zh" } });
    expect(template.status).toBe(400);
    expect(((await template.json()) as { message: string }).message).toBe("您还没有展位");
  });

  it("answers 401 without a session", async () => {
    for (const path of ["/smeb/booking/airCompressor/list", "/index/judge", "/smeb/booking/leakageElectric/list", "/smeb/booking/electricboxImg/list"]) {
      expect((await api.call(path)).status, path).toBe(401);
    }
  });
});
