import fs from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CarrierExpressList, CarrierExpressView, ExpressBookingView, ExpressList } from "../../app/contracts/vehicles/express/types";
import { readOutbox } from "../support/outbox";
import { portalClient } from "../support/portal-client";
import { type DemoLogisticsIds, startDemoLogistics, idorCast } from "../support/demo-cast";
import { backendsOf, loadRemixBuild, postgresSkipReason, startTestApi, DEFAULT_BACKEND, type TempDirTestApi, startTestApiInTempDir } from "../support/test-api";
import { addDays, resetTestClock, testCalendar } from "../support/test-clock";
import { newExhibitor, type NewExhibitor } from "../support/new-exhibitor";
import { seedExpressDemo } from "../../server/vehicles/express";
import { expressApiProbes, expressSweep, withEvents } from "./idor/vehicles-express";
import type { IdorContext } from "../support/idor-both-databases";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type Fields = { fields: Record<string, string[]> };
type Form = Record<string, string>;

const TODAY = testCalendar.seededOn;

describe.each(backendsOf(import.meta.url))("small-exhibit express (/smeb/express, /shipment/express) on %s", (backend) => {
  let api: TempDirTestApi;
  let ids: DemoLogisticsIds;
  let std01: string, raw01: string, admin: string, carrier01: string, carrier02: string;

  beforeAll(async () => {
    ({ api, ids, std01, raw01, admin, carrier01, carrier02 } = await startDemoLogistics(backend, "portal-express-"));
    // The lists below start empty, whatever demo bookings the seed gives (the tests that book use
    // exhibitors of their own; only the demo-seed test books for std01).
    await api.db.deleteFrom("express_bookings").execute();
  });
  afterEach(() => resetTestClock());
  afterAll(() => api?.close());

  const zh = <T>(route: string, ticket: string, init: { form?: Form; query?: Form; lang?: string } = {}) => api.call<T>(route, { lang: "zh", ticket, ...init });
  const list = async (ticket: string, query: Form = {}) => {
    const result = await zh<ExpressList>("/smeb/express/list", ticket, { query });
    expect(result.code, result.message).toBe(200);
    return result.data;
  };
  const carrierList = async (ticket: string, query: Form = {}) => {
    const result = await zh<CarrierExpressList>("/shipment/express/list", ticket, { query });
    expect(result.code, result.message).toBe(200);
    return result.data;
  };
  /** Two pieces of brochures, 12.5 kg, 60 × 40 × 35 cm, with shunda (carrier01) to std01's booth before opening. */
  const booking = (extra: Form = {}): Form => ({
    boothId: String(ids.booth1A01),
    carrierId: String(ids.shunda),
    senderName: "星河智能 市场部",
    senderPhone: "+86 755 1234 5678",
    senderAddress: "深圳市南山区科苑路 15 号",
    recipientName: "张三",
    recipientPhone: "13812345678",
    itemName: "产品宣传册",
    pieces: "2",
    grossWeight: "12.5",
    length: "60",
    width: "40",
    height: "35",
    expectedOn: addDays(testCalendar.opensOn, -2),
    ...extra,
  });
  const book = (ticket: string, form: Form) => zh<ExpressBookingView & Fields>("/smeb/express/save", ticket, { form });
  const remove = (ticket: string, id: number, version?: number) =>
    zh("/smeb/express/delete", ticket, { form: { id: String(id), ...(version === undefined ? {} : { version: String(version) }) } });
  const step = (ticket: string, id: number, status: string, version?: number) =>
    zh<ExpressBookingView>("/shipment/express/step", ticket, {
      form: { id: String(id), status, ...(version === undefined ? {} : { version: String(version) }) },
    });
  const bookingsOf = (userId: number) => api.db.selectFrom("express_bookings").selectAll().where("user_id", "=", userId).orderBy("id").execute();
  /** Everything of an exhibitor's that an express call could change. */
  const stateOf = async (userId: number) => withEvents(api.db, await bookingsOf(userId));
  const bookOk = async (ticket: string, form: Form) => {
    const result = await book(ticket, form);
    expect(result.code, `${result.message} ${JSON.stringify(result.data)}`).toBe(200);
    return result.data;
  };
  /** A new exhibitor (a standard booth, or raw space with boothType 2) whose account has a mobile number and an e-mail address. */
  const exhibitorWithContacts = (options: { boothType?: 1 | 2 } = {}) => newExhibitor(api, { ...options, withContacts: true });
  /** `booking` to the exhibitor's own booth. */
  const bookingAt = (exhibitor: NewExhibitor, extra: Form = {}) => booking({ boothId: String(exhibitor.boothId), ...extra });
  /**
   * The exhibitor's three parcels with shunda, all booked: 产品宣传册 two days before opening, 样品 today,
   * 补充资料 on the last show day.
   */
  const threeParcels = async (exhibitor: NewExhibitor) => {
    await bookOk(exhibitor.ticket, bookingAt(exhibitor, { trackingNo: "SF-1234567890" }));
    await bookOk(exhibitor.ticket, bookingAt(exhibitor, { expectedOn: TODAY, itemName: "样品", pieces: "1", grossWeight: "0.75" }));
    await bookOk(exhibitor.ticket, bookingAt(exhibitor, { expectedOn: testCalendar.endsOn, itemName: "补充资料" }));
  };
  /** Another exhibitor's parcel, with hengtong (carrier02). */
  const otherParcel = (exhibitor: NewExhibitor) => bookOk(exhibitor.ticket, bookingAt(exhibitor, { carrierId: String(ids.hengtong), itemName: "机械臂配件" }));

  it("is Chinese only, and keeps carriers and exhibitors to their own side", async () => {
    const before = await stateOf(ids.std01);
    const english = await api.call("/smeb/express/list", { ticket: std01, lang: "en" });
    expect(english).toMatchObject({ status: 403, message: "Exhibit transport is available in Chinese only" });
    expect((await api.call("/smeb/express/save", { ticket: std01, lang: "en", form: booking() })).status).toBe(403);
    expect((await api.call("/shipment/express/list", { ticket: carrier01, lang: "en" })).status).toBe(403);

    for (const [route, form] of [["/smeb/express/list"], ["/smeb/express/save", booking()], ["/smeb/express/delete", { id: "1" }]] as [string, Form?][]) {
      expect(await zh(route, carrier01, { form }), route).toMatchObject({ status: 403, message: "权限不足" });
    }
    for (const ticket of [std01, raw01]) {
      expect(await zh("/shipment/express/list", ticket)).toMatchObject({ status: 403, message: "此页面仅供指定承运商使用" });
      expect((await step(ticket, 1, "received")).status).toBe(403);
    }
    expect(await stateOf(ids.std01)).toBe(before);
  });

  it("books a parcel to the exhibitor's booth, stored in grams and centimetres with its first step", async () => {
    const exhibitor = await exhibitorWithContacts();
    const other = await exhibitorWithContacts({ boothType: 2 });
    const empty = await list(exhibitor.ticket);
    expect(empty).toMatchObject({
      items: [],
      total: 0,
      page: 1,
      pageSize: 20,
      today: TODAY,
      lastShowDay: testCalendar.endsOn,
      booths: [{ boothId: exhibitor.boothId, boothNo: exhibitor.boothNo }],
    });
    expect(empty.carriers.map((c) => c.name)).toEqual(["顺达国际物流有限公司", "恒通会展物流有限公司"]);
    expect(empty.recipient.phone).toMatch(/^1[3-9]\d{9}$/);

    const saved = await bookOk(exhibitor.ticket, bookingAt(exhibitor, { trackingNo: "SF-1234567890" }));
    expect(saved).toMatchObject({
      boothNo: exhibitor.boothNo,
      carrierName: "顺达国际物流有限公司",
      itemName: "产品宣传册",
      pieces: 2,
      grossWeightKg: "12.5",
      lengthCm: 60,
      widthCm: 40,
      heightCm: 35,
      expectedOn: addDays(testCalendar.opensOn, -2),
      trackingNo: "SF-1234567890",
      status: "booked",
      nextStatus: "received",
      version: 0,
    });
    expect(saved.steps.map((s) => [s.status, s.at !== null])).toEqual([
      ["booked", true],
      ["received", false],
      ["delivered", false],
    ]);
    const [stored] = await bookingsOf(exhibitor.userId);
    expect(stored).toMatchObject({
      gross_weight_g: expect.anything(),
      length_cm: 60,
      width_cm: 40,
      height_cm: 35,
      pieces: 2,
      user_id: exhibitor.userId,
      carrier_id: ids.shunda,
    });
    expect(Number(stored!.gross_weight_g)).toBe(12_500);
    const events = await api.db.selectFrom("express_events").select(["status", "actor_id"]).where("booking_id", "=", saved.id).execute();
    expect(events).toEqual([{ status: "booked", actor_id: exhibitor.userId }]);

    // Today and the last show day are both allowed; another exhibitor books with the other carrier.
    await bookOk(exhibitor.ticket, bookingAt(exhibitor, { expectedOn: TODAY, itemName: "样品", pieces: "1", grossWeight: "0.75" }));
    await bookOk(exhibitor.ticket, bookingAt(exhibitor, { expectedOn: testCalendar.endsOn, itemName: "补充资料" }));
    await otherParcel(other);
    const mine = await list(exhibitor.ticket);
    expect(mine.total).toBe(3);
    expect(mine.items.map((b) => b.itemName)).toEqual(["补充资料", "样品", "产品宣传册"]);
    expect((await list(other.ticket)).items.map((b) => b.itemName)).toEqual(["机械臂配件"]);
  });

  it("refuses bad input with translated messages and saves nothing", async () => {
    const inactive = await api.db
      .insertInto("carriers")
      .values({
        exhibition_id: (await api.db.selectFrom("carriers").select("exhibition_id").where("id", "=", ids.shunda).executeTakeFirstOrThrow()).exhibition_id,
        code: "express-retired",
        name_zh: "已停用承运商",
        name_en: "Retired carrier",
        contact_email: "retired@example.com",
        contact_phone: "13500000000",
        active: false,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const before = await stateOf(ids.std01);
    const refusals: [Form, string, string, string?][] = [
      [{ pieces: "0" }, "pieces", "validation.positive|vehicles.fields.pieces", "件数必须大于 0"],
      [{ pieces: "两件" }, "pieces", "validation.correct|vehicles.fields.pieces"],
      [{ length: "400" }, "length", "validation.atMost|vehicles.fields.length|300", "长（cm）最大为 300"],
      [{ height: "4m" }, "height", "validation.correct|vehicles.fields.height"],
      [{ grossWeight: "-1" }, "grossWeight", "validation.correct|vehicles.fields.grossWeight"],
      [{ grossWeight: "501" }, "grossWeight", "validation.atMost|vehicles.fields.grossWeight|500"],
      [{ recipientPhone: "12345" }, "recipientPhone", "validation.correct|vehicles.fields.recipientPhone"],
      [{ expectedOn: addDays(TODAY, -1) }, "expectedOn", "vehicles.express.errors.expectedPast", "预计到达日期不能早于今天"],
      [{ expectedOn: addDays(testCalendar.endsOn, 1) }, "expectedOn", "vehicles.express.errors.expectedLate", "预计到达日期不能晚于展会最后一天"],
      [{ expectedOn: "2026-02-30" }, "expectedOn", "validation.correct|vehicles.fields.expectedOn"],
      [{ carrierId: "999999" }, "carrierId", "transport.errors.carrierUnknown", "该承运商不是本届展会的指定承运商"],
      [{ carrierId: String(inactive.id) }, "carrierId", "transport.errors.carrierUnknown"],
      [{ boothId: String(ids.booth2B10) }, "boothId", "transport.errors.boothUnknown", "该展位不属于您"],
      [{ trackingNo: "顺丰 123" }, "trackingNo", "validation.correct|vehicles.fields.trackingNo"],
    ];
    for (const [change, field, key, message] of refusals) {
      const refused = await book(std01, booking(change));
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.data.fields[field], JSON.stringify(change)).toEqual([key]);
      if (message) expect(refused.message, JSON.stringify(change)).toBe(message);
    }
    expect(await stateOf(ids.std01)).toBe(before);
  });

  it("lists the history with a status and an expected-day filter, 20 to a page", async () => {
    const exhibitor = await exhibitorWithContacts();
    await threeParcels(exhibitor);
    const other = await exhibitorWithContacts({ boothType: 2 });
    await otherParcel(other);
    const all = await list(exhibitor.ticket);
    const day = addDays(testCalendar.opensOn, -2);
    expect((await list(exhibitor.ticket, { from: day, to: day })).items.map((b) => b.itemName)).toEqual(["产品宣传册"]);
    expect((await list(exhibitor.ticket, { from: addDays(day, 1) })).items.map((b) => b.itemName)).toEqual(["补充资料"]);
    expect((await list(exhibitor.ticket, { to: TODAY })).items.map((b) => b.itemName)).toEqual(["样品"]);
    expect((await list(exhibitor.ticket, { status: "booked" })).total).toBe(all.total);
    expect(await list(exhibitor.ticket, { status: "delivered" })).toMatchObject({
      items: [],
      total: 0,
      filters: { status: "delivered", from: null, to: null },
    });
    expect((await zh<Fields>("/smeb/express/list", exhibitor.ticket, { query: { status: "lost" } })).data.fields.status).toEqual([
      "validation.correct|vehicles.fields.status",
    ]);
    expect((await zh<Fields>("/smeb/express/list", exhibitor.ticket, { query: { from: "tomorrow" } })).status).toBe(400);

    // 21 more on the other exhibitor's booth: two pages, newest first.
    const [first] = await bookingsOf(other.userId);
    const { id: _id, created_at: _created, expected_on: _day, gross_weight_g, ...copy } = first!;
    const rows = Array.from({ length: 21 }, (_, n) => ({
      ...copy,
      gross_weight_g: Number(gross_weight_g),
      expected_on: addDays(testCalendar.opensOn, -2),
      item_name: `批量 ${n}`,
      updated_at: new Date(),
    }));
    await api.db.insertInto("express_bookings").values(rows).execute();
    const page1 = await list(other.ticket);
    expect(page1).toMatchObject({ total: 22, page: 1 });
    expect(page1.items).toHaveLength(20);
    expect(page1.items[0]!.itemName).toBe("批量 20");
    const page2 = await list(other.ticket, { page: "2" });
    expect(page2.items.map((b) => b.itemName)).toEqual(["批量 0", "机械臂配件"]);
    await api.db.deleteFrom("express_bookings").where("user_id", "=", other.userId).where("item_name", "like", "批量%").execute();
  });

  it("lets only the booking's carrier move it one step at a time, and e-mails the exhibitor on delivery", async () => {
    // Other tests' exhibitors book with the same carriers: the lists are compared on this test's
    // exhibitors' bookings, and the organizer's total with the one before they booked.
    const organizerTotal = (await carrierList(admin)).total;
    const exhibitor = await exhibitorWithContacts();
    await threeParcels(exhibitor);
    const other = await exhibitorWithContacts({ boothType: 2 });
    await otherParcel(other);
    const ofExhibitor = (items: CarrierExpressView[], who: NewExhibitor) => items.filter((b) => b.exhibitorName === who.businessName);
    const booked = (await list(exhibitor.ticket)).items.find((b) => b.itemName === "产品宣传册")!;
    // carrier01 sees the exhibitor's bookings, not the other's (with carrier02); the organizer sees all, read only.
    const forCarrier01 = await carrierList(carrier01);
    expect(forCarrier01.carrier).toMatchObject({ id: ids.shunda, name: "顺达国际物流有限公司" });
    expect(
      ofExhibitor(forCarrier01.items, exhibitor)
        .map((b) => b.itemName)
        .sort(),
    ).toEqual(["产品宣传册", "样品", "补充资料"].sort());
    expect(ofExhibitor(forCarrier01.items, other)).toEqual([]);
    expect(forCarrier01.items.map((b) => b.expectedOn)).toEqual([...forCarrier01.items.map((b) => b.expectedOn)].sort());
    expect(ofExhibitor(forCarrier01.items, exhibitor)[0]).toMatchObject({ exhibitorName: exhibitor.businessName, boothNo: exhibitor.boothNo });
    const forCarrier02 = (await carrierList(carrier02)).items;
    expect(ofExhibitor(forCarrier02, other).map((b) => b.itemName)).toEqual(["机械臂配件"]);
    expect(ofExhibitor(forCarrier02, exhibitor)).toEqual([]);
    expect(await carrierList(admin)).toMatchObject({ carrier: null, total: organizerTotal + 4 });
    expect(ofExhibitor((await carrierList(carrier01, { status: "booked", to: TODAY })).items, exhibitor).map((b) => b.itemName)).toEqual(["样品"]);

    const before = JSON.stringify([await stateOf(exhibitor.userId), await stateOf(other.userId)]);
    expect(await step(admin, booked.id, "received")).toMatchObject({ status: 403, message: "此页面仅供指定承运商使用" });
    expect((await step(carrier02, booked.id, "received")).status).toBe(404);
    expect(await step(carrier01, booked.id, "delivered")).toMatchObject({ status: 409, message: "该预约不在“已送达展位”的上一环节" });
    expect((await step(carrier01, booked.id, "booked")).status).toBe(400);
    expect((await step(carrier01, booked.id, "received", 5)).status).toBe(409);
    expect(JSON.stringify([await stateOf(exhibitor.userId), await stateOf(other.userId)])).toBe(before);
    const mails = readOutbox(api.dataDir).length;

    const received = await step(carrier01, booked.id, "received", 0);
    expect(received.code, received.message).toBe(200);
    expect(received.data).toMatchObject({ status: "received", nextStatus: "delivered", version: 1 });
    expect(received.data.steps.map((s) => s.at !== null)).toEqual([true, true, false]);
    // The same click again (a double submit) and going back are refused; no e-mail before delivery.
    expect((await step(carrier01, booked.id, "received", 0)).status).toBe(409);
    expect(readOutbox(api.dataDir)).toHaveLength(mails);

    const delivered = await step(carrier01, booked.id, "delivered", 1);
    expect(delivered.code, delivered.message).toBe(200);
    expect(delivered.data).toMatchObject({ status: "delivered", nextStatus: null, version: 2 });
    expect((await step(carrier01, booked.id, "received")).status).toBe(409);
    expect((await step(carrier01, booked.id, "delivered")).status).toBe(409);
    const events = await api.db.selectFrom("express_events").select(["status", "actor_id"]).where("booking_id", "=", booked.id).orderBy("id").execute();
    expect(events).toEqual([
      { status: "booked", actor_id: exhibitor.userId },
      { status: "received", actor_id: ids.carrier01 },
      { status: "delivered", actor_id: ids.carrier01 },
    ]);
    const mail = readOutbox(api.dataDir)
      .filter((m) => m.to === exhibitor.email)
      .at(-1)!;
    expect(mail.subject).toBe(`小件展品已送达展位（快递预约 #${booked.id}）`);
    expect(mail.text).toContain(`顺达国际物流有限公司已将您的小件展品“产品宣传册”（2 件，12.5 千克）送达展位 ${exhibitor.boothNo}`);
    expect(readOutbox(api.dataDir)).toHaveLength(mails + 1);
    // The exhibitor sees the steps.
    expect((await list(exhibitor.ticket)).items.find((b) => b.id === booked.id)!.steps.map((s) => s.at !== null)).toEqual([true, true, true]);
  });

  it("deletes the exhibitor's own booking while it is still booked", async () => {
    // Three booked parcels, the brochures then delivered by carrier01.
    const exhibitor = await exhibitorWithContacts();
    await threeParcels(exhibitor);
    const brochures = (await list(exhibitor.ticket)).items.find((b) => b.itemName === "产品宣传册")!;
    expect((await step(carrier01, brochures.id, "received", 0)).code).toBe(200);
    expect((await step(carrier01, brochures.id, "delivered", 1)).code).toBe(200);

    const items = (await list(exhibitor.ticket)).items;
    const open = items.find((b) => b.itemName === "样品")!;
    const delivered = items.find((b) => b.itemName === "产品宣传册")!;
    const before = await stateOf(exhibitor.userId);
    expect((await remove(raw01, open.id)).status).toBe(404);
    expect(await remove(exhibitor.ticket, delivered.id)).toMatchObject({ status: 409, message: "承运商已收货，不能再删除该预约" });
    expect((await remove(exhibitor.ticket, open.id, 3)).status).toBe(409);
    expect(await stateOf(exhibitor.userId)).toBe(before);

    expect((await remove(exhibitor.ticket, open.id, 0)).code).toBe(200);
    expect((await list(exhibitor.ticket)).items.map((b) => b.id)).not.toContain(open.id);
    expect((await carrierList(carrier01)).items.map((b) => b.id)).not.toContain(open.id);
    expect((await bookingsOf(exhibitor.userId)).find((b) => b.id === open.id)!.deleted_at).not.toBeNull();
    expect((await remove(exhibitor.ticket, open.id)).status).toBe(404);
    expect((await step(carrier01, open.id, "received")).status).toBe(404);
  });

  it("seeds std01's demo parcel, received at carrier01's warehouse, once", async () => {
    await api.db.deleteFrom("express_bookings").execute();
    const { exhibition_id } = await api.db.selectFrom("booths").select("exhibition_id").where("id", "=", ids.booth1A01).executeTakeFirstOrThrow();
    await seedExpressDemo(api.db, exhibition_id, testCalendar);
    await seedExpressDemo(api.db, exhibition_id, testCalendar);
    const { items } = await list(std01);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      boothNo: "1A01",
      carrierId: ids.shunda,
      status: "received",
      nextStatus: "delivered",
      version: 1,
      expectedOn: addDays(testCalendar.opensOn, -3),
    });
    expect(items[0]!.steps.map((s) => s.at !== null)).toEqual([true, true, false]);
    expect((await carrierList(carrier01)).items.map((b) => b.id)).toEqual([items[0]!.id]);
    expect((await step(carrier01, items[0]!.id, "delivered", 1)).code).toBe(200);
  });
});

