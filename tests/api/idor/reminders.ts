import { expect } from "vitest";
import { portalClient } from "../../support/portal-client";
import type { TestApi } from "../../support/test-api";

/**
 * Checklist reminders in the IDOR sweep (tests/api/idor.test.ts, decision 034): exhibitor B (raw01)
 * asking for the reminder settings, an item's reminder log (which names other exhibitors), saving the
 * settings or sending a reminder gets 403 and changes nothing; the organizer reads them (control).
 * The drill-down page: B is sent to /401 on the page and on its reminder forms, and nothing is sent.
 */
type Ctx = { api: TestApi; a: string; b: string; admin: string };

async function call(ctx: Ctx, ticket: string, method: "GET" | "POST", path: string, form?: Record<string, string>) {
  const response = await fetch(`${ctx.api.baseUrl}/api${path}`, {
    method,
    headers: { ticket, "accept-language": "en", ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  return { status: response.status, text: await response.text() };
}

const logCount = async (ctx: Ctx) =>
  Number(
    (
      await ctx.api.db
        .selectFrom("reminder_log")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const firstItemId = async (ctx: Ctx) => (await ctx.api.db.selectFrom("schedule_items").select("id").orderBy("id").executeTakeFirstOrThrow()).id;

const remindersApiProbe = async (ctx: Ctx) => {
  const itemId = await firstItemId(ctx);
  expect((await call(ctx, ctx.admin, "GET", "/smeb/reminders/settings")).status).toBe(200);
  expect((await call(ctx, ctx.admin, "GET", `/smeb/reminders/log?itemId=${itemId}`)).status).toBe(200);
  const settingsBefore = await ctx.api.db.selectFrom("reminder_settings").selectAll().execute();
  const logBefore = await logCount(ctx);
  const attempts = [
    await call(ctx, ctx.b, "GET", "/smeb/reminders/settings"),
    await call(ctx, ctx.b, "GET", `/smeb/reminders/log?itemId=${itemId}`),
    await call(ctx, ctx.b, "POST", "/smeb/reminders/settings", { daysBefore: "1", overdue: "" }),
    await call(ctx, ctx.b, "POST", "/smeb/reminders/sendNow", { itemId: String(itemId) }),
  ];
  for (const answer of attempts) {
    expect(answer.status).toBe(403);
    expect(answer.text).not.toContain("std01");
  }
  expect(await ctx.api.db.selectFrom("reminder_settings").selectAll().execute()).toEqual(settingsBefore);
  expect(await logCount(ctx)).toBe(logBefore);
};

/** The drill-down page and its reminder forms: B lands on /401 and nothing is sent or saved. */
const checklistPageProbe = async (ctx: Ctx) => {
  const browser = portalClient(ctx.api.baseUrl);
  await browser.signIn("raw01", "Expo#2026");
  const logBefore = await logCount(ctx);
  const page = `/index/checklist/${await firstItemId(ctx)}`;
  const get = await browser.request(page);
  expect(get.status).toBe(302);
  expect(get.headers.get("location")).toMatch(/\/401/);
  const forms: Record<string, string>[] = [{ intent: "remind" }, { intent: "settings", daysBefore: "1" }];
  for (const form of forms) {
    const response = await browser.request(page, { body: new URLSearchParams(form) });
    expect(response.status, form.intent).toBe(302);
    expect(response.headers.get("location"), form.intent).toMatch(/\/401/);
  }
  expect(await logCount(ctx)).toBe(logBefore);
};

export const remindersSweep = {
  // Replaces the overview's entry for the page: the same GET check, and the page's reminder forms.
  "routes/_shell.index.checklist.$itemId": { probe: checklistPageProbe },
  "GET /api/smeb/reminders/settings": { probe: remindersApiProbe },
  "POST /api/smeb/reminders/settings": { probe: remindersApiProbe },
  "POST /api/smeb/reminders/sendNow": { probe: remindersApiProbe },
  "GET /api/smeb/reminders/log": { probe: remindersApiProbe },
};
