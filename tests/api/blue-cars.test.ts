import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BlueCarList, BlueCarPassCheck, BlueCarReviewItem, BlueCarReviewList, BlueCarSettings } from "../../app/contracts/vehicles/blue-cars/types";
import type { HistoryEntry } from "../../app/contracts/team/api-types";
import { idorProbesOnBothDatabases } from "../support/idor-both-databases";
import { newExhibitor } from "../support/new-exhibitor";
import { drawnQrModules, qrModulesOf } from "../support/pdf-qr";
import { pdfText } from "../support/pdf-text";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { testCalendar } from "../support/test-clock";
import { uploadAs } from "../support/uploads";
import { blueCarsApiEntries } from "./idor/blue-cars";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type Form = Record<string, string>;
type Fields = { fields: Record<string, string[]> };

/** A car may be registered from the first build-up day to the closing day. */
const DAYS = { from: testCalendar.rawMoveIn.from, to: testCalendar.endsOn };
const SCANS = ["licenseFrontUrl", "licenseBackUrl", "licenseSecondUrl", "licenseFourPagesUrl", "vehiclePhotoUrl"] as const;

describe.each(backendsOf(import.meta.url))("blue-plate cars (/smeb/blueCar) on %s", (backend) => {
  let api: TestApi;
  let dataDir: string;
  let std01: string;
  let raw01: string;
  let admin: string;
  let scans: Form;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-blue-cars-"));
    api = await startTestApi(backend, { DATA_DIR: dataDir });
    [std01, raw01, admin] = await Promise.all([api.login("std01", "Expo#2026"), api.login("raw01", "Expo#2026"), api.login("admin", "Admin#2026")]);
    const url = await uploadAs(api, std01, "driving-license", "行驶证.png");
    scans = Object.fromEntries(SCANS.map((scan) => [scan, url]));
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const call = <T>(p: string, ticket: string, init: { form?: Form; query?: Form; lang?: string } = {}) =>
    api.call<T & Fields>(p, { lang: "zh", ticket, ...init });
  const car = (extra: Form = {}): Form => ({ ownerName: "李四", plate: "湘A12345", neededFrom: DAYS.from, neededTo: DAYS.to, ...scans, ...extra });
  const save = (form: Form, ticket = std01, lang = "zh") => call<BlueCarList>("/smeb/blueCar/save", ticket, { form, lang });
  const added = async (form: Form) => {
    const result = await save(form);
    expect(result.code, result.message).toBe(200);
    return result.data.cars.find((c) => c.plate === form.plate)!;
  };
  const decide = (form: Form) => call<BlueCarReviewItem>("/smeb/blueCar/review/decide", admin, { form });
  const approve = (id: number) => decide({ id: String(id), decision: "approve", passNo: "SZ-0001", validFrom: DAYS.from, validTo: DAYS.to });
  const carCount = async () => (await api.db.selectFrom("blue_cars").select("id").where("deleted_at", "is", null).execute()).length;

  it("registers a car under review, with its scans, days and the guide", async () => {
    // An exhibitor of its own, with its own scans, and another one without cars.
    const [exhibitor, other] = [await newExhibitor(api), await newExhibitor(api)];
    const url = await uploadAs(api, exhibitor.ticket, "driving-license", "行驶证.png");
    const ownScans: Form = Object.fromEntries(SCANS.map((scan) => [scan, url]));
    const result = await save(car(ownScans), exhibitor.ticket);
    expect(result.code, result.message).toBe(200);
    const mine = result.data.cars.find((c) => c.plate === "湘A12345")!;
    expect(mine).toMatchObject({ ownerName: "李四", status: "submitted", neededFrom: DAYS.from, neededTo: DAYS.to, passNo: null, canEdit: true });
    for (const scan of SCANS) expect(mine.scans[scan]).toMatchObject({ url: ownScans[scan], name: "行驶证.png" });
    expect(result.data.days).toEqual(DAYS);
    // The same plate again from the exhibitor is its own registration twice; another exhibitor sees none of its cars.
    expect(await save(car({ ...ownScans, ownerName: "王五" }), exhibitor.ticket)).toMatchObject({ status: 400, message: "您已登记过该车牌号" });
    expect((await call<BlueCarList>("/smeb/blueCar/list", other.ticket)).data.cars).toEqual([]);
  });

  it("answers a plate another exhibitor registered as any new plate, and shows the organizer the conflict to resolve", async () => {
    const rawScans = Object.fromEntries(await Promise.all(SCANS.map(async (scan) => [scan, await uploadAs(api, raw01, "driving-license", "raw.png")])));
    const plate = "鄂A77777";
    const first = await added(car({ plate, ownerName: "赵六" }));
    // raw01 registers std01's plate, and a plate nobody has: the same answer, nothing about std01.
    const answerFor = async (p: string) => {
      const result = await save({ ...car({ plate: p, ownerName: "钱七" }), ...rawScans }, raw01);
      const mine = result.data.cars.find((c) => c.plate === p)!;
      return { status: result.status, code: result.code, message: result.message, car: { ...mine, id: 0, plate: "", createdAt: "", scans: {} } };
    };
    const taken = await answerFor(plate);
    expect(taken).toEqual(await answerFor("鄂A77778"));
    expect(taken).toMatchObject({ status: 200, car: { status: "submitted", ownerName: "钱七" } });
    const rawList = await call<BlueCarList>("/smeb/blueCar/list", raw01);
    expect(JSON.stringify(rawList.data)).not.toMatch(/赵六|std01|Galaxy|星河/);
    const second = rawList.data.cars.find((c) => c.plate === plate)!;

    // The organizer sees each registration with the other exhibitor's.
    const review = (await call<BlueCarReviewList>("/smeb/blueCar/review/list", admin, { query: { status: "submitted" }, lang: "en" })).data.items;
    const [std, raw] = [review.find((c) => c.id === first.id)!, review.find((c) => c.id === second.id)!];
    expect(std.plateConflicts).toEqual([{ exhibitorName: raw.exhibitorName, status: "submitted" }]);
    expect(raw.plateConflicts).toEqual([{ exhibitorName: std.exhibitorName, status: "submitted" }]);
    expect(review.find((c) => c.plate === "鄂A77778")!.plateConflicts).toEqual([]);

    // It approves one: the other cannot be approved too, and is returned.
    expect((await approve(first.id)).code).toBe(200);
    const refused = await approve(second.id);
    expect(refused).toMatchObject({ status: 409, message: "另一家展商同一车牌的车辆已审核通过：请先退回其中一辆" });
    const returned = await decide({ id: String(second.id), decision: "return", comment: "车牌号与其他展商登记冲突" });
    expect(returned.code, returned.message).toBe(200);
    expect(returned.data.plateConflicts).toEqual([{ exhibitorName: "深圳星河智能科技有限公司", status: "approved" }]);
  });

  it("refuses bad plates, days and files with translated messages per field, saving nothing", async () => {
    const before = await carCount();
    const refusals: [Form, string, string, string][] = [
      [{ plate: "湘A1234" }, "plate", "车牌号应为 7 或 8 位", "A plate has 7 or 8 characters"],
      [{ plate: "AB12345" }, "plate", "车牌号须以省份简称汉字开头", "A plate starts with the province's Chinese character"],
      [{ plate: "粤B12345" }, "plate", "深圳本地车牌（粤B）无需登记", "Shenzhen plates (粤B) need no registration"],
      [{ neededTo: testCalendar.rawMoveIn.from, neededFrom: DAYS.to }, "neededTo", "结束日期不能早于开始日期", "The end cannot be before the start"],
      [{ licenseBackUrl: "" }, "licenseBackUrl", "行驶证（副页）不能为空", "Driving licence (back) is required"],
    ];
    for (const [extra, field, zh, en] of refusals) {
      for (const [lang, message] of [
        ["zh", zh],
        ["en", en],
      ] as const) {
        const answer = await save(car({ plate: "湘A54321", ...extra }), std01, lang);
        expect(answer.status, `${JSON.stringify(extra)} ${lang}`).toBe(400);
        expect(answer.message, JSON.stringify(extra)).toContain(message);
        expect(Object.keys(answer.data.fields), JSON.stringify(extra)).toEqual([field]);
      }
    }
    // A day outside build-up to the closing day: the message names the days.
    const early = await save(car({ plate: "湘A54321", neededFrom: testCalendar.seededOn }));
    expect(early).toMatchObject({ status: 400, message: `请选择 ${DAYS.from} 至 ${DAYS.to} 之间的日期` });
    expect(early.data.fields).toEqual({ neededFrom: ["vehicles.blueCars.errors.notShowDay"] });
    // A PDF is a driving-license upload, but not a picture.
    const pdf = await uploadAs(api, std01, "driving-license", "scan.pdf", Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"));
    expect(await save(car({ plate: "湘A54321", vehiclePhotoUrl: pdf }))).toMatchObject({ status: 400, message: "请上传图片（JPG 或 PNG）" });
    // raw01's own picture is not std01's to use.
    const foreign = await uploadAs(api, raw01, "driving-license", "other.png");
    expect((await save(car({ plate: "湘A54321", licenseFrontUrl: foreign }))).status).toBe(404);
    expect(await carCount()).toBe(before);
  });

  it("refuses a text file renamed .png before it is ever a scan", async () => {
    const signed = await api.call<{ key: string; fields: Form }>("/oss/signature/getSignature", {
      ticket: std01,
      query: { timesp: String(Date.now()), folder: "driving-license", fileName: "scan.png" },
    });
    const form = new FormData();
    for (const [k, v] of Object.entries(signed.data.fields)) form.append(k, v);
    form.append("file", new File([new Uint8Array(Buffer.from("just some text, not a picture\n"))], "scan.png"));
    const stored = await fetch(`${api.baseUrl}/storage`, { method: "POST", body: form });
    const done = await api.call<{ url: string }>("/oss/complete", { ticket: std01, form: { key: signed.data.key, name: "scan.png" } });
    // The storage host takes the bytes; the completion sniffs them and refuses: no /files/ URL to send as a scan.
    expect(stored.status).toBe(200);
    expect(done).toMatchObject({ code: 400, message: "The content of this file is not one of jpg, jpeg, png, gif, pdf; it was not accepted" });
    expect(JSON.stringify(done.data ?? null)).not.toContain("/files/");
  });

  it("keeps the plate, resubmits a returned car, and locks an approved one", async () => {
    const c = await added(car({ plate: "鄂A11111" }));
    const form = (extra: Form = {}) => car({ plate: "鄂A11111", id: String(c.id), ...extra });
    const other = await call("/smeb/blueCar/update", std01, { form: form({ plate: "鄂A22222" }) });
    expect(other).toMatchObject({ status: 400, message: "已登记的车牌号不可修改：请删除该车辆后重新登记" });
    expect((await call("/smeb/blueCar/update", std01, { form: form({ plate: "鄂A22222" }), lang: "en" })).message).toBe(
      "A registered plate cannot be changed: delete this car and register it again",
    );
    // Return needs a comment; with one, the exhibitor sees it and corrects the car, which goes back to review.
    expect(await decide({ id: String(c.id), decision: "return" })).toMatchObject({ status: 400 });
    const returned = await decide({ id: String(c.id), decision: "return", comment: "行驶证副页不清晰" });
    expect(returned.data).toMatchObject({ status: "returned", reviewComment: "行驶证副页不清晰", exhibitorName: "深圳星河智能科技有限公司" });
    const corrected = await call<BlueCarList>("/smeb/blueCar/update", std01, { form: form({ ownerName: "李四（更正）" }) });
    expect(corrected.data.cars.find((x) => x.id === c.id)).toMatchObject({ status: "submitted", ownerName: "李四（更正）" });
    // Approved: neither changed nor deleted any more.
    expect((await approve(c.id)).data).toMatchObject({ status: "approved", passNo: "SZ-0001", validFrom: DAYS.from, validTo: DAYS.to });
    expect(await call("/smeb/blueCar/update", std01, { form: form() })).toMatchObject({ status: 409, message: "已审核通过的车辆不能再修改或删除" });
    expect(await call("/smeb/blueCar/delete", std01, { form: { id: String(c.id) } })).toMatchObject({ status: 409 });
    expect(await decide({ id: String(c.id), decision: "return", comment: "x" })).toMatchObject({ status: 409 });
    // A trigger keeps the plate whatever the statement.
    await expect(api.db.updateTable("blue_cars").set({ plate: "鄂A22222" }).where("id", "=", c.id).execute()).rejects.toThrow();
  });

  it("makes the pass of an approved car: a PDF with a QR of a signed code the organizer verifies", async () => {
    const c = await added(car({ plate: "赣A33333", ownerName: "赵六" }));
    const pass = (ticket: string) => fetch(`${api.baseUrl}/api/smeb/blueCar/pass?id=${c.id}`, { headers: { ticket, "accept-language": "zh" } });
    expect((await pass(std01)).status).toBe(404);
    await approve(c.id);
    const response = await pass(std01);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe("%PDF-");
    const text = await pdfText(bytes);
    for (const part of ["蓝牌车通行证", "赣A33333", "SZ-0001", `${DAYS.from} ~ ${DAYS.to}`, "赵六"]) expect(text).toContain(part);
    const code = /^EPB1\..*$/m.exec(text)![0].replace(/\s+/g, "");
    expect(code).toMatch(new RegExp(`^EPB1\\.${c.id}\\.[A-Za-z0-9_-]{22}$`));
    expect(await drawnQrModules(bytes)).toEqual(qrModulesOf(code));
    const verified = await call<BlueCarPassCheck>("/smeb/blueCar/pass/verify", admin, { query: { code } });
    expect(verified.data).toEqual({
      id: c.id,
      plate: "赣A33333",
      ownerName: "赵六",
      passNo: "SZ-0001",
      validFrom: DAYS.from,
      validTo: DAYS.to,
      exhibitorName: "深圳星河智能科技有限公司",
    });
    const tampered = `${code.slice(0, -1)}${code.endsWith("A") ? "B" : "A"}`;
    for (const bad of [tampered, "hello"])
      expect(await call("/smeb/blueCar/pass/verify", admin, { query: { code: bad } })).toMatchObject({ status: 400, message: "无效的蓝牌车通行证编码" });
    expect((await pass(admin)).status).toBe(200);
    expect((await pass(raw01)).status).toBe(404);
  });

  it("lets raw01 neither read, change nor delete std01's car, and keeps exhibitors off the organizer's routes", async () => {
    const c = await added(car({ plate: "皖A44444" }));
    const foreign = { ...car({ plate: "皖A44444" }), id: String(c.id) };
    expect((await call("/smeb/blueCar/update", raw01, { form: foreign })).status).toBe(404);
    expect((await call("/smeb/blueCar/delete", raw01, { form: { id: String(c.id) } })).status).toBe(404);
    expect(JSON.stringify((await call<BlueCarList>("/smeb/blueCar/list", raw01)).data)).not.toContain("皖A44444");
    for (const [route, form] of [
      ["/smeb/blueCar/review/list"],
      ["/smeb/blueCar/review/decide", { id: String(c.id), decision: "return", comment: "x" }],
      ["/smeb/blueCar/settings"],
      ["/smeb/blueCar/settings/save", { trafficPageUrlEn: "https://evil.example.org/" }],
      ["/smeb/blueCar/pass/verify?code=x"],
    ] as [string, Form?][])
      expect((await call(route, std01, { form })).status, route).toBe(403);
    // The owner deletes a car under review.
    const deleted = await call<BlueCarList>("/smeb/blueCar/delete", std01, { form: { id: String(c.id) } });
    expect(deleted.data.cars.some((x) => x.id === c.id)).toBe(false);
  });

  it("pages the organizer's list by status and keeps the settings", async () => {
    const list = await call<BlueCarReviewList>("/smeb/blueCar/review/list", admin, { query: { status: "approved" } });
    expect(list.data.pageSize).toBe(50);
    expect(list.data.items.every((i) => i.status === "approved")).toBe(true);
    expect(list.data.total).toBe(list.data.counts.approved);
    expect((await call("/smeb/blueCar/review/list", admin, { query: { status: "nonsense" } })).status).toBe(400);

    const before = (await call<BlueCarSettings>("/smeb/blueCar/settings", admin)).data;
    try {
      const bad = await call("/smeb/blueCar/settings/save", admin, { form: { trafficPageUrlEn: "javascript:alert(1)" } });
      expect(bad.status).toBe(400);
      const saved = await call<BlueCarSettings>("/smeb/blueCar/settings/save", admin, {
        form: { trafficPageUrlEn: "https://traffic.example.org/en", guideZh: "外地车辆须提前登记。", guideEn: "Register cars from elsewhere in advance." },
      });
      expect(saved.data).toEqual({
        trafficPageUrlEn: "https://traffic.example.org/en",
        guideZh: "外地车辆须提前登记。",
        guideEn: "Register cars from elsewhere in advance.",
      });
      expect((await call<BlueCarList>("/smeb/blueCar/list", std01, { lang: "en" })).data).toMatchObject({
        guide: "Register cars from elsewhere in advance.",
        trafficPageUrlEn: "https://traffic.example.org/en",
      });
      expect((await call<BlueCarList>("/smeb/blueCar/list", std01)).data.guide).toBe("外地车辆须提前登记。");
    } finally {
      // The settings as they were, for the other tests.
      const restored = await call<BlueCarSettings>("/smeb/blueCar/settings/save", admin, {
        form: { trafficPageUrlEn: before.trafficPageUrlEn ?? "", guideZh: before.guideZh, guideEn: before.guideEn },
      });
      expect(restored.data).toEqual(before);
    }
  });
  it("keeps each car's history: registered by the exhibitor, approved by the organizer, each by name; another company reads none", async () => {
    const exhibitor = await newExhibitor(api);
    const url = await uploadAs(api, exhibitor.ticket, "driving-license", "行驶证.png");
    const plate = "赣A24680";
    const saved = await save(car({ ...Object.fromEntries(SCANS.map((scan) => [scan, url])), plate, ownerName: "孙八" }), exhibitor.ticket);
    expect(saved.code, saved.message).toBe(200);
    const id = saved.data.cars.find((c) => c.plate === plate)!.id;
    expect((await approve(id)).code).toBe(200);

    const history = await call<HistoryEntry[]>("/smeb/history/record", exhibitor.ticket, { query: { type: "blueCar", id: String(id) } });
    expect(history.code, history.message).toBe(200);
    expect(history.data.map((e) => [e.kind, e.actor])).toEqual([
      ["create", exhibitor.username],
      ["review", "admin"],
    ]);
    expect(history.data[0]!.changes).toEqual(expect.arrayContaining([{ field: "plate", old: null, new: plate }]));
    // A file by its name and size, never its address.
    expect(history.data[0]!.changes.find((c) => c.field === "license_front_file_id")?.new).toMatch(/^行驶证\.png \(\d+ B\)$/);
    expect(history.data[1]!.changes).toEqual(expect.arrayContaining([{ field: "status", old: "submitted", new: "approved" }]));
    expect((await call("/smeb/history/record", raw01, { query: { type: "blueCar", id: String(id) } })).status).toBe(404);
  });
});

idorProbesOnBothDatabases("blue-plate cars", blueCarsApiEntries, { apiOnly: true });