// The IDOR sweep (tests/api/idor.test.ts) runs these probes with the pages on the embedded database; here the API ones run on both.
describe.each(backendsOf(import.meta.url))("small-exhibit express IDOR probes on %s", (backend) => {
  let ctx: IdorContext;

  beforeAll(async () => {
    ctx = await idorCast(await startTestApiInTempDir(backend, "portal-express-idor-"));
  });
  afterAll(() => ctx?.api.close());

  it("lists every API route in the sweep", () => {
    const apiKeys = Object.keys(expressSweep).filter((key) => key.includes(" /api/"));
    expect(apiKeys.sort()).toEqual([
      "GET /api/shipment/express/list",
      "GET /api/smeb/express/list",
      "POST /api/shipment/express/step",
      "POST /api/smeb/express/delete",
      "POST /api/smeb/express/save",
    ]);
  });
  it("exhibitor routes: B gets none of A's bookings", () => expressApiProbes.exhibitorProbe(ctx));
  it("carrier routes: carrier02 and the organizer move none of carrier01's", () => expressApiProbes.carrierProbe(ctx));
});

/**
 * The pages without JavaScript, on the production build (`npm test` builds it first; a build older
 * than these pages skips this part): a booking refused and kept, then saved; the filter; carrier01
 * moving it from its orders page (twice: the second refused in an alert); a delete asked first; the
 * page probe of the IDOR sweep.
 */
