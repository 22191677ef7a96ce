import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";

/**
 * The exhibition calendar in the IDOR sweep (tests/api/idor.test.ts, issue 39): an exhibitor (B, raw01, as
 * everywhere in the sweep the caller who owns nothing here) reading the calendar or saving its days, deadlines,
 * a button's window or every window gets 403 and changes nothing; the organizer reads it (control). The page
 * sends the exhibitor to /401, on a GET and on its forms.
 */
type Ctx = { api: TestApi; b: string; admin: string };

async function call(ctx: Ctx, ticket: string, path: string, body?: { form?: Record<string, string>; json?: unknown }) {
  const headers: Record<string, string> = { ticket, "accept-language": "en" };
  if (body?.form) headers["content-type"] = "application/x-www-form-urlencoded";
  if (body?.json) headers["content-type"] = "application/json";
  const response = await fetch(`${ctx.api.baseUrl}/api${path}`, {
    method: body ? "POST" : "GET",
    headers,
    body: body?.form ? new URLSearchParams(body.form).toString() : body?.json ? JSON.stringify(body.json) : undefined,
  });
  return { status: response.status, text: await response.text() };
}

const snapshot = async (ctx: Ctx) => ({
  exhibitions: await ctx.api.db.selectFrom("exhibitions").select(["id", "starts_on", "ends_on"]).orderBy("id").execute(),
  items: await ctx.api.db.selectFrom("schedule_items").select(["id", "deadline"]).orderBy("id").execute(),
  buttons: await ctx.api.db.selectFrom("button_auths").select(["id", "effect_start", "effect_end", "closes_with", "closed_message"]).orderBy("id").execute(),
});

const calendarApiProbe = async (ctx: Ctx) => {
  const read = await call(ctx, ctx.admin, "/smeb/calendar");
  expect(read.status).toBe(200);
  const { data } = JSON.parse(read.text) as { data: { dates: Record<string, string>; items: { id: number }[]; buttons: { id: number }[] } };
  const before = await snapshot(ctx);
  const attempts = [
    await call(ctx, ctx.b, "/smeb/calendar"),
    await call(ctx, ctx.b, "/smeb/calendar/dates", { form: { ...data.dates, advanceUntil: data.dates.advanceUntil! } }),
    await call(ctx, ctx.b, "/smeb/calendar/deadlines", { json: { items: [{ id: data.items[0]!.id, deadline: `${data.dates.opensOn}T10:00` }] } }),
    await call(ctx, ctx.b, "/smeb/calendar/button", { form: { buttonId: String(data.buttons[0]!.id), closesWith: "exhibition-closes", closedMessage: "B" } }),
    await call(ctx, ctx.b, "/smeb/calendar/buttons", {
      json: { buttons: [{ buttonId: data.buttons[0]!.id, closesWith: "exhibition-closes", closedMessage: "B" }] },
    }),
  ];
  for (const answer of attempts) expect(answer.status).toBe(403);
  expect(await snapshot(ctx)).toEqual(before);
};

/** The page and its three forms: the exhibitor lands on /401 and nothing is saved. */
const calendarPageProbe = async (ctx: Ctx) => {
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  const before = await snapshot(ctx);
  const get = await browser.request("/index/calendar");
  expect(get.status).toBe(302);
  expect(get.headers.get("location")).toMatch(/\/401/);
  const forms: Record<string, string>[] = [
    { intent: "dates", opensOn: "2000-01-02", endsOn: "2000-01-03" },
    { intent: "deadlines", "items[0].id": "1", "items[0].deadline": "2000-01-01T10:00" },
    { intent: "buttons", "buttons[0].buttonId": "101", "buttons[0].closesWith": "exhibition-closes" },
  ];
  for (const form of forms) {
    const response = await browser.request("/index/calendar", { body: new URLSearchParams(form) });
    expect(response.status, form.intent).toBe(302);
    expect(response.headers.get("location"), form.intent).toMatch(/\/401/);
  }
  expect(await snapshot(ctx)).toEqual(before);
};

export const calendarSweep = {
  "routes/_shell.index.calendar": { probe: calendarPageProbe },
  "GET /api/smeb/calendar": { probe: calendarApiProbe },
  "POST /api/smeb/calendar/dates": { probe: calendarApiProbe },
  "POST /api/smeb/calendar/deadlines": { probe: calendarApiProbe },
  "POST /api/smeb/calendar/button": { probe: calendarApiProbe },
  "POST /api/smeb/calendar/buttons": { probe: calendarApiProbe },
};
