import { sql } from "kysely";
import type * as z from "zod";
import type { CalendarButton, CalendarDates, ExhibitionCalendar } from "../../app/contracts/calendar/api-types";
import type { calendarButtonSchema, calendarButtonsSchema, calendarDatesSchema, calendarDeadlinesSchema } from "../../app/contracts/calendar/schema";
import { EXHIBITION_DATE_ENDS, buttonWindowShown } from "../../app/contracts/calendar/values";
import { exhibitionDateTime, exhibitionDateTimeInput, fromExhibitionDateTimeInput, endOfExhibitionDay } from "../../app/contracts/common/exhibition-time";
import type { Language } from "../../app/contracts/i18n/config";
import { translateMessage } from "../../app/contracts/i18n/translate.server";
import { ApiCode, ApiError, fieldError, notFound } from "../api/envelope";
import { constructionSettings } from "../booth-construction/common";
import type { Database, Db } from "../db/database";
import { calendarEnds } from "./dates";
import { iso } from "../db/column-values";

/**
 * The organizer's exhibition calendar (issue 39, decision 035): the exhibition's days, the checklist's
 * deadlines and the buttons' windows, read and saved for the organizer's exhibition. A refusal names
 * its fields (`data.fields`, messages already in the caller's language) and changes nothing.
 */

type Refusal = { field: string; key: string; values?: Record<string, unknown> };

/** One 400 for every refused field at once; the envelope's message is the first one's. */
function refuse(language: Language, refusals: Refusal[]): ApiError {
  const fields: Record<string, string[]> = {};
  for (const r of refusals) (fields[r.field] ??= []).push(translateMessage(language, r.key, r.values ?? {}));
  const first = refusals[0]!;
  return new ApiError(ApiCode.badRequest, first.key, first.values ?? {}, { fields });
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayBefore = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);

