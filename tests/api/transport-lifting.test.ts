import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CarrierLiftingList, LiftingList } from "../../app/contracts/transport/api-types";
import { type DemoLogisticsIds, startDemoLogistics } from "../support/demo-cast";
import { backendsOf, postgresSkipReason, type TempDirTestApi } from "../support/test-api";
import { readOutbox } from "../support/outbox";
import { addDays, resetTestClock, testCalendar } from "../support/test-clock";
import { idorProbesOnBothDatabases } from "../support/idor-both-databases";
import { liftingSweep } from "./idor/transport-lifting";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type Fields = { fields: Record<string, string[]> };
type Form = Record<string, string>;

/** The demo exhibition's construction calendar: build-up the three days before opening, dismantling the last show day. */
const BUILD_UP = { from: addDays(testCalendar.opensOn, -3), to: addDays(testCalendar.opensOn, -1) };
const DISMANTLE = testCalendar.endsOn;
const STD01_NAME = "深圳星河智能科技有限公司";

describe.each(backendsOf(import.meta.url))("hoisting and forklift bookings (/smeb/shipment/forklift, /shipment/forklift) on %s", (backend) => {
  let api: TempDirTestApi;
  let ids: DemoLogisticsIds;
  let std01: string, raw01: string, admin: string, carrier01: string, carrier02: string;

  beforeAll(async () => {
    ({ api, ids, std01, raw01, admin, carrier01, carrier02 } = await startDemoLogistics(backend, "portal-lifting-"));
    // The counts below start from empty lists, whatever demo bookings the seed gives these exhibitors.
    await api.db.deleteFrom("lifting_sends").where("user_id", "in", [ids.std01, ids.raw01]).execute();
    await api.db.deleteFrom("lifting_bookings").where("user_id", "in", [ids.std01, ids.raw01]).execute();
  });
  afterEach(() => resetTestClock());
  afterAll(() => api?.close());

  const zh = <T>(path: string, ticket: string, init: { form?: Form; lang?: string; method?: string } = {}) =>
    api.call<T>(path, { lang: "zh", ticket, ...init });
  const list = async (ticket: string) => {
    const result = await zh<LiftingList>("/smeb/shipment/forklift/list", ticket);
    expect(result.code, result.message).toBe(200);
    return result.data;
  };
  const carrierList = async (ticket: string) => {
    const result = await zh<CarrierLiftingList>("/shipment/forklift/list", ticket);
    expect(result.code, result.message).toBe(200);
    return result.data.bookings;
  };
  /** A 2.5 t piece by forklift, twice, with shunda (carrier01) at std01's booth on the first build-up day. */
  const booking = (extra: Form = {}): Form => ({
    boothId: String(ids.booth1A01),
    carrierId: String(ids.shunda),
    kind: "forklift",
    weight: "2.5",
    length: "2.4",
    width: "1.2",
    height: "1.8",
    pieces: "2",
    workDay: BUILD_UP.from,
    slot: "08:00-10:00",
    ...extra,
  });
  const book = (ticket: string, form: Form) => zh<LiftingList & Fields>("/smeb/shipment/forklift/save", ticket, { form });
  const remove = (ticket: string, id: number) => zh<LiftingList>("/smeb/shipment/forklift/delete", ticket, { form: { id: String(id) } });
  const send = (ticket: string) => zh<LiftingList>("/smeb/shipment/forklift/sendEmail", ticket, { method: "POST" });
  const confirm = (ticket: string, id: number) => zh<CarrierLiftingList>("/shipment/forklift/confirm", ticket, { form: { id: String(id) } });
  /** Everything of an exhibitor's that a lifting call could change. */
  const stateOf = async (userId: number) =>
    JSON.stringify({
      bookings: await api.db.selectFrom("lifting_bookings").selectAll().where("user_id", "=", userId).orderBy("id").execute(),
      sends: await api.db.selectFrom("lifting_sends").selectAll().where("user_id", "=", userId).orderBy("id").execute(),
    });
  const mailsTo = (address: string) => readOutbox(api.dataDir).filter((m) => m.to === address);

  it("is Chinese only, and keeps carriers and exhibitors to their own side", async () => {
    const english = await api.call("/smeb/shipment/forklift/list", { ticket: std01, lang: "en" });
    expect(english).toMatchObject({ status: 403, message: "Exhibit transport is available in Chinese only" });
    expect((await api.call("/shipment/forklift/list", { ticket: carrier01, lang: "en" })).status).toBe(403);

    for (const [route, form] of [
      ["/smeb/shipment/forklift/list"],
      ["/smeb/shipment/forklift/save", booking()],
      ["/smeb/shipment/forklift/delete", { id: "1" }],
      ["/smeb/shipment/forklift/sendEmail", {}],
    ] as [string, Form?][]) {
      expect(await zh(route, carrier01, { form, method: form ? "POST" : "GET" }), route).toMatchObject({ status: 403, message: "权限不足" });
    }
    expect(await zh("/shipment/forklift/list", std01)).toMatchObject({ status: 403, message: "此页面仅供指定承运商使用" });
    expect((await confirm(std01, 1)).status).toBe(403);
    expect(await stateOf(ids.std01)).toBe(JSON.stringify({ bookings: [], sends: [] }));
  });

  it("books a forklift and a crane at the seeded weight-class fees, oldest day first", async () => {
    const empty = await list(std01);
    expect(empty).toMatchObject({ bookings: [], locked: false, sends: [], totalFeeCents: 0, booths: [{ boothId: ids.booth1A01, boothNo: "1A01" }] });
    expect(empty.days).toEqual({ buildUpFrom: BUILD_UP.from, buildUpTo: BUILD_UP.to, dismantleFrom: DISMANTLE, dismantleTo: DISMANTLE });
    expect(empty.classes).toContainEqual({ kind: "forklift", maxWeightT: "3", feeCents: 40_000 });
    expect(empty.carriers.map((c) => c.name)).toEqual(["顺达国际物流有限公司", "恒通会展物流有限公司"]);

    const forklift = await book(std01, booking({ workDay: BUILD_UP.to, slot: "10:00-12:00" }));
    expect(forklift.code, forklift.message).toBe(200);
    const crane = await book(std01, booking({ kind: "crane", weight: "12.5", length: "6", width: "2.35", height: "3", pieces: "1" }));
    expect(crane.code, crane.message).toBe(200);
    const { bookings, totalFeeCents } = crane.data;
    // 12.5 t takes the 20 t crane class (¥3,500); 2.5 t the 3 t forklift class (¥400) for each of two pieces.
    expect(bookings.map((b) => [b.kind, b.workDay, b.feeCents])).toEqual([
      ["crane", BUILD_UP.from, 350_000],
      ["forklift", BUILD_UP.to, 80_000],
    ]);
    expect(totalFeeCents).toBe(430_000);
    expect(bookings[0]).toMatchObject({
      weightT: "12.5",
      lengthM: "6",
      widthM: "2.35",
      heightM: "3",
      pieces: 1,
      boothNo: "1A01",
      carrierName: "顺达国际物流有限公司",
      status: "booked",
      sentAt: null,
    });
    const stored = await api.db
      .selectFrom("lifting_bookings")
      .select(["weight_kg", "length_cm", "width_cm", "height_cm"])
      .where("id", "=", bookings[0]!.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ weight_kg: 12_500, length_cm: 600, width_cm: 235, height_cm: 300 });

    // Deleting one's own (not yet sent) booking; another exhibitor's answers like an unknown one.
    expect((await remove(raw01, bookings[1]!.id)).status).toBe(404);
    const after = await remove(std01, bookings[1]!.id);
    expect(after.data.bookings.map((b) => b.id)).toEqual([bookings[0]!.id]);
    expect(await api.db.selectFrom("lifting_bookings").select("deleted_at").where("id", "=", bookings[1]!.id).executeTakeFirstOrThrow()).toMatchObject({
      deleted_at: expect.anything(),
    });
    expect((await remove(std01, bookings[1]!.id)).status).toBe(404);
  });

  it("refuses bad input with translated messages and saves nothing", async () => {
    const before = await stateOf(ids.std01);
    const refusals: [Form, string, string, string?][] = [
      [{ weight: "0" }, "weight", "validation.positive|transport.fields.weightT", "单件重量（吨）必须大于 0"],
      [{ weight: "-1" }, "weight", "validation.correct|transport.fields.weightT"],
      [{ weight: "一吨" }, "weight", "validation.correct|transport.fields.weightT"],
      [{ length: "40" }, "length", "validation.atMost|transport.fields.lengthM|20", "长（米）最大为 20"],
      [
        { workDay: addDays(BUILD_UP.from, -1) },
        "workDay",
        "transport.errors.liftingDay",
        `吊装只能预约在布展日（${BUILD_UP.from} – ${BUILD_UP.to}）或撤展日（${DISMANTLE} – ${DISMANTLE}）`,
      ],
      [{ workDay: testCalendar.opensOn }, "workDay", "transport.errors.liftingDay"],
      [{ weight: "5.001" }, "weight", "transport.errors.liftingTooHeavy", "单件 5.001 吨超出收费标准的重量等级，请联系主办方"],
      [{ kind: "crane", weight: "30.5" }, "weight", "transport.errors.liftingTooHeavy"],
      [{ carrierId: "999999" }, "carrierId", "transport.errors.carrierUnknown"],
      [{ carrierId: String(ids.hengtong), kind: "crane" }, "carrierId", "transport.errors.liftingNotOffered", "该承运商不提供吊车服务"],
      [{ boothId: String(ids.booth2B10) }, "boothId", "transport.errors.boothUnknown"],
      [{ slot: "07:00-08:00" }, "slot", "validation.required|transport.fields.slot"],
    ];
    for (const [change, field, key, message] of refusals) {
      const refused = await book(std01, booking(change));
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.data.fields[field], JSON.stringify(change)).toEqual([key]);
      if (message) expect(refused.message).toBe(message);
    }
    expect(await stateOf(ids.std01)).toBe(before);

    // The same booth, day and slot twice (even for the other equipment): the second is refused.
    const first = await book(std01, booking({ workDay: DISMANTLE, slot: "15:00-17:00" }));
    expect(first.code, first.message).toBe(200);
    const taken = await stateOf(ids.std01);
    const again = await book(std01, booking({ workDay: DISMANTLE, slot: "15:00-17:00", kind: "crane", weight: "8" }));
    expect(again).toMatchObject({ status: 400, message: "该展位在此时段已有预约" });
    expect(again.data.fields.slot).toEqual(["transport.errors.liftingSlotTaken"]);
    expect(await stateOf(ids.std01)).toBe(taken);
  });

  it("sends each carrier its bookings once, then the list is locked", async () => {
    // std01 now has a crane (build-up) and a forklift (dismantling) with shunda; add one with hengtong.
    const hengtong = await book(std01, booking({ carrierId: String(ids.hengtong), weight: "0.8", pieces: "3", slot: "13:00-15:00" }));
    expect(hengtong.code, hengtong.message).toBe(200);
    const bookings = hengtong.data.bookings;
    expect(bookings).toHaveLength(3);

    const sent = await send(std01);
    expect(sent.code, sent.message).toBe(200);
    expect(sent.data.locked).toBe(true);
    expect(sent.data.bookings.every((b) => b.sentAt !== null)).toBe(true);
    expect(sent.data.sends.map((s) => [s.carrierName, s.sentTo, s.count, s.totalFeeCents]).sort()).toEqual([
      ["恒通会展物流有限公司", "ops@hengtong.example.com", 1, 60_000],
      ["顺达国际物流有限公司", "dispatch@shunda.example.com", 2, 350_000 + 80_000],
    ]);

    const [shundaMail] = mailsTo("dispatch@shunda.example.com");
    expect(shundaMail!.subject).toContain(STD01_NAME);
    expect(shundaMail!.text).toContain(`展商“${STD01_NAME}”（展位 1A01）`);
    expect(shundaMail!.text).toContain(`1. 吊车｜单件 12.5 吨｜长×宽×高 6 × 2.35 × 3 米｜1 件｜${BUILD_UP.from} 08:00-10:00｜展位 1A01｜费用 ¥3,500.00`);
    expect(shundaMail!.text).toContain(`2. 叉车｜单件 2.5 吨｜长×宽×高 2.4 × 1.2 × 1.8 米｜2 件｜${DISMANTLE} 15:00-17:00｜展位 1A01｜费用 ¥800.00`);
    expect(shundaMail!.text).toContain("合计：¥4,300.00");
    const [hengtongMail] = mailsTo("ops@hengtong.example.com");
    expect(hengtongMail!.text).toContain("1. 叉车｜单件 0.8 吨");
    expect(hengtongMail!.text).not.toContain("吊车");

    const rows = await api.db
      .selectFrom("lifting_sends")
      .select(["carrier_id", "booking_ids", "summary"])
      .where("user_id", "=", ids.std01)
      .orderBy("id")
      .execute();
    const shundaIds = bookings.filter((b) => b.carrierId === ids.shunda).map((b) => b.id);
    expect(rows.map((r) => [r.carrier_id, r.booking_ids])).toEqual([
      [ids.shunda, shundaIds.join(",")],
      [ids.hengtong, String(bookings.find((b) => b.carrierId === ids.hengtong)!.id)],
    ]);
    const summary = (typeof rows[0]!.summary === "string" ? JSON.parse(rows[0]!.summary) : rows[0]!.summary) as { lines: unknown[]; totalFeeCents: number };
    expect(summary).toMatchObject({ exhibitorName: STD01_NAME, booths: ["1A01"], totalFeeCents: 430_000 });
    expect(summary.lines).toHaveLength(2);

    // Locked: no adding, no deleting, nothing new to send; nothing changes and no e-mail leaves.
    const locked = await stateOf(ids.std01);
    const mails = readOutbox(api.dataDir).length;
    const added = await book(std01, booking({ slot: "17:00-19:00" }));
    expect(added).toMatchObject({ status: 409, message: "清单已发送给承运商：不能再新增或删除预约。如需修改，请在联系记录中留言" });
    expect((await remove(std01, bookings[0]!.id)).status).toBe(409);
    expect(await send(std01)).toMatchObject({ status: 400, message: "没有需要发送的新预约" });
    expect(await stateOf(ids.std01)).toBe(locked);
    expect(readOutbox(api.dataDir)).toHaveLength(mails);
    // Another exhibitor's list is not locked by it.
    expect((await list(raw01)).locked).toBe(false);
  });

  it("shows each carrier only what was sent to it; only that carrier confirms", async () => {
    // raw01 books with shunda but does not send: carrier01 never sees it.
    const unsent = await book(raw01, booking({ boothId: String(ids.booth2B10), weight: "0.5", pieces: "1" }));
    expect(unsent.code, unsent.message).toBe(200);
    const unsentId = unsent.data.bookings[0]!.id;
    const std01Bookings = (await list(std01)).bookings;
    const shundaIds = std01Bookings.filter((b) => b.carrierId === ids.shunda).map((b) => b.id);
    const hengtongIds = std01Bookings.filter((b) => b.carrierId === ids.hengtong).map((b) => b.id);

    const forCarrier01 = await carrierList(carrier01);
    expect(forCarrier01.map((b) => b.id)).toEqual(shundaIds);
    expect(forCarrier01[0]).toMatchObject({ exhibitorName: STD01_NAME, boothNo: "1A01", carrierName: "顺达国际物流有限公司", sentAt: expect.any(String) });
    expect((await carrierList(carrier02)).map((b) => b.id)).toEqual(hengtongIds);
    const organizer = (await carrierList(admin)).map((b) => b.id);
    expect(organizer.sort()).toEqual([...shundaIds, ...hengtongIds].sort());
    expect(organizer).not.toContain(unsentId);

    // Another carrier's booking, and one never sent, answer like unknown ones and stay booked.
    const before = JSON.stringify([await stateOf(ids.std01), await stateOf(ids.raw01)]);
    expect((await confirm(carrier02, shundaIds[0]!)).status).toBe(404);
    expect((await confirm(carrier01, unsentId)).status).toBe(404);
    expect((await confirm(carrier01, hengtongIds[0]!)).status).toBe(404);
    expect((await confirm(admin, shundaIds[0]!)).status).toBe(403);
    expect(JSON.stringify([await stateOf(ids.std01), await stateOf(ids.raw01)])).toBe(before);

    const confirmed = await confirm(carrier01, shundaIds[0]!);
    expect(confirmed.code, confirmed.message).toBe(200);
    expect(confirmed.data.bookings.find((b) => b.id === shundaIds[0])).toMatchObject({ status: "confirmed", confirmedAt: expect.any(String) });
    expect(confirmed.data.bookings.find((b) => b.id === shundaIds[1])).toMatchObject({ status: "booked", confirmedAt: null });
    expect(await confirm(carrier01, shundaIds[0]!)).toMatchObject({ status: 409, message: "该预约已确认" });
    const row = await api.db.selectFrom("lifting_bookings").select(["confirmed_by"]).where("id", "=", shundaIds[0]!).executeTakeFirstOrThrow();
    expect(row.confirmed_by).toBe((await api.db.selectFrom("users").select("id").where("username", "=", "carrier01").executeTakeFirstOrThrow()).id);
    // The exhibitor sees the carrier's confirmation.
    expect((await list(std01)).bookings.find((b) => b.id === shundaIds[0])!.status).toBe("confirmed");
  });

  it("records nothing when the carrier's e-mail fails, so the list stays open to try again", async () => {
    const shunda = await api.db.selectFrom("carriers").select("contact_email").where("id", "=", ids.shunda).executeTakeFirstOrThrow();
    await api.db.updateTable("carriers").set({ contact_email: "not an address" }).where("id", "=", ids.shunda).execute();
    try {
      const before = await stateOf(ids.raw01);
      const failed = await send(raw01);
      expect(failed).toMatchObject({ status: 503, message: "邮件发送失败，请重试" });
      expect(await stateOf(ids.raw01)).toBe(before);
      expect((await list(raw01)).locked).toBe(false);
      expect(api.logLines.some((line) => line.msg === "lifting list e-mail could not be sent")).toBe(true);
    } finally {
      await api.db.updateTable("carriers").set({ contact_email: shunda.contact_email }).where("id", "=", ids.shunda).execute();
    }
  });

  it("takes an add and a send of the same exhibitor one after the other", async () => {
    // raw01 tries again after the failed e-mail, while a second booking is being added.
    const [added, sent] = await Promise.all([
      book(raw01, booking({ boothId: String(ids.booth2B10), weight: "0.7", pieces: "1", slot: "13:00-15:00" })),
      send(raw01),
    ]);
    expect(sent.code, sent.message).toBe(200);
    expect([200, 409]).toContain(added.status);
    const { bookings, locked } = await list(raw01);
    expect(locked).toBe(true);
    // Whichever came first, no booking sits unsent in a locked list.
    expect(bookings.filter((b) => b.sentAt === null)).toEqual([]);
    expect(bookings.some((b) => b.weightT === "0.7")).toBe(added.status === 200);
  });
});

idorProbesOnBothDatabases("hoisting and forklift", liftingSweep);
