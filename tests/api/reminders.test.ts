import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ReminderLogPage, ReminderSendResult, ReminderSettings } from "../../app/contracts/reminders/api-types";
import { appClock } from "../../server/clock";
import { createLogger } from "../../server/logger";
import { createNotifier } from "../../server/notify";
import { startReminderQueue } from "../../server/reminders/queue";
import { manualRecipientCount, runSweep } from "../../server/reminders/send";
import { readOutbox } from "../support/outbox";
import { portalClient } from "../support/portal-client";
import { backendsOf, loadRemixBuild, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { until } from "../support/until";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const INVITATION_LINK = "/exhibitorInfo/invitation/custom";
const BADGES_LINK = "/exhibitorInfo/exhibitorCertificateApply";

describe.each(backendsOf(import.meta.url))("checklist reminders (sweep, queue, /smeb/reminders/*) on %s", (backend) => {
  let api: TestApi;
  let dataDir: string;
  let admin: string;
  let std01: string;
  let invitationId: number;
  let badgesId: number;
  let deps: Parameters<typeof runSweep>[0];
  let seededSettings: ReminderSettings;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "reminders-"));
    api = await startTestApi(backend, { DATA_DIR: dataDir, PUBLIC_URL: "https://portal.example.org" }, { remixBuild: await loadRemixBuild() });
    [admin, std01] = await Promise.all([api.login("admin", "Admin#2026"), api.login("std01", "Expo#2026")]);
    deps = { db: api.db, config: api.config, logger: createLogger("silent"), notifier: createNotifier({ config: api.config, db: api.db }) };
    const items = await api.db.selectFrom("schedule_items").select(["id", "link"]).execute();
    invitationId = items.find((i) => i.link === INVITATION_LINK)!.id;
    badgesId = items.find((i) => i.link === BADGES_LINK)!.id;
    seededSettings = (await api.call<ReminderSettings>("/smeb/reminders/settings", { ticket: admin })).data;
    await api.db.updateTable("users").set({ contact_email: "std01@example.org", contact_phone: "13800000001" }).where("username", "=", "std01").execute();
    await api.db.updateTable("users").set({ contact_email: "raw01@example.org", contact_phone: null }).where("username", "=", "raw01").execute();
  });
  // Each test starts from the same state, whatever ran before it: no reminder sent, nothing in the
  // outbox, the seeded settings, and only the two items under test with a deadline in reach (the
  // others months ahead).
  beforeEach(async () => {
    await api.db.deleteFrom("reminder_log").execute();
    fs.rmSync(path.join(dataDir, "outbox"), { recursive: true, force: true });
    const restored = await api.call("/smeb/reminders/settings", {
      ticket: admin,
      form: { daysBefore: seededSettings.daysBefore.join(" "), overdue: seededSettings.overdue ? "on" : "" },
    });
    expect(restored.code, restored.message).toBe(200);
    const far = new Date(appClock.now().getTime() + 120 * DAY);
    await api.db.updateTable("schedule_items").set({ deadline: far }).execute();
    const soon = new Date(appClock.now().getTime() + DAY);
    await api.db.updateTable("schedule_items").set({ deadline: soon }).where("id", "in", [invitationId, badgesId]).execute();
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const mailsTo = (to: string) => readOutbox(dataDir).filter((m) => m.to === to && m.subject);
  const smsTo = (to: string) => readOutbox(dataDir).filter((m) => m.to === to && !m.subject);
  const logOf = (itemId: number) =>
    api.db.selectFrom("reminder_log").select(["user_id", "kind", "status", "email", "sms"]).where("schedule_item_id", "=", itemId).execute();

  it("sends the 2-day reminder to the not-done exhibitors only, once, with two sweeps at once", async () => {
    const [first, second] = await Promise.all([runSweep(deps), runSweep(deps)]);
    expect(first.sent + second.sent).toBe(2);
    const log = await logOf(invitationId);
    expect(log.map((r) => r.kind).sort()).toEqual(["before:2", "before:2"]);
    expect(log.every((r) => r.status === "sent")).toBe(true);
    // Everyone applied for badges: nobody is reminded of it.
    expect(await logOf(badgesId)).toEqual([]);

    const [mail, ...more] = mailsTo("std01@example.org");
    expect(more).toEqual([]);
    expect(mail!.subject.startsWith("【待办】")).toBe(true);
    expect(mail!.text).toContain(`https://portal.example.org${INVITATION_LINK}`);
    expect(mail!.text).toContain("北京时间");
    expect(smsTo("13800000001")).toHaveLength(1);
    expect(mailsTo("raw01@example.org")).toHaveLength(1);
  });

  it("sends nothing again after a restart: a second queue's sweep finds every reminder claimed", async () => {
    await runSweep(deps);
    const before = readOutbox(dataDir).length;
    const query = <Row>(text: string) => api.database.db.executeQuery<Row>({ sql: text, parameters: [], query: null as never, queryId: null as never });
    const completedSweeps = async () => {
      // pg-boss makes its tables when a first queue starts: none may have yet, when this test runs first.
      const { rows: made } = await query<{ made: boolean }>("select to_regclass('pgboss.job') is not null as made");
      if (!made[0]?.made) return 0;
      const { rows } = await query<{ n: number }>("select count(*)::int as n from pgboss.job where name = 'reminders-sweep' and state = 'completed'");
      return Number(rows[0]?.n ?? 0);
    };
    for (let round = 0; round < 2; round++) {
      const sweepsBefore = await completedSweeps();
      const queue = await startReminderQueue({ ...deps, database: api.database }, { pollingSeconds: 0.5 });
      try {
        // Its sweep at start runs within the polling interval; wait until pg-boss has completed it.
        await until(async () => (await completedSweeps()) > sweepsBefore, 200);
      } finally {
        await queue.stop();
      }
    }
    expect(readOutbox(dataDir).length).toBe(before);
    expect(await logOf(invitationId)).toHaveLength(2);
  });

  it("sends the overdue reminder once when the deadline has passed", async () => {
    // The 2-day reminder went out while the deadline was ahead.
    await runSweep(deps);
    await api.db
      .updateTable("schedule_items")
      .set({ deadline: new Date(appClock.now().getTime() - HOUR) })
      .where("id", "=", invitationId)
      .execute();
    await Promise.all([runSweep(deps), runSweep(deps)]);
    await runSweep(deps);
    const overdue = (await logOf(invitationId)).filter((r) => r.kind === "overdue");
    expect(overdue).toHaveLength(2);
    const mails = mailsTo("std01@example.org");
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(/^【待办】.*截止/);
  });

  it("sends a reminder now to the not-done list, logs it, and may send one again", async () => {
    const sent = await api.call<ReminderSendResult>("/smeb/reminders/sendNow", { ticket: admin, form: { itemId: String(invitationId) } });
    expect(sent).toMatchObject({ code: 200, data: { recipients: 2 } });
    const again = await api.call<ReminderSendResult>("/smeb/reminders/sendNow", { ticket: admin, form: { itemId: String(invitationId) } });
    expect(again.data.recipients).toBe(2);
    expect(mailsTo("std01@example.org")).toHaveLength(2);
    const nobody = await api.call<ReminderSendResult>("/smeb/reminders/sendNow", { ticket: admin, form: { itemId: String(badgesId) } });
    expect(nobody.data.recipients).toBe(0);

    const log = await api.call<ReminderLogPage>("/smeb/reminders/log", { ticket: admin, query: { itemId: String(invitationId), pageSize: "10" } });
    expect(log.data.total).toBe(4);
    const manual = log.data.rows.filter((r) => r.kind.startsWith("manual:"));
    expect(manual).toHaveLength(4);
    expect(new Set(manual.map((r) => r.kind)).size).toBe(2);
    const std01Row = manual.find((r) => r.username === "std01")!;
    expect(std01Row).toMatchObject({ status: "sent", email: true, sms: true });
    const second = await api.call<ReminderLogPage>("/smeb/reminders/log", {
      ticket: admin,
      query: { itemId: String(invitationId), pageSize: "10", page: "2" },
    });
    expect(second.data).toMatchObject({ total: 4, rows: [] });
    expect((await api.call("/smeb/reminders/sendNow", { ticket: admin, form: { itemId: "999999" } })).code).toBe(404);
  });

  it("the drill-down page asks before sending, sends, and shows the log (no JavaScript needed)", async () => {
    const sentBefore = await api.call<ReminderSendResult>("/smeb/reminders/sendNow", { ticket: admin, form: { itemId: String(invitationId) } });
    expect(sentBefore.data.recipients).toBe(2);
    const browser = portalClient(api.baseUrl);
    await browser.signIn("admin", "Admin#2026");
    const page = `/index/checklist/${invitationId}`;
    const shown = await (await browser.request(page)).text();
    expect(shown).toContain("Send a reminder now");
    expect(shown).toContain('data-testid="reminder-log"');
    expect(shown).toContain("Sent by the organizer");
    const asked = await browser.request(page, { body: new URLSearchParams({ intent: "remind-ask" }) });
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(question).toContain('data-testid="confirm-reminder"');
    expect(question).toMatch(/Send a reminder about .* to 2 exhibitors\?/);
    const before = mailsTo("std01@example.org").length;
    const confirmed = await browser.request(page, { body: new URLSearchParams({ intent: "remind", itemId: String(invitationId) }) });
    expect(confirmed.status).toBe(302);
    expect(mailsTo("std01@example.org")).toHaveLength(before + 1);

    const refused = await browser.request(page, { body: new URLSearchParams({ intent: "settings", daysBefore: "7, 0" }) });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Each number of days must be a whole number from 1 to 60");
    const saved = await browser.request(page, { body: new URLSearchParams({ intent: "settings", daysBefore: "14, 3", overdue: "1" }) });
    expect(saved.status).toBe(302);
    const settings = await api.call<ReminderSettings>("/smeb/reminders/settings", { ticket: admin });
    expect(settings.data).toEqual({ daysBefore: [14, 3], overdue: true });
  });

  it("with a queue running, send now is a job that a worker sends", async () => {
    // The reminders due now are claimed first: the queue's sweep at start adds none, and only the job sends.
    await runSweep(deps);
    const queue = await startReminderQueue({ ...deps, database: api.database }, { pollingSeconds: 0.5 });
    try {
      const before = (await logOf(invitationId)).length;
      const sentRows = async () => (await logOf(invitationId)).filter((row) => row.status === "sent").length;
      const sentBefore = await sentRows();
      const sent = await api.call<ReminderSendResult>("/smeb/reminders/sendNow", { ticket: admin, form: { itemId: String(invitationId) } });
      expect(sent.data.recipients).toBe(2);
      // Logged at once (queued), sent by the worker.
      await until(async () => (await sentRows()) >= sentBefore + 2, 200);
      expect((await logOf(invitationId)).length).toBe(before + 2);
      expect(await sentRows()).toBe(sentBefore + 2);
    } finally {
      await queue.stop();
    }
  });

  it("shows a send now as queued on the page it redirects to, before the worker ran, then as sent", async () => {
    // The reminders due now are claimed first, so that the queues' sweeps at start have nothing to send.
    await runSweep(deps);
    // An item nobody was reminded of yet, with exhibitors to remind.
    const exhibitionId = (await api.db.selectFrom("schedule_items").select("exhibition_id").where("id", "=", invitationId).executeTakeFirstOrThrow())
      .exhibition_id;
    const items = await api.db.selectFrom("schedule_items").select("id").where("id", "not in", [invitationId, badgesId]).orderBy("id").execute();
    let itemId = 0;
    for (const item of items) {
      const logged = await logOf(item.id);
      if (!logged.length && (await manualRecipientCount(api.db, exhibitionId, item.id)) > 0) {
        itemId = item.id;
        break;
      }
    }
    expect(itemId, "an item with exhibitors to remind and no reminder yet").toBeGreaterThan(0);
    const recipients = await manualRecipientCount(api.db, exhibitionId, itemId);
    const browser = portalClient(api.baseUrl);
    await browser.signIn("admin", "Admin#2026");
    const page = `/index/checklist/${itemId}`;
    // A queue whose workers look for jobs only hourly: the job waits, as it does for a moment on a busy server.
    const idle = await startReminderQueue({ ...deps, database: api.database }, { pollingSeconds: 3600 });
    try {
      const confirmed = await browser.request(page, { body: new URLSearchParams({ intent: "remind", itemId: String(itemId) }) });
      expect(confirmed.status).toBe(302);
      const shown = await (await browser.request(page)).text();
      expect(shown.includes("No reminder has been sent for this item yet."), "the log says none was sent").toBe(false);
      expect(shown.match(/data-testid="reminder-log-row"/g)).toHaveLength(recipients);
      expect(shown.match(/>Queued</g)).toHaveLength(recipients);
      expect((await logOf(itemId)).map((row) => row.status)).toEqual(Array(recipients).fill("queued"));
    } finally {
      await idle.stop();
    }
    // A worker takes the job: the same rows are sent, none added.
    const worker = await startReminderQueue({ ...deps, database: api.database }, { pollingSeconds: 0.5 });
    try {
      // Queued, then claimed by the worker, then sent: wait until no row is on its way.
      await until(async () => !(await logOf(itemId)).some((row) => row.status === "queued" || row.status === "claimed"), 200);
      expect((await logOf(itemId)).map((row) => row.status)).toEqual(Array(recipients).fill("sent"));
    } finally {
      await worker.stop();
    }
    const after = await (await browser.request(page)).text();
    expect(after.match(/>Sent</g)).toHaveLength(recipients);
  });

  it("validates the settings with translated messages", async () => {
    const save = (daysBefore: string, lang = "en") =>
      api.call<ReminderSettings>("/smeb/reminders/settings", { ticket: admin, lang, form: { daysBefore, overdue: "" } });
    for (const [days, message] of [
      ["0", "Each number of days must be a whole number from 1 to 60"],
      ["61", "Each number of days must be a whole number from 1 to 60"],
      ["2.5", "Each number of days must be a whole number from 1 to 60"],
      ["abc", "Each number of days must be a whole number from 1 to 60"],
      ["1,2,3,4,5,6", "At most 5 numbers of days"],
      ["7, 7", "Each number of days only once"],
    ] as const) {
      const refused = await save(days);
      expect(refused.code, days).toBe(400);
      expect(refused.message, days).toContain(message);
    }
    expect((await save("7，7", "zh")).message).toContain("天数不能重复");
    const saved = await save("2 30 10");
    expect(saved).toMatchObject({ code: 200, data: { daysBefore: [30, 10, 2], overdue: false } });
    expect((await save("")).data).toEqual({ daysBefore: [], overdue: false });
  });

  it("is the organizer's only: an exhibitor gets 403", async () => {
    expect((await api.call("/smeb/reminders/settings", { ticket: std01 })).code).toBe(403);
    expect((await api.call("/smeb/reminders/settings", { ticket: std01, form: { daysBefore: "3" } })).code).toBe(403);
    expect((await api.call("/smeb/reminders/sendNow", { ticket: std01, form: { itemId: String(invitationId) } })).code).toBe(403);
    expect((await api.call("/smeb/reminders/log", { ticket: std01, query: { itemId: String(invitationId) } })).code).toBe(403);
  });
});