async function exhibitionDays(db: Db, exhibitionId: number) {
  const row = await db
    .selectFrom("exhibitions")
    .leftJoin("service_price_dates", "service_price_dates.exhibition_id", "exhibitions.id")
    .select([
      sql<string>`to_char(exhibitions.starts_on, 'YYYY-MM-DD')`.as("opens_on"),
      sql<string>`to_char(exhibitions.ends_on, 'YYYY-MM-DD')`.as("ends_on"),
      sql<string | null>`to_char(service_price_dates.advance_until, 'YYYY-MM-DD')`.as("advance_until"),
    ])
    .where("exhibitions.id", "=", exhibitionId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

async function scheduleItems(db: Db, exhibitionId: number) {
  return db
    .selectFrom("schedule_items")
    .select(["id", "title_zh", "title_en", "deadline", "done_check"])
    .where("exhibition_id", "=", exhibitionId)
    .orderBy("sort")
    .orderBy("id")
    .execute();
}

async function buttonRows(db: Database, buttonId?: number) {
  let query = db
    .selectFrom("button_auths")
    .innerJoin("menus", "menus.id", "button_auths.menu_id")
    .select([
      "button_auths.id",
      "button_auths.menu_id",
      "menus.name as menu_name",
      "menus.name_en as menu_name_en",
      "button_auths.name",
      "button_auths.name_en",
      "button_auths.effect_start",
      "button_auths.effect_end",
      "button_auths.closes_with",
      "button_auths.closed_message",
      "button_auths.closed_message_en",
    ])
    .orderBy("button_auths.menu_id")
    .orderBy("button_auths.id");
  if (buttonId !== undefined) query = query.where("button_auths.id", "=", buttonId);
  return query.execute();
}

type ButtonRow = Awaited<ReturnType<typeof buttonRows>>[number];

function buttonView(row: ButtonRow, ends: Map<string, Date>): CalendarButton {
  const resolved = row.closes_with ? (ends.get(row.closes_with) ?? null) : row.effect_end;
  return {
    id: row.id,
    menuId: row.menu_id,
    menuName: row.menu_name,
    menuNameEn: row.menu_name_en,
    name: row.name,
    nameEn: row.name_en,
    effectStart: iso(row.effect_start),
    effectEnd: iso(row.effect_end),
    closesWith: row.closes_with,
    closedMessage: row.closed_message,
    closedMessageEn: row.closed_message_en,
    resolvedEnd: iso(resolved),
  };
}

async function datesOf(db: Database, exhibitionId: number): Promise<CalendarDates> {
  const [days, construction] = await Promise.all([exhibitionDays(db, exhibitionId), constructionSettings(db, exhibitionId)]);
  return {
    opensOn: days.opens_on,
    endsOn: days.ends_on,
    buildUpFrom: construction.buildUpFrom,
    buildUpTo: construction.buildUpTo,
    dismantleFrom: construction.dismantleFrom,
    dismantleTo: construction.dismantleTo,
    advanceUntil: days.advance_until,
    standardUntil: dayBefore(days.opens_on),
  };
}

export async function readCalendar(db: Database, exhibitionId: number): Promise<ExhibitionCalendar> {
  const [dates, items, buttons, ends] = await Promise.all([
    datesOf(db, exhibitionId),
    scheduleItems(db, exhibitionId),
    buttonRows(db),
    calendarEnds(db, exhibitionId),
  ]);
  return {
    dates,
    items: items.map((item) => ({ id: item.id, title: item.title_zh, titleEn: item.title_en, deadline: iso(item.deadline)!, doneCheck: item.done_check })),
    buttons: buttons.map((row) => buttonView(row, ends)),
    ends: [...ends].map(([key, end]) => ({ key, end: end.toISOString() })),
  };
}

const itemTitle = (language: Language, item: { title_zh: string; title_en: string }) => (language === "en" ? item.title_en || item.title_zh : item.title_zh);

/** The exhibition's days in order, and no checklist deadline after the closing day; all saved in one transaction. */
export async function saveDates(db: Database, exhibitionId: number, input: z.output<typeof calendarDatesSchema>, language: Language): Promise<CalendarDates> {
  const d = input;
  const refusals: Refusal[] = [];
  // ISO days compare correctly as text.
  if (d.endsOn < d.opensOn) refusals.push({ field: "endsOn", key: "calendar.dates.endsBeforeOpens" });
  if (d.buildUpTo < d.buildUpFrom) refusals.push({ field: "buildUpTo", key: "calendar.dates.buildUpOrder" });
  if (d.buildUpTo >= d.opensOn) refusals.push({ field: "buildUpTo", key: "calendar.dates.buildUpAfterOpening" });
  if (d.dismantleFrom < d.endsOn) refusals.push({ field: "dismantleFrom", key: "calendar.dates.dismantleBeforeClose" });
  if (d.dismantleTo < d.dismantleFrom) refusals.push({ field: "dismantleTo", key: "calendar.dates.dismantleOrder" });
  if (d.advanceUntil >= d.opensOn) refusals.push({ field: "advanceUntil", key: "calendar.dates.advanceAfterOpening" });
  const closes = new Date(endOfExhibitionDay(d.endsOn));
  await db.transaction().execute(async (trx) => {
    // Under the exhibition's row lock, so a deadline saved meanwhile is seen (the deadlines' save takes it too).
    await trx.selectFrom("exhibitions").select("id").where("id", "=", exhibitionId).forUpdate().execute();
    const closed = new Date(endOfExhibitionDay((await exhibitionDays(trx, exhibitionId)).ends_on));
    // A deadline the new closing day would leave behind; one already after the old closing day (older data) does not hold the days up.
    const late = (await scheduleItems(trx, exhibitionId)).find((item) => new Date(item.deadline) > closes && new Date(item.deadline) <= closed);
    if (late) {
      refusals.push({
        field: "endsOn",
        key: "calendar.dates.deadlineAfterClose",
        values: { item: itemTitle(language, late), deadline: exhibitionDateTime(late.deadline) },
      });
    }
    if (refusals.length) throw refuse(language, refusals);
    await trx.updateTable("exhibitions").set({ starts_on: d.opensOn, ends_on: d.endsOn }).where("id", "=", exhibitionId).execute();
    const construction = { build_up_from: d.buildUpFrom, build_up_to: d.buildUpTo, dismantle_from: d.dismantleFrom, dismantle_to: d.dismantleTo };
    await trx
      .insertInto("construction_settings")
      .values({ exhibition_id: exhibitionId, ...construction, insurance_min_cents: 0 })
      .onConflict((oc) => oc.column("exhibition_id").doUpdateSet(construction))
      .execute();
    await trx
      .insertInto("service_price_dates")
      .values({ exhibition_id: exhibitionId, advance_until: d.advanceUntil })
      .onConflict((oc) => oc.column("exhibition_id").doUpdateSet({ advance_until: d.advanceUntil }))
      .execute();
  });
  return datesOf(db, exhibitionId);
}

/** Every given item's deadline: the exhibition's own items, none after the end of the closing day; one transaction. */
export async function saveDeadlines(db: Database, exhibitionId: number, input: z.output<typeof calendarDeadlinesSchema>, language: Language) {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom("exhibitions").select("id").where("id", "=", exhibitionId).forUpdate().execute();
    const days = await exhibitionDays(trx, exhibitionId);
    const closes = new Date(endOfExhibitionDay(days.ends_on));
    const stored = new Map((await scheduleItems(trx, exhibitionId)).map((item) => [item.id, item.deadline]));
    const refusals: Refusal[] = [];
    const updates: { id: number; deadline: Date }[] = [];
    input.items.forEach((entry, index) => {
      // The names the page's form gives the fields (Conform's items[i].deadline).
      const field = `items[${index}].deadline`;
      const before = stored.get(entry.id);
      const deadline = fromExhibitionDateTimeInput(entry.deadline);
      if (before === undefined) refusals.push({ field, key: "calendar.deadlines.unknownItem" });
      else if (!deadline) refusals.push({ field, key: "validation.correct|calendar.deadlines.deadline" });
      // Left as it was (to the minute the form shows): kept, seconds and all, even one set after the closing day before.
      else if (exhibitionDateTimeInput(before) === exhibitionDateTimeInput(deadline)) return;
      else if (deadline > closes) refusals.push({ field, key: "calendar.deadlines.afterClose", values: { day: days.ends_on } });
      else updates.push({ id: entry.id, deadline });
    });
    if (refusals.length) throw refuse(language, refusals);
    for (const update of updates) {
      await trx
        .updateTable("schedule_items")
        .set({ deadline: update.deadline })
        .where("id", "=", update.id)
        .where("exhibition_id", "=", exhibitionId)
        .execute();
    }
    return { saved: updates.length };
  });
}

