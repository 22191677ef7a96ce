import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { BadgeList } from "../../app/contracts/badges/api-types";
import { DEADLINE_ACTIONS } from "../../app/contracts/calendar/values";
import type { PermissionInfo } from "../../app/contracts/permission/api-types";
import { appClock } from "../../server/clock";
import { portalClient } from "../support/portal-client";
import { backendsOf, loadRemixBuild, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { addDays, endOfExhibitionDay, exhibitionTime, resetTestClock, testCalendar } from "../support/test-clock";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/**
 * The exhibition calendar closes the areas' actions through their buttons' windows (decision 035):
 * one mechanism for the page (the permission info's auths) and the API (409 naming the date), moved
 * by the calendar's dates, never holding the organizer.
 */
describe.each(backendsOf(import.meta.url))("actions the calendar closes, on %s", (backend) => {
  let api: TestApi;
  let std01: string;
  let admin: string;
  let exhibitionId: number;

  beforeAll(async () => {
    api = await startTestApi(backend, {}, { remixBuild: await loadRemixBuild() });
    [std01, admin] = await Promise.all([api.login("std01", "Expo#2026"), api.login("admin", "Admin#2026")]);
    exhibitionId = (await api.db.selectFrom("users").select("exhibition_id").where("username", "=", "std01").executeTakeFirstOrThrow()).exhibition_id;
  });
  afterAll(() => api?.close());
  afterEach(() => resetTestClock());

  const auth = async (ticket: string, buttonId: number) =>
    (await api.call<PermissionInfo>("/smeb/permission/getInfo", { ticket })).data.auths.find((a) => a.id === buttonId);
  const badgeList = (ticket: string) => api.call<BadgeList>("/smeb/pass/ticket/list", { ticket, lang: "en" });
  /** A cart line for a service that does not exist: 404 while ordering is open, 409 once it closed. */
  const addUnknownService = (ticket: string, lang = "en") => api.call("/smeb/service/cart/add", { ticket, lang, form: { serviceId: "999999", quantity: "1" } });

  it("closes service orders when the show closes; the organizer is not held", async () => {
    appClock.freezeAt(endOfExhibitionDay(testCalendar.endsOn));
    expect((await addUnknownService(std01)).status).toBe(404);
    appClock.freezeAt(exhibitionTime(addDays(testCalendar.endsOn, 1)).toISOString());
    const refused = await addUnknownService(std01);
    expect(refused.status).toBe(409);
    expect(refused.message).toBe(`This closed at ${testCalendar.endsOn} 23:59 (UTC+8)`);
    expect((await addUnknownService(std01, "zh")).message).toBe(`此操作已于 ${testCalendar.endsOn} 23:59 (UTC+8) 截止`);
    expect((await addUnknownService(admin)).status).not.toBe(409);
  });

  it("closes carriage declarations and hoisting bookings when the build-up ends", async () => {
    const declare = () => api.call("/smeb/shipment/declaration/save", { ticket: std01, lang: "zh", form: {}, method: "POST" });
    const book = () =>
      api.call("/smeb/shipment/forklift/save", {
        ticket: std01,
        lang: "zh",
        form: {
          boothId: "999999",
          carrierId: "999999",
          kind: "forklift",
          weight: "1",
          length: "1",
          width: "1",
          height: "1",
          pieces: "1",
          workDay: testCalendar.standardMoveIn,
          slot: "08:00-10:00",
        },
      });
    appClock.freezeAt(endOfExhibitionDay(testCalendar.standardMoveIn));
    expect((await declare()).status).toBe(400);
    expect((await book()).status).not.toBe(409);
    appClock.freezeAt(exhibitionTime(testCalendar.opensOn).toISOString());
    expect(await declare()).toMatchObject({ status: 409, message: `此操作已于 ${testCalendar.standardMoveIn} 23:59 (UTC+8) 截止` });
    expect((await book()).status).toBe(409);
  });

  it("moves the badge window with the calendar's deadline, on the page's auths and in the API alike", async () => {
    const item = () => api.db.selectFrom("schedule_items").where("exhibition_id", "=", exhibitionId).where("done_check", "=", "badges-applied");
    const { deadline: original } = await item().select("deadline").executeTakeFirstOrThrow();
    const earlier = addDays(testCalendar.seededOn, -1);
    try {
      expect((await badgeList(std01)).data.window.closed).toBe(false);
      await api.db
        .updateTable("schedule_items")
        .set({ deadline: endOfExhibitionDay(earlier) })
        .where("exhibition_id", "=", exhibitionId)
        .where("done_check", "=", "badges-applied")
        .execute();
      const closed = await badgeList(std01);
      expect(closed.data.window).toEqual({ deadline: new Date(endOfExhibitionDay(earlier)).toISOString(), closed: true, opensAt: null });
      expect((await auth(std01, DEADLINE_ACTIONS.badges.buttonId))?.buttonEffectEndTime).toBe(closed.data.window.deadline);
      const refused = await api.call("/smeb/pass/ticket/save", { ticket: std01, lang: "en", form: {}, method: "POST" });
      expect(refused.status).toBe(409);
      expect(refused.message).toContain(`${earlier} 23:59 (UTC+8)`);
      // The organizer sees the same deadline and is not held by it.
      expect((await badgeList(admin)).data.window).toMatchObject({ deadline: closed.data.window.deadline, closed: false });
    } finally {
      await api.db
        .updateTable("schedule_items")
        .set({ deadline: original })
        .where("exhibition_id", "=", exhibitionId)
        .where("done_check", "=", "badges-applied")
        .execute();
    }
  });

  it("keeps a window with a start shut until then, and shuts it for a role without the grant", async () => {
    const buttonId = DEADLINE_ACTIONS.badges.buttonId;
    const opens = addDays(testCalendar.seededOn, 1);
    try {
      await api.db
        .updateTable("button_auths")
        .set({ effect_start: exhibitionTime(opens, "09:00:00") })
        .where("id", "=", buttonId)
        .execute();
      expect((await badgeList(std01)).data.window).toMatchObject({ closed: true, opensAt: exhibitionTime(opens, "09:00:00").toISOString() });
      expect(await api.call("/smeb/pass/ticket/save", { ticket: std01, lang: "en", form: {}, method: "POST" })).toMatchObject({
        status: 409,
        message: `This opens at ${opens} 09:00 (UTC+8)`,
      });
      await api.db.updateTable("button_auths").set({ effect_start: null }).where("id", "=", buttonId).execute();
      await api.db.deleteFrom("role_buttons").where("button_id", "=", buttonId).execute();
      expect((await api.call("/smeb/pass/ticket/save", { ticket: std01, lang: "en", form: {}, method: "POST" })).status).toBe(403);
      expect(await auth(std01, buttonId)).toBeUndefined();
    } finally {
      await api.db.updateTable("button_auths").set({ effect_start: null }).where("id", "=", buttonId).execute();
      await api.db
        .insertInto("role_buttons")
        .values({ role_id: 2, button_id: buttonId })
        .onConflict((oc) => oc.columns(["role_id", "button_id"]).doNothing())
        .execute();
    }
  });

  it("closes the order page when the organizer ends the order button's window on the calendar page (JavaScript off)", async () => {
    const sameOrigin = { "sec-fetch-site": "same-origin" };
    const buttonId = String(DEADLINE_ACTIONS.serviceOrders.buttonId);
    const closedMessage = "线上订单已截止，请到现场服务台办理";
    const organizer = portalClient(api.baseUrl);
    await organizer.signIn("admin", "Admin#2026");
    // The calendar page's table of windows, as a browser without JavaScript posts one row of it.
    const setOrderWindow = (fields: Record<string, string>) => {
      const row = { buttonId, effectStart: "", effectEnd: "", closedMessage: "", closedMessageEn: "", ...fields };
      const body = new URLSearchParams({ intent: "buttons" });
      for (const [name, value] of Object.entries(row)) body.set(`buttons[0].${name}`, value);
      return organizer.request("/index/calendar", { body });
    };
    const exhibitor = portalClient(api.baseUrl);
    await exhibitor.request("/language", { body: new URLSearchParams({ lng: "zh" }), headers: sameOrigin });
    await exhibitor.signIn("std01", "Expo#2026");
    const orderPage = async () => (await exhibitor.request("/bookingService/onlineBookingService", { headers: { "accept-language": "zh" } })).text();
    try {
      const open = await orderPage();
      expect(open).toContain(`开放至 ${testCalendar.endsOn} 23:59（UTC+8）`);
      expect(open).toContain('value="add"');
      // A fixed end yesterday, with the organizer's message.
      const saved = await setOrderWindow({ closesWith: "", effectEnd: `${addDays(testCalendar.seededOn, -1)}T18:00`, closedMessage });
      expect(saved.status).toBe(302);
      // The exhibitor's next sign-in reads the new window (a session's permission info is cached a few minutes).
      await exhibitor.signIn("std01", "Expo#2026");
      const closed = await orderPage();
      expect(closed).toContain(closedMessage);
      expect(closed).not.toContain('value="add"');
      expect(closed).not.toContain('value="commit"');
      expect((await addUnknownService(std01, "zh")).status).toBe(409);
    } finally {
      expect((await setOrderWindow({ closesWith: DEADLINE_ACTIONS.serviceOrders.closesWith })).status).toBe(302);
    }
  });
});
