import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { CalendarButton, CalendarDates, ExhibitionCalendar } from "../../app/contracts/calendar/api-types";
import calendarEn from "../../app/contracts/calendar/texts.en";
import { buttonWindowShown } from "../../app/contracts/calendar/values";
import { exhibitionDateTimeInput } from "../../app/contracts/common/exhibition-time";
import { addDays, endOfExhibitionDay, testCalendar } from "../support/test-clock";
import { portalClient } from "../support/portal-client";
import { backendsOf, loadRemixBuild, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

type Fields = { fields?: Record<string, string[]> } | null;

describe.each(backendsOf(import.meta.url))("the exhibition calendar (/smeb/calendar*) on %s", (backend) => {
  let api: TestApi;
  let admin: string;
  let std01: string;

  beforeAll(async () => {
    api = await startTestApi(backend, {}, { remixBuild: await loadRemixBuild() });
    [admin, std01] = await Promise.all([api.login("admin", "Admin#2026"), api.login("std01", "Expo#2026")]);
  });
  afterAll(async () => {
    await api?.close();
  });

  const read = async () => {
    const answer = await api.call<ExhibitionCalendar>("/smeb/calendar", { ticket: admin });
    expect(answer.code).toBe(200);
    return answer.data;
  };
  const saveDates = (dates: Omit<CalendarDates, "standardUntil" | "advanceUntil"> & { advanceUntil: string }) =>
    api.call<CalendarDates>("/smeb/calendar/dates", { ticket: admin, form: dates });
  const saveDeadlines = (items: { id: number; deadline: string }[]) =>
    api.call<{ saved: number } | Fields>("/smeb/calendar/deadlines", { ticket: admin, json: { items } });
  const saveButton = (form: Record<string, string>) => api.call<CalendarButton | Fields>("/smeb/calendar/button", { ticket: admin, form });
  /** Everything the saves may touch, to check that a refusal changed nothing. */
  const snapshot = async () => ({
    calendar: await read(),
    construction: await api.db.selectFrom("construction_settings").selectAll().execute(),
    prices: await api.db.selectFrom("service_price_dates").selectAll().execute(),
  });
  const datesOf = (calendar: ExhibitionCalendar) => {
    const { standardUntil: _, ...dates } = calendar.dates;
    return { ...dates, advanceUntil: dates.advanceUntil ?? "" };
  };
  const fieldsOf = (data: unknown) => (data as Fields)?.fields ?? {};
  /**
   * Puts the calendar back as it is now once the test is over: the tests that save change the
   * exhibition's one calendar (days, deadlines, button windows), which the others read as seeded.
   */
  async function restoreCalendarAfterTest() {
    const { id: exhibitionId } = await api.db.selectFrom("exhibitions").select("id").where("is_current", "=", true).executeTakeFirstOrThrow();
    const day = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
    const days = await api.db
      .selectFrom("exhibitions as e")
      .innerJoin("construction_settings as c", "c.exhibition_id", "e.id")
      .innerJoin("service_price_dates as p", "p.exhibition_id", "e.id")
      .select([
        day("e.starts_on").as("starts_on"),
        day("e.ends_on").as("ends_on"),
        day("c.build_up_from").as("build_up_from"),
        day("c.build_up_to").as("build_up_to"),
        day("c.dismantle_from").as("dismantle_from"),
        day("c.dismantle_to").as("dismantle_to"),
        day("p.advance_until").as("advance_until"),
      ])
      .where("e.id", "=", exhibitionId)
      .executeTakeFirstOrThrow();
    const deadlines = await api.db.selectFrom("schedule_items").select(["id", "deadline"]).where("exhibition_id", "=", exhibitionId).execute();
    const windows = await api.db
      .selectFrom("button_auths")
      .select(["id", "effect_start", "effect_end", "closes_with", "closed_message", "closed_message_en"])
      .execute();
    onTestFinished(async () => {
      const { starts_on, ends_on, advance_until, ...construction } = days;
      await api.db.updateTable("exhibitions").set({ starts_on, ends_on }).where("id", "=", exhibitionId).execute();
      await api.db.updateTable("construction_settings").set(construction).where("exhibition_id", "=", exhibitionId).execute();
      await api.db.updateTable("service_price_dates").set({ advance_until }).where("exhibition_id", "=", exhibitionId).execute();
      for (const { id, deadline } of deadlines) await api.db.updateTable("schedule_items").set({ deadline }).where("id", "=", id).execute();
      for (const { id, ...window } of windows) await api.db.updateTable("button_auths").set(window).where("id", "=", id).execute();
    });
  }

  it("reads the days, the checklist's deadlines, the buttons and the calendar's ends", async () => {
    const calendar = await read();
    expect(calendar.dates).toMatchObject({
      opensOn: testCalendar.opensOn,
      endsOn: testCalendar.endsOn,
      advanceUntil: testCalendar.advanceUntil,
      standardUntil: addDays(testCalendar.opensOn, -1),
    });
    expect(calendar.items.length).toBeGreaterThan(0);
    const badges = calendar.items.find((item) => item.doneCheck === "badges-applied")!;
    expect(badges.deadline).toBe(new Date(endOfExhibitionDay(testCalendar.schedule["badges-applied"])).toISOString());
    expect(calendar.buttons.map((b) => b.id)).toEqual(expect.arrayContaining([101, 102, 103]));
    const closes = calendar.ends.find((end) => end.key === "exhibition-closes");
    expect(closes?.end).toBe(new Date(endOfExhibitionDay(testCalendar.endsOn)).toISOString());
  });

  it("saves the days in one go, adding the construction and price rows' values", async () => {
    await restoreCalendarAfterTest();
    const opensOn = addDays(testCalendar.opensOn, 1);
    const endsOn = addDays(testCalendar.endsOn, 1);
    const dates = {
      opensOn,
      endsOn,
      buildUpFrom: addDays(opensOn, -3),
      buildUpTo: addDays(opensOn, -1),
      dismantleFrom: endsOn,
      dismantleTo: addDays(endsOn, 1),
      advanceUntil: addDays(testCalendar.advanceUntil, 1),
    };
    const saved = await saveDates(dates);
    expect(saved.code).toBe(200);
    expect(saved.data).toEqual({ ...dates, standardUntil: addDays(opensOn, -1) });
    const calendar = await read();
    expect(calendar.dates).toEqual(saved.data);
    expect(calendar.ends.find((end) => end.key === "exhibition-closes")?.end).toBe(new Date(endOfExhibitionDay(endsOn)).toISOString());
    expect(calendar.ends.find((end) => end.key === "build-up-ends")?.end).toBe(new Date(endOfExhibitionDay(dates.buildUpTo)).toISOString());
  });

  it("refuses days out of order, each on its field, and changes nothing", async () => {
    const before = await snapshot();
    const dates = datesOf(before.calendar);
    const cases: [Partial<typeof dates>, string][] = [
      [{ endsOn: addDays(dates.opensOn, -1) }, "endsOn"],
      [{ buildUpTo: dates.opensOn }, "buildUpTo"],
      [{ buildUpFrom: addDays(dates.buildUpTo, 1) }, "buildUpTo"],
      [{ dismantleFrom: addDays(dates.endsOn, -1) }, "dismantleFrom"],
      [{ advanceUntil: dates.opensOn }, "advanceUntil"],
    ];
    for (const [change, field] of cases) {
      const answer = await saveDates({ ...dates, ...change });
      expect(answer.code, field).toBe(400);
      expect(fieldsOf(answer.data)[field]?.[0], field).toBe(answer.message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a deadline after the closing day, naming the day, and changes nothing", async () => {
    const before = await snapshot();
    const item = before.calendar.items[0]!;
    const answer = await saveDeadlines([{ id: item.id, deadline: `${addDays(before.calendar.dates.endsOn, 1)}T10:00` }]);
    expect(answer.code).toBe(400);
    expect(fieldsOf(answer.data)["items[0].deadline"]?.[0]).toContain(before.calendar.dates.endsOn);
    const malformed = await saveDeadlines([{ id: item.id, deadline: "soon" }]);
    expect(malformed.code).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("saves deadlines up to the end of the closing day, and keeps one left as it was", async () => {
    await restoreCalendarAfterTest();
    const calendar = await read();
    const [first, ...others] = calendar.items;
    const deadline = `${calendar.dates.endsOn}T23:59`;
    const unchanged = others.map((item) => ({ id: item.id, deadline: exhibitionDateTimeInput(item.deadline) }));
    const answer = await saveDeadlines([{ id: first!.id, deadline }, ...unchanged]);
    expect(answer.code).toBe(200);
    expect(answer.data).toEqual({ saved: 1 });
    const after = await read();
    expect(exhibitionDateTimeInput(after.items.find((item) => item.id === first!.id)!.deadline)).toBe(deadline);
    // The others kept their seconds (23:59:59).
    for (const item of others) expect(after.items.find((i) => i.id === item.id)!.deadline).toBe(item.deadline);
  });

  it("refuses to move the closing day before an existing deadline, naming the item, and changes nothing", async () => {
    const before = await snapshot();
    const dates = datesOf(before.calendar);
    const item = before.calendar.items.find((i) => exhibitionDateTimeInput(i.deadline).startsWith(dates.endsOn))!;
    const answer = await saveDates({ ...dates, endsOn: addDays(dates.endsOn, -1) });
    expect(answer.code).toBe(400);
    expect(fieldsOf(answer.data).endsOn?.[0]).toContain(item.titleEn);
    expect(await snapshot()).toEqual(before);
  });

  it("closes a button with a calendar date and reads it back with its resolved end", async () => {
    await restoreCalendarAfterTest();
    const calendar = await read();
    const saved = await saveButton({
      buttonId: "101",
      effectStart: "",
      closesWith: "exhibition-closes",
      effectEnd: "",
      closedMessage: "已截止",
      closedMessageEn: "Closed",
    });
    expect(saved.code).toBe(200);
    const closes = new Date(endOfExhibitionDay(calendar.dates.endsOn)).toISOString();
    expect(saved.data).toMatchObject({ id: 101, closesWith: "exhibition-closes", effectEnd: null, resolvedEnd: closes, closedMessageEn: "Closed" });
    const button = (await read()).buttons.find((b) => b.id === 101)!;
    expect(button).toMatchObject({ closesWith: "exhibition-closes", effectEnd: null, resolvedEnd: closes, closedMessage: "已截止" });
    const row = await api.db.selectFrom("button_auths").select(["closes_with", "effect_end"]).where("id", "=", 101).executeTakeFirstOrThrow();
    expect(row).toEqual({ closes_with: "exhibition-closes", effect_end: null });

    // A checklist item's done check is a calendar end too; back to a fixed time clears it.
    const byItem = await saveButton({ buttonId: "101", closesWith: "badges-applied" });
    expect(byItem.code).toBe(200);
    const fixed = `${calendar.dates.opensOn}T09:30`;
    const back = await saveButton({ buttonId: "101", closesWith: "", effectEnd: fixed });
    expect(back.data).toMatchObject({ closesWith: null, resolvedEnd: new Date(`${fixed}:00+08:00`).toISOString() });
  });

  it("refuses an unknown calendar end and a start after the end, changing nothing", async () => {
    const before = await snapshot();
    const unknown = await saveButton({ buttonId: "101", closesWith: "no-such-date" });
    expect(unknown.code).toBe(400);
    expect(fieldsOf(unknown.data).closesWith).toHaveLength(1);
    const late = await saveButton({ buttonId: "101", effectStart: `${addDays(before.calendar.dates.endsOn, 1)}T10:00`, closesWith: "exhibition-closes" });
    expect(late.code).toBe(400);
    expect(fieldsOf(late.data).effectStart?.[0]).toContain(before.calendar.dates.endsOn);
    expect((await saveButton({ buttonId: "999999" })).code).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  /** A row of the page's table as it shows a button now (buttonWindowShown: what the page posts beside it). */
  const shownRow = (button: CalendarButton) => {
    const values = {
      effectStart: exhibitionDateTimeInput(button.effectStart),
      closesWith: button.closesWith ?? "",
      effectEnd: exhibitionDateTimeInput(button.effectEnd),
      closedMessage: button.closedMessage ?? "",
      closedMessageEn: button.closedMessageEn ?? "",
    };
    return { buttonId: button.id, ...values, shown: buttonWindowShown(values) };
  };
  const saveButtons = (buttons: Record<string, unknown>[]) =>
    api.call<{ saved: number } | Fields>("/smeb/calendar/buttons", { ticket: admin, json: { buttons } });

  it("saves every changed window of the table in one call, and leaves the rows posted as shown as they are now", async () => {
    await restoreCalendarAfterTest();
    const calendar = await read();
    const rows = calendar.buttons.map(shownRow);
    const first = rows.findIndex((r) => r.buttonId === 101);
    const second = rows.findIndex((r) => r.buttonId === 102);
    // Meanwhile someone else changes button 103; this table still shows it as it was.
    const elsewhere = await saveButton({ buttonId: "103", closesWith: "exhibition-opens", closedMessage: "另一位主办方" });
    expect(elsewhere.code).toBe(200);
    rows[first] = { ...rows[first]!, closedMessage: "一次保存", closedMessageEn: "One save" };
    rows[second] = { ...rows[second]!, closesWith: "build-up-ends", effectEnd: "" };
    const saved = await saveButtons(rows);
    expect(saved).toMatchObject({ code: 200, data: { saved: 2 } });
    const after = await read();
    expect(after.buttons.find((b) => b.id === 101)).toMatchObject({ closedMessage: "一次保存", closedMessageEn: "One save" });
    expect(after.buttons.find((b) => b.id === 102)).toMatchObject({
      closesWith: "build-up-ends",
      resolvedEnd: new Date(endOfExhibitionDay(calendar.dates.buildUpTo)).toISOString(),
    });
    expect(after.buttons.find((b) => b.id === 103)).toMatchObject({ closesWith: "exhibition-opens", closedMessage: "另一位主办方" });
  });

  it("refuses the whole table when a row is wrong, naming that row's field, and saves none of it", async () => {
    const before = await snapshot();
    const rows = before.calendar.buttons.map(shownRow);
    const good = rows.findIndex((r) => r.buttonId === 101);
    const bad = rows.findIndex((r) => r.buttonId === 102);
    rows[good] = { ...rows[good]!, closedMessageEn: "Not saved" };
    rows[bad] = { ...rows[bad]!, effectStart: `${addDays(before.calendar.dates.endsOn, 1)}T10:00`, closesWith: "exhibition-closes" };
    const refused = await saveButtons(rows);
    expect(refused.code).toBe(400);
    expect(Object.keys(fieldsOf(refused.data))).toEqual([`buttons[${bad}].effectStart`]);
    expect(fieldsOf(refused.data)[`buttons[${bad}].effectStart`]?.[0]).toContain(before.calendar.dates.endsOn);
    rows[bad] = { ...rows[bad]!, effectStart: "", closesWith: "no-such-date" };
    expect(Object.keys(fieldsOf((await saveButtons(rows)).data))).toEqual([`buttons[${bad}].closesWith`]);
    const unknown = await saveButtons([{ ...rows[good]!, buttonId: 999999 }]);
    expect(Object.keys(fieldsOf(unknown.data))).toEqual(["buttons[0].buttonId"]);
    expect((await saveButtons([])).code).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("the page without JavaScript: a refused form comes back with its error and what was typed, a saved one redirects", async () => {
    await restoreCalendarAfterTest();
    const before = await snapshot();
    const dates = datesOf(before.calendar);
    const browser = portalClient(api.baseUrl);
    await browser.signIn("admin", "Admin#2026");
    const page = await browser.request("/index/calendar");
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const title of [calendarEn.title, calendarEn.dates.title, calendarEn.deadlines.title, calendarEn.buttons.title]) expect(html).toContain(title);

    const typed = addDays(dates.opensOn, -1);
    const refused = await browser.request("/index/calendar", { body: new URLSearchParams({ intent: "dates", ...dates, endsOn: typed }) });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain(calendarEn.dates.endsBeforeOpens);
    expect(refusedHtml).toContain(`value="${typed}"`);

    // The button windows are one table with one save: the page posts every row, as Conform names them.
    expect(html.match(/name="intent" value="buttons"/g)).toHaveLength(1);
    const tableForm = (change: (row: ReturnType<typeof shownRow>, index: number) => ReturnType<typeof shownRow>) => {
      const form = new URLSearchParams({ intent: "buttons" });
      before.calendar.buttons.map(shownRow).forEach((shown, index) => {
        for (const [name, value] of Object.entries(change(shown, index))) form.set(`buttons[${index}].${name}`, String(value));
      });
      return form;
    };
    const row101 = before.calendar.buttons.findIndex((b) => b.id === 101);
    const row102 = before.calendar.buttons.findIndex((b) => b.id === 102);
    const lateStart = `${addDays(dates.endsOn, 1)}T10:00`;
    const refusedTable = await browser.request("/index/calendar", {
      body: tableForm((row, index) =>
        index === row101
          ? { ...row, closedMessageEn: "Typed, kept" }
          : index === row102
            ? { ...row, effectStart: lateStart, closesWith: "exhibition-closes" }
            : row,
      ),
    });
    expect(refusedTable.status).toBe(400);
    const refusedTableHtml = await refusedTable.text();
    expect(refusedTableHtml).toContain(calendarEn.buttons.startAfterEnd.split("{{end}}")[0]!);
    expect(refusedTableHtml).toContain('value="Typed, kept"');
    expect(refusedTableHtml).toContain(`value="${lateStart}"`);

    const saved = await browser.request("/index/calendar", {
      body: tableForm((row, index) =>
        index === row101
          ? { ...row, closedMessageEn: "Saved with the table" }
          : index === row102
            ? { ...row, closesWith: "build-up-ends", effectEnd: "" }
            : row,
      ),
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/index/calendar");
    const after = await read();
    expect(after.buttons.find((b) => b.id === 101)?.closedMessageEn).toBe("Saved with the table");
    expect(after.buttons.find((b) => b.id === 102)).toMatchObject({
      closesWith: "build-up-ends",
      resolvedEnd: new Date(endOfExhibitionDay(dates.buildUpTo)).toISOString(),
    });
  });

  it("answers an exhibitor 403 on every endpoint and changes nothing", async () => {
    const before = await snapshot();
    const dates = datesOf(before.calendar);
    const answers = [
      await api.call("/smeb/calendar", { ticket: std01 }),
      await api.call("/smeb/calendar/dates", { ticket: std01, form: dates }),
      await api.call("/smeb/calendar/deadlines", {
        ticket: std01,
        json: { items: [{ id: before.calendar.items[0]!.id, deadline: `${dates.opensOn}T10:00` }] },
      }),
      await api.call("/smeb/calendar/button", { ticket: std01, form: { buttonId: "101", closesWith: "exhibition-opens" } }),
      await api.call("/smeb/calendar/buttons", { ticket: std01, json: { buttons: [{ buttonId: 101, closesWith: "exhibition-opens" }] } }),
    ];
    for (const answer of answers) expect(answer.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});