const build = fs.existsSync("build/index.js") ? await loadRemixBuild() : null;
const pagesBuilt = Boolean(build?.routes["routes/_shell.exhibitTL.smallExhibitsExpress"]);

describe.skipIf(!pagesBuilt)("small-exhibit express pages without JavaScript", () => {
  let ctx: IdorContext;
  const PAGE = "/exhibitTL/smallExhibitsExpress";
  const zh = { "accept-language": "zh" };
  const posted = { "sec-fetch-site": "same-origin", "accept-language": "zh" };

  beforeAll(async () => {
    ctx = await idorCast(await startTestApi(DEFAULT_BACKEND, {}, { remixBuild: build! }));
  });
  afterAll(() => ctx?.api.close());

  async function signedIn(username: string, lng = "zh") {
    const browser = portalClient(ctx.api.baseUrl);
    browser.jar.set("lng", lng);
    await browser.signIn(username, username === "admin" ? "Admin#2026" : "Expo#2026");
    return browser;
  }
  const idOf = async (itemName: string) =>
    (await ctx.api.db.selectFrom("express_bookings").select("id").where("item_name", "=", itemName).executeTakeFirstOrThrow()).id;

  it("books, filters, moves and deletes through the pages", async () => {
    const std01 = await signedIn("std01");
    const empty = await std01.request(PAGE, { headers: zh });
    expect(empty.status).toBe(200);
    const emptyHtml = await empty.text();
    for (const testId of ["express-form", "express-booth-note", "express-filter"]) expect(emptyHtml).toContain(`data-testid="${testId}"`);
    expect(emptyHtml).toContain("物品将送至展位 1A01");

    const shunda = await ctx.api.db.selectFrom("carriers").select("id").where("code", "=", "shunda").executeTakeFirstOrThrow();
    const booth = await ctx.api.db.selectFrom("booths").select("id").where("booth_no", "=", "1A01").executeTakeFirstOrThrow();
    const form: Form = {
      intent: "save",
      boothId: String(booth.id),
      carrierId: String(shunda.id),
      senderName: "页面寄件人",
      senderPhone: "13800000009",
      senderAddress: "深圳",
      recipientName: "张三",
      recipientPhone: "13812345678",
      itemName: "页面测试物品",
      pieces: "0",
      grossWeight: "3",
      length: "10",
      width: "10",
      height: "10",
      expectedOn: addDays(TODAY, -1),
      trackingNo: "",
    };
    const zero = await std01.request(PAGE, { body: new URLSearchParams(form), headers: posted });
    expect(zero.status).toBe(400);
    const zeroHtml = await zero.text();
    expect(zeroHtml).toContain("件数必须大于 0");
    expect(zeroHtml).toContain("页面寄件人");
    const past = await std01.request(PAGE, { body: new URLSearchParams({ ...form, pieces: "1" }), headers: posted });
    expect(past.status).toBe(400);
    const pastHtml = await past.text();
    expect(pastHtml).toContain("预计到达日期不能早于今天");
    expect(pastHtml).toContain("页面寄件人");
    expect(await std01.request(PAGE, { body: new URLSearchParams({ ...form, pieces: "1", expectedOn: TODAY }), headers: posted })).toMatchObject({
      status: 302,
    });
    const bookedId = await idOf("页面测试物品");
    const listed = await (await std01.request(PAGE, { headers: zh })).text();
    expect(listed).toContain(`data-testid="express-${bookedId}"`);
    expect(listed).toContain(`data-testid="express-delete-${bookedId}"`);
    expect(await (await std01.request(`${PAGE}?status=delivered`, { headers: zh })).text()).toContain('data-testid="express-empty"');
    // A filter that does not parse is dropped, not an error page.
    expect(await (await std01.request(`${PAGE}?status=lost&from=x`, { headers: zh })).text()).toContain(`data-testid="express-${bookedId}"`);

    const carrier01 = await signedIn("carrier01");
    const orders = await (await carrier01.request("/exhibitTL/carriageOrder", { headers: zh })).text();
    expect(orders).toContain('data-testid="order-list"');
    expect(orders).toContain(`data-testid="carrier-express-${bookedId}"`);
    expect(orders).toContain(`data-testid="express-next-${bookedId}"`);
    expect(orders).toContain("标记为仓库已收货");
    const move = { intent: "expressStep", id: String(bookedId), version: "0", status: "received" };
    expect(await carrier01.request("/exhibitTL/carriageOrder", { body: new URLSearchParams(move), headers: posted })).toMatchObject({ status: 302 });
    const again = await carrier01.request("/exhibitTL/carriageOrder", { body: new URLSearchParams(move), headers: posted });
    expect(again.status).toBe(409);
    const againHtml = await again.text();
    expect(againHtml).toContain('data-testid="action-error"');
    expect(againHtml).toContain("该预约不在“仓库已收货”的上一环节");
    expect(await (await carrier01.request("/exhibitTL/carriageOrder", { headers: zh })).text()).toContain("标记为已送达展位");
    // The organizer reads the section without buttons.
    const organizer = await (await (await signedIn("admin")).request("/exhibitTL/carriageOrder", { headers: zh })).text();
    expect(organizer).toContain(`data-testid="carrier-express-${bookedId}"`);
    expect(organizer).not.toContain(`data-testid="express-next-${bookedId}"`);

    // Received: no delete offered, and a forged one is refused; a booked one is asked about, then deleted.
    expect(
      await std01.request(PAGE, { body: new URLSearchParams({ ...form, pieces: "1", itemName: "待删除物品", expectedOn: TODAY }), headers: posted }),
    ).toMatchObject({ status: 302 });
    const openId = await idOf("待删除物品");
    const ask = await (await std01.request(`${PAGE}?delete=${openId}`, { headers: zh })).text();
    expect(ask).toContain('data-testid="confirm-action"');
    expect(ask).toContain(`确定删除快递预约 #${openId}`);
    expect(ask).not.toContain(`data-testid="express-delete-${bookedId}"`);
    const forged = await std01.request(PAGE, { body: new URLSearchParams({ intent: "delete", id: String(bookedId), version: "1" }), headers: posted });
    expect(forged.status).toBe(409);
    expect(await forged.text()).toContain("承运商已收货，不能再删除该预约");
    const deleted = await std01.request(`${PAGE}?delete=${openId}`, {
      body: new URLSearchParams({ intent: "delete", id: String(openId), version: "0" }),
      headers: posted,
    });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe(PAGE);

    // Hidden in English (docs/product.md § Sign-in and sessions).
    const english = await (await signedIn("std01", "en")).request(PAGE);
    expect(english.status).toBe(302);
    expect(english.headers.get("location")).toMatch(/\/401/);
  });

  it("routes/_shell.exhibitTL.smallExhibitsExpress: B and carrier02 get none of A's bookings", () =>
    expressSweep["routes/_shell.exhibitTL.smallExhibitsExpress"].probe(ctx));
});