type ButtonInput = z.output<typeof calendarButtonSchema>;
type ButtonWindow = {
  effect_start: Date | null;
  effect_end: Date | null;
  closes_with: string | null;
  closed_message: string | null;
  closed_message_en: string | null;
};

/**
 * One button's window as it would be stored, or the refusals of it, named `prefix` + the field: a
 * start before its (resolved) end, and an end that is a fixed time or a calendar date this exhibition has.
 */
function planButtonWindow(
  row: ButtonRow,
  input: ButtonInput,
  calendar: { ends: Map<string, Date>; known: Set<string> },
  prefix = "",
): { window: ButtonWindow } | { refusals: Refusal[] } {
  const closesWith = input.closesWith ?? null;
  if (closesWith !== null && !calendar.known.has(closesWith)) return { refusals: [{ field: `${prefix}closesWith`, key: "calendar.buttons.unknownEnd" }] };
  // A time left as the form showed it (to the minute) keeps its stored seconds.
  const timeOf = (typed: string | undefined, before: Date | string | null) =>
    !typed ? null : before !== null && exhibitionDateTimeInput(before) === typed ? new Date(before) : fromExhibitionDateTimeInput(typed);
  const start = timeOf(input.effectStart, row.effect_start);
  const fixedEnd = closesWith === null ? timeOf(input.effectEnd, row.effect_end) : null;
  const end = closesWith === null ? fixedEnd : (calendar.ends.get(closesWith) ?? null);
  if (start && end && start >= end) {
    return { refusals: [{ field: `${prefix}effectStart`, key: "calendar.buttons.startAfterEnd", values: { end: exhibitionDateTime(end) } }] };
  }
  return {
    window: {
      effect_start: start,
      effect_end: fixedEnd,
      closes_with: closesWith,
      closed_message: input.closedMessage ?? null,
      closed_message_en: input.closedMessageEn ?? null,
    },
  };
}

/** The calendar's ends and the ends a window may name (the exhibition's dates and its items' done checks). */
async function windowEnds(db: Database, exhibitionId: number) {
  const [ends, items] = await Promise.all([calendarEnds(db, exhibitionId), scheduleItems(db, exhibitionId)]);
  const known = new Set<string>([...EXHIBITION_DATE_ENDS, ...items.flatMap((item) => (item.done_check ? [item.done_check] : []))]);
  return { ends, known };
}

/** One button's window (planButtonWindow's rules). */
export async function saveButton(db: Database, exhibitionId: number, input: ButtonInput, language: Language): Promise<CalendarButton> {
  const [row] = await buttonRows(db, input.buttonId);
  if (!row) throw fieldError("calendar.buttons.notFound", "buttonId", {}, ApiCode.notFound);
  const plan = planButtonWindow(row, input, await windowEnds(db, exhibitionId));
  if ("refusals" in plan) throw refuse(language, plan.refusals);
  await db.updateTable("button_auths").set(plan.window).where("id", "=", row.id).execute();
  const [saved] = await buttonRows(db, row.id);
  return buttonView(saved!, await calendarEnds(db, exhibitionId));
}

/**
 * Every button's window from the page's one form (issue 51): each row the organizer changed checked
 * as one button's, the refusals named after the form's rows (Conform's buttons[i].field); all saved in
 * one transaction, or none when any row is refused. Rows posted as they were shown are left alone.
 */
export async function saveButtons(db: Database, exhibitionId: number, input: z.output<typeof calendarButtonsSchema>, language: Language) {
  const [rows, calendar] = await Promise.all([buttonRows(db), windowEnds(db, exhibitionId)]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const refusals: Refusal[] = [];
  const updates: { id: number; window: ButtonWindow }[] = [];
  for (const [index, entry] of input.buttons.entries()) {
    // Posted as the table showed it: not this form's change to make.
    if (entry.shown !== undefined && entry.shown === buttonWindowShown(entry)) continue;
    const prefix = `buttons[${index}].`;
    const row = byId.get(entry.buttonId);
    const plan = row ? planButtonWindow(row, entry, calendar, prefix) : { refusals: [{ field: `${prefix}buttonId`, key: "calendar.buttons.notFound" }] };
    if ("refusals" in plan) refusals.push(...plan.refusals);
    else updates.push({ id: entry.buttonId, window: plan.window });
  }
  if (refusals.length) throw refuse(language, refusals);
  await db.transaction().execute(async (trx) => {
    for (const update of updates) await trx.updateTable("button_auths").set(update.window).where("id", "=", update.id).execute();
  });
  return { saved: updates.length };
}
