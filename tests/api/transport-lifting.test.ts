import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CarrierLiftingList, LiftingList } from "../../app/contracts/transport/api-types";
import { type DemoLogisticsIds, startDemoLogistics } from "../support/demo-cast";
import { backendsOf, postgresSkipReason, type TempDirTestApi } from "../support/test-api";
import { readOutbox } from "../support/outbox";
import { addDays, resetTestClock, testCalendar } from "../support/test-clock";
import { newExhibitor, type NewExhibitor } from "../support/new-exhibitor";
import { idorProbesOnBothDatabases } from "../support/idor-both-databases";
import { liftingSweep } from "./idor/transport-lifting";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type Fields = { fields: Record<string, string[]> };
type Form = Record<string, string>;

/** The demo exhibition's construction calendar: build-up the three days before opening, dismantling the last show day. */
const BUILD_UP = { from: addDays(testCalendar.opensOn, -3), to: addDays(testCalendar.opensOn, -1) };
const DISMANTLE = testCalendar.endsOn;

describe.each(backendsOf(import.meta.url))("hoisting and forklift bookings (/smeb/shipment/forklift, /shipment/forklift) on %s", (backend) => {
  let api: TempDirTestApi;
  let ids: DemoLogisticsIds;
  let std01: string, raw01: string, admin: string, carrier01: string, carrier02: string;

  beforeAll(async () => {
    ({ api, ids, std01, raw01, admin, carrier01, carrier02 } = await startDemoLogistics(backend, "portal-lifting-"));
    // std01's list starts empty, whatever demo bookings the seed gives these exhibitors (the tests that
    // book use exhibitors of their own, and leave std01 and raw01 as they are).
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
  /** The mails to `address` about one exhibitor's list. */
  const mailsAbout = (address: string, exhibitor: NewExhibitor) => mailsTo(address).filter((m) => m.subject.includes(exhibitor.businessName));
  /** `booking` at the exhibitor's own booth. */
  const bookingAt = (exhibitor: NewExhibitor, extra: Form = {}) => booking({ boothId: String(exhibitor.boothId), ...extra });
  /** A booking that must be taken. */
  const booked = async (exhibitor: NewExhibitor, form: Form) => {
    const result = await book(exhibitor.ticket, form);
    expect(result.code, result.message).toBe(200);
    return result.data;
  };
  /**
   * A new exhibitor's list: a 12.5 t crane on the first build-up day and a 2.5 t forklift (two pieces) on
   * the dismantling day with shunda, and a 0.8 t forklift (three pieces) with hengtong; not yet sent.
   */
  const threeBookings = async (exhibitor: NewExhibitor) => {
    await booked(exhibitor, bookingAt(exhibitor, { kind: "crane", weight: "12.5", length: "6", width: "2.35", height: "3", pieces: "1" }));
    await booked(exhibitor, bookingAt(exhibitor, { workDay: DISMANTLE, slot: "15:00-17:00" }));
    return booked(exhibitor, bookingAt(exhibitor, { carrierId: String(ids.hengtong), weight: "0.8", pieces: "3", slot: "13:00-15:00" }));
  };

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
    const exhibitor = await newExhibitor(api);
    const empty = await list(exhibitor.ticket);
    expect(empty).toMatchObject({
      bookings: [],
      locked: false,
      sends: [],
      totalFeeCents: 0,
      booths: [{ boothId: exhibitor.boothId, boothNo: exhibitor.boothNo }],
    });
    expect(empty.days).toEqual({ buildUpFrom: BUILD_UP.from, buildUpTo: BUILD_UP.to, dismantleFrom: DISMANTLE, dismantleTo: DISMANTLE });
    expect(empty.classes).toContainEqual({ kind: "forklift", maxWeightT: "3", feeCents: 40_000 });
    expect(empty.carriers.map((c) => c.name)).toEqual(["顺达国际物流有限公司", "恒通会展物流有限公司"]);

    const forklift = await book(exhibitor.ticket, bookingAt(exhibitor, { workDay: BUILD_UP.to, slot: "10:00-12:00" }));
    expect(forklift.code, forklift.message).toBe(200);
    const crane = await book(exhibitor.ticket, bookingAt(exhibitor, { kind: "crane", weight: "12.5", length: "6", width: "2.35", height: "3", pieces: "1" }));
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
      boothNo: exhibitor.boothNo,
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
    const after = await remove(exhibitor.ticket, bookings[1]!.id);
    expect(after.data.bookings.map((b) => b.id)).toEqual([bookings[0]!.id]);
    expect(await api.db.selectFrom("lifting_bookings").select("deleted_at").where("id", "=", bookings[1]!.id).executeTakeFirstOrThrow()).toMatchObject({
      deleted_at: expect.anything(),
    });
    expect((await remove(exhibitor.ticket, bookings[1]!.id)).status).toBe(404);
  });

  it("refuses bad input with translated messages and saves nothing", async () => {
    const exhibitor = await newExhibitor(api);
    const before = await stateOf(exhibitor.userId);
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
      const refused = await book(exhibitor.ticket, bookingAt(exhibitor, change));
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.data.fields[field], JSON.stringify(change)).toEqual([key]);
      if (message) expect(refused.message).toBe(message);
    }
    expect(await stateOf(exhibitor.userId)).toBe(before);

    // The same booth, day and slot twice (even for the other equipment): the second is refused.
    const first = await book(exhibitor.ticket, bookingAt(exhibitor, { workDay: DISMANTLE, slot: "15:00-17:00" }));
    expect(first.code, first.message).toBe(200);
    const taken = await stateOf(exhibitor.userId);
    const again = await book(exhibitor.ticket, bookingAt(exhibitor, { workDay: DISMANTLE, slot: "15:00-17:00", kind: "crane", weight: "8" }));
    expect(again).toMatchObject({ status: 400, message: "该展位在此时段已有预约" });
    expect(again.data.fields.slot).toEqual(["transport.errors.liftingSlotTaken"]);
    expect(await stateOf(exhibitor.userId)).toBe(taken);
  });

  it("sends each carrier its bookings once, then the list is locked", async () => {
    // A crane (build-up) and a forklift (dismantling) with shunda, and one with hengtong.
    const exhibitor = await newExhibitor(api);
    const { bookings } = await threeBookings(exhibitor);
    expect(bookings).toHaveLength(3);

    const sent = await send(exhibitor.ticket);
    expect(sent.code, sent.message).toBe(200);
    expect(sent.data.locked).toBe(true);
    expect(sent.data.bookings.every((b) => b.sentAt !== null)).toBe(true);
    expect(sent.data.sends.map((s) => [s.carrierName, s.sentTo, s.count, s.totalFeeCents]).sort()).toEqual([
      ["恒通会展物流有限公司", "ops@hengtong.example.com", 1, 60_000],
      ["顺达国际物流有限公司", "dispatch@shunda.example.com", 2, 350_000 + 80_000],
    ]);

    const shundaMails = mailsAbout("dispatch@shunda.example.com", exhibitor);
    expect(shundaMails).toHaveLength(1);
    const [shundaMail] = shundaMails;
    expect(shundaMail!.subject).toContain(exhibitor.businessName);
    expect(shundaMail!.text).toContain(`展商“${exhibitor.businessName}”（展位 ${exhibitor.boothNo}）`);
    expect(shundaMail!.text).toContain(
      `1. 吊车｜单件 12.5 吨｜长×宽×高 6 × 2.35 × 3 米｜1 件｜${BUILD_UP.from} 08:00-10:00｜展位 ${exhibitor.boothNo}｜费用 ¥3,500.00`,
    );
    expect(shundaMail!.text).toContain(
      `2. 叉车｜单件 2.5 吨｜长×宽×高 2.4 × 1.2 × 1.8 米｜2 件｜${DISMANTLE} 15:00-17:00｜展位 ${exhibitor.boothNo}｜费用 ¥800.00`,
    );
    expect(shundaMail!.text).toContain("合计：¥4,300.00");
    const hengtongMails = mailsAbout("ops@hengtong.example.com", exhibitor);
    expect(hengtongMails).toHaveLength(1);
    const [hengtongMail] = hengtongMails;
    expect(hengtongMail!.text).toContain("1. 叉车｜单件 0.8 吨");
    expect(hengtongMail!.text).not.toContain("吊车");

    const rows = await api.db
      .selectFrom("lifting_sends")
      .select(["carrier_id", "booking_ids", "summary"])
      .where("user_id", "=", exhibitor.userId)
      .orderBy("id")
      .execute();
    const shundaIds = bookings.filter((b) => b.carrierId === ids.shunda).map((b) => b.id);
    expect(rows.map((r) => [r.carrier_id, r.booking_ids])).toEqual([
      [ids.shunda, shundaIds.join(",")],
      [ids.hengtong, String(bookings.find((b) => b.carrierId === ids.hengtong)!.id)],
    ]);
    const summary = (typeof rows[0]!.summary === "string" ? JSON.parse(rows[0]!.summary) : rows[0]!.summary) as { lines: unknown[]; totalFeeCents: number };
    expect(summary).toMatchObject({ exhibitorName: exhibitor.businessName, booths: [exhibitor.boothNo], totalFeeCents: 430_000 });
    expect(summary.lines).toHaveLength(2);

    // Locked: no adding, no deleting, nothing new to send; nothing changes and no e-mail leaves.
    const locked = await stateOf(exhibitor.userId);
    const mails = readOutbox(api.dataDir).length;
    const added = await book(exhibitor.ticket, bookingAt(exhibitor, { slot: "17:00-19:00" }));
    expect(added).toMatchObject({ status: 409, message: "清单已发送给承运商：不能再新增或删除预约。如需修改，请在联系记录中留言" });
    expect((await remove(exhibitor.ticket, bookings[0]!.id)).status).toBe(409);
    expect(await send(exhibitor.ticket)).toMatchObject({ status: 400, message: "没有需要发送的新预约" });
    expect(await stateOf(exhibitor.userId)).toBe(locked);
    expect(readOutbox(api.dataDir)).toHaveLength(mails);
    // Another exhibitor's list is not locked by it.
    expect((await list(raw01)).locked).toBe(false);
  });

  it("shows each carrier only what was sent to it; only that carrier confirms", async () => {
    // One exhibitor sends its three bookings (two with shunda, one with hengtong); another books with
    // shunda but does not send: carrier01 never sees that one.
    const exhibitor = await newExhibitor(api);
    await threeBookings(exhibitor);
    const sent = await send(exhibitor.ticket);
    expect(sent.code, sent.message).toBe(200);
    const other = await newExhibitor(api, { boothType: 2 });
    const unsentId = (await booked(other, bookingAt(other, { weight: "0.5", pieces: "1" }))).bookings[0]!.id;
    const sentBookings = (await list(exhibitor.ticket)).bookings;
    const shundaIds = sentBookings.filter((b) => b.carrierId === ids.shunda).map((b) => b.id);
    const hengtongIds = sentBookings.filter((b) => b.carrierId === ids.hengtong).map((b) => b.id);
    // Other tests' exhibitors send to the same carriers: the lists are compared on this exhibitor's bookings.
    const ofThisExhibitor = (bookingIds: number[]) => bookingIds.filter((id) => sentBookings.some((b) => b.id === id));

    const forCarrier01 = await carrierList(carrier01);
    expect(ofThisExhibitor(forCarrier01.map((b) => b.id))).toEqual(shundaIds);
    expect(forCarrier01.every((b) => b.carrierName === "顺达国际物流有限公司" && b.sentAt !== null)).toBe(true);
    expect(forCarrier01.find((b) => b.id === shundaIds[0])).toMatchObject({
      exhibitorName: exhibitor.businessName,
      boothNo: exhibitor.boothNo,
      carrierName: "顺达国际物流有限公司",
      sentAt: expect.any(String),
    });
    expect(forCarrier01.map((b) => b.id)).not.toContain(unsentId);
    const forCarrier02 = await carrierList(carrier02);
    expect(ofThisExhibitor(forCarrier02.map((b) => b.id))).toEqual(hengtongIds);
    expect(forCarrier02.every((b) => b.carrierName === "恒通会展物流有限公司")).toBe(true);
    const organizer = (await carrierList(admin)).map((b) => b.id);
    expect(ofThisExhibitor(organizer).sort()).toEqual([...shundaIds, ...hengtongIds].sort());
    expect(organizer).not.toContain(unsentId);

    // Another carrier's booking, and one never sent, answer like unknown ones and stay booked.
    const before = JSON.stringify([await stateOf(exhibitor.userId), await stateOf(other.userId)]);
    expect((await confirm(carrier02, shundaIds[0]!)).status).toBe(404);
    expect((await confirm(carrier01, unsentId)).status).toBe(404);
    expect((await confirm(carrier01, hengtongIds[0]!)).status).toBe(404);
    expect((await confirm(admin, shundaIds[0]!)).status).toBe(403);
    expect(JSON.stringify([await stateOf(exhibitor.userId), await stateOf(other.userId)])).toBe(before);

    const confirmed = await confirm(carrier01, shundaIds[0]!);
    expect(confirmed.code, confirmed.message).toBe(200);
    expect(confirmed.data.bookings.find((b) => b.id === shundaIds[0])).toMatchObject({ status: "confirmed", confirmedAt: expect.any(String) });
    expect(confirmed.data.bookings.find((b) => b.id === shundaIds[1])).toMatchObject({ status: "booked", confirmedAt: null });
    expect(await confirm(carrier01, shundaIds[0]!)).toMatchObject({ status: 409, message: "该预约已确认" });
    const row = await api.db.selectFrom("lifting_bookings").select(["confirmed_by"]).where("id", "=", shundaIds[0]!).executeTakeFirstOrThrow();
    expect(row.confirmed_by).toBe((await api.db.selectFrom("users").select("id").where("username", "=", "carrier01").executeTakeFirstOrThrow()).id);
    // The exhibitor sees the carrier's confirmation.
    expect((await list(exhibitor.ticket)).bookings.find((b) => b.id === shundaIds[0])!.status).toBe("confirmed");
  });

  it("records nothing when the carrier's e-mail fails, so the list stays open to try again", async () => {
    const shunda = await api.db.selectFrom("carriers").select("contact_email").where("id", "=", ids.shunda).executeTakeFirstOrThrow();
    await api.db.updateTable("carriers").set({ contact_email: "not an address" }).where("id", "=", ids.shunda).execute();
    try {
      // A new exhibitor with an unsent booking with shunda.
      const exhibitor = await newExhibitor(api, { boothType: 2 });
      await booked(exhibitor, bookingAt(exhibitor, { weight: "0.5", pieces: "1" }));
      const before = await stateOf(exhibitor.userId);
      const failed = await send(exhibitor.ticket);
      expect(failed).toMatchObject({ status: 503, message: "邮件发送失败，请重试" });
      expect(await stateOf(exhibitor.userId)).toBe(before);
      expect((await list(exhibitor.ticket)).locked).toBe(false);
      expect(api.logLines.some((line) => line.msg === "lifting list e-mail could not be sent")).toBe(true);
    } finally {
      await api.db.updateTable("carriers").set({ contact_email: shunda.contact_email }).where("id", "=", ids.shunda).execute();
    }
  });

  it("takes an add and a send of the same exhibitor one after the other", async () => {
    // An exhibitor with an unsent booking sends its list while a second booking is being added.
    const exhibitor = await newExhibitor(api, { boothType: 2 });
    await booked(exhibitor, bookingAt(exhibitor, { weight: "0.5", pieces: "1" }));
    const [added, sent] = await Promise.all([
      book(exhibitor.ticket, bookingAt(exhibitor, { weight: "0.7", pieces: "1", slot: "13:00-15:00" })),
      send(exhibitor.ticket),
    ]);
    expect(sent.code, sent.message).toBe(200);
    expect([200, 409]).toContain(added.status);
    const { bookings, locked } = await list(exhibitor.ticket);
    expect(locked).toBe(true);
    // Whichever came first, no booking sits unsent in a locked list.
    expect(bookings.filter((b) => b.sentAt === null)).toEqual([]);
    expect(bookings.some((b) => b.weightT === "0.7")).toBe(added.status === 200);
  });
});

idorProbesOnBothDatabases("hoisting and forklift", liftingSweep);
