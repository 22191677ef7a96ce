import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type JobQueue, startJobQueue } from "../../server/jobs/queue";
import { createLogger } from "../../server/logger";
import { createNotifier } from "../../server/notify";
import { createDeliveryChannels, type DeliveryChannels } from "../../server/notify/channels";
import { DeliveryError } from "../../server/notify/delivery-error";
import { MESSAGE_SEND_QUEUE, messageJobs, sweepMessages } from "../../server/notify/jobs";
import { claimMessage, recordMessage } from "../../server/notify/message-log";
import type { EmailMessage, SmsMessage } from "../../server/notify/notifier";
import { readOutbox } from "../support/outbox";
import { startSmtpFake } from "../support/smtp-fake";
import { backendsOf, postgresSkipReason, startTestApi, type TestApi } from "../support/test-api";
import { until as waitUntil } from "../support/until";

if (postgresSkipReason) describe.skip(postgresSkipReason, () => it("runs on PostgreSQL", () => {}));

/** Waits until `check` answers something (polling the database or a fake), `what` saying what; no fixed sleeps and no limit but the test's timeout. */
const until = <T>(_what: string, check: () => T | Promise<T>) => waitUntil(check, 100);

/** Channels that record every send and fail as told (one answer per call, then success). */
function scriptedChannels(failures: Array<Error | null> = []) {
  const sent: Array<EmailMessage | SmsMessage> = [];
  const script = [...failures];
  const step = async (message: EmailMessage | SmsMessage) => {
    const failure = script.shift();
    if (failure) throw failure;
    sent.push(message);
  };
  const channels: DeliveryChannels = { emailTransport: "smtp", smsProvider: "scripted", sendEmail: step, sendSms: step };
  return { channels, sent, script };
}

const logger = createLogger("silent");

describe.each(backendsOf(import.meta.url))("every message through the delivery log and the job queue on %s", (backend) => {
  let api: TestApi;
  let dataDir: string;
  let admin: string;
  let std01: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "delivery-"));
    api = await startTestApi(backend, { DATA_DIR: dataDir });
    [admin, std01] = await Promise.all([api.login("admin", "Admin#2026"), api.login("std01", "Expo#2026")]);
  });
  afterAll(async () => {
    await api?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const rowOf = (id: number) => api.db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const lastRow = () => api.db.selectFrom("messages").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();

  /** A job queue running only the messages' workers, on channels of the test's choosing. */
  async function withQueue<T>(channels: DeliveryChannels, run: (queue: JobQueue) => Promise<T>): Promise<T> {
    const queue = await startJobQueue({ database: api.database, logger }, [messageJobs({ db: api.db, channels, logger }, { retryBaseSeconds: 1 })], {
      pollingSeconds: 0.5,
    });
    try {
      return await run(queue);
    } finally {
      await queue.stop();
    }
  }

  it("without a job queue sends at once, still through the log: the API's mail and the notifier's SMS are rows marked sent", async () => {
    const confirm = await api.call("/smeb/worksheet/confirm", { method: "POST", ticket: admin });
    expect(confirm).toMatchObject({ code: 200, data: { sentTo: "ops@pitf.example.org", channel: "outbox" } });
    const mail = await lastRow();
    expect(mail).toMatchObject({ channel: "email", kind: "scheduleMail", recipient: "ops@pitf.example.org", status: "sent", attempts: 1, reason: null });
    expect(mail.exhibition_id).not.toBeNull();
    expect(mail.sent_at).not.toBeNull();

    const notifier = createNotifier({ config: api.config, db: api.db });
    await notifier.sendSms({ to: "13800000009", text: "code 123456", kind: "mobileVerification", params: { code: "123456", minutes: "10" } });
    const sms = await lastRow();
    expect(sms).toMatchObject({
      channel: "sms",
      kind: "mobileVerification",
      status: "sent",
      attempts: 1,
      params: JSON.stringify({ code: "123456", minutes: "10" }),
    });
    expect(readOutbox(dataDir).filter((m) => m.to === "13800000009")).toHaveLength(1);
  });

  it("without a job queue a failure ends the row failed with the provider's reason, and the caller hears of it", async () => {
    const { channels } = scriptedChannels([new DeliveryError("isv.MOBILE_NUMBER_ILLEGAL", { temporary: false })]);
    const notifier = createNotifier({ config: api.config, db: api.db, channels });
    await expect(notifier.sendSms({ to: "13800000010", text: "x", kind: "mobileVerification", params: { code: "1", minutes: "10" } })).rejects.toThrow(
      /MOBILE_NUMBER_ILLEGAL/,
    );
    expect(await lastRow()).toMatchObject({ status: "failed", reason: "isv.MOBILE_NUMBER_ILLEGAL", attempts: 1 });
  });

  it("with the queue running, a send is logged as queued and then sent by the worker", async () => {
    const { channels, sent } = scriptedChannels();
    await withQueue(channels, async () => {
      const notifier = createNotifier({ config: api.config, db: api.db, channels });
      await notifier.sendEmail({ to: "queued@example.org", subject: "s", text: "t", kind: "reminder" });
      const row = await lastRow();
      expect(["queued", "sending", "sent"]).toContain(row.status);
      await until("the worker sent it", async () => (await rowOf(row.id)).status === "sent");
      expect(await rowOf(row.id)).toMatchObject({ status: "sent", attempts: 1 });
      expect(sent.map((m) => m.to)).toEqual(["queued@example.org"]);
    });
  });

  it("retries a temporary provider failure with back-off, then sends", async () => {
    const busy = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25"), { code: "ECONNREFUSED" });
    const { channels, sent } = scriptedChannels([new DeliveryError("isv.BUSINESS_LIMIT_CONTROL", { temporary: true }), busy]);
    await withQueue(channels, async () => {
      const notifier = createNotifier({ config: api.config, db: api.db, channels });
      await notifier.sendSms({ to: "13800000011", text: "retry me", kind: "mobileVerification", params: { code: "1", minutes: "10" } });
      const row = await lastRow();
      // After the first try it is queued again with the reason and the time of the next try.
      const waiting = await until("the first try failed", async () => {
        const now = await rowOf(row.id);
        return now.attempts >= 1 && now.status === "queued" ? now : null;
      });
      expect(waiting.reason).toBe("isv.BUSINESS_LIMIT_CONTROL");
      expect(waiting.next_attempt_at).not.toBeNull();
      await until("sent on the third try", async () => (await rowOf(row.id)).status === "sent");
      expect(await rowOf(row.id)).toMatchObject({ status: "sent", attempts: 3, reason: null });
      expect(sent).toHaveLength(1);
    });
  });

  it("ends a permanent failure as failed at once, with its reason", async () => {
    const { channels, sent } = scriptedChannels([Object.assign(new Error("550 5.1.1 mailbox unavailable"), { responseCode: 550 })]);
    await withQueue(channels, async () => {
      const notifier = createNotifier({ config: api.config, db: api.db, channels });
      await notifier.sendEmail({ to: "nobody@example.org", subject: "s", text: "t" });
      const row = await lastRow();
      await until("failed", async () => (await rowOf(row.id)).status === "failed");
      expect(await rowOf(row.id)).toMatchObject({ status: "failed", attempts: 1, reason: "550 5.1.1 mailbox unavailable" });
      expect(sent).toEqual([]);
    });
  });

  it("never sends a row twice: two jobs for one row, a second queue after a restart, a row a crash left in 'sending'", async () => {
    const { channels, sent } = scriptedChannels();
    // A crash between claim and result: the row is 'sending' and nobody knows whether it went.
    const crashed = await recordMessage(api.db, { channel: "email", kind: "reminder", recipient: "crashed@example.org", subject: "s", text: "t" });
    expect(await claimMessage(api.db, crashed)).not.toBeNull();
    // A row whose job was lost between the log and the queue.
    const stranded = await recordMessage(api.db, { channel: "email", kind: "reminder", recipient: "stranded@example.org", subject: "s", text: "t" });
    await api.db.updateTable("messages").set({ updated_at: sql<Date>`now() - interval '11 minutes'` }).where("id", "in", [crashed, stranded]).execute();

    for (let round = 0; round < 2; round++) {
      await withQueue(channels, async (queue) => {
        const twice = await recordMessage(api.db, { channel: "email", kind: "reminder", recipient: `twice-${round}@example.org`, subject: "s", text: "t" });
        await queue.send(MESSAGE_SEND_QUEUE, { messageId: twice });
        await queue.send(MESSAGE_SEND_QUEUE, { messageId: twice });
        // A restart's jobs for rows already done or in another's hands send nothing.
        await queue.send(MESSAGE_SEND_QUEUE, { messageId: crashed });
        await sweepMessages({ db: api.db, channels, logger }, queue);
        await until("the stranded row and this round's row are sent", async () => {
          const rows = await api.db.selectFrom("messages").select("status").where("id", "in", [twice, stranded]).execute();
          return rows.every((r) => r.status === "sent");
        });
        // Whatever else is still queued in pg-boss for them: give it a turn, then count.
        await until("the queue is idle", async () => {
          const { rows } = await sql<{
            n: number;
          }>`select count(*)::int as n from pgboss.job where name = ${MESSAGE_SEND_QUEUE} and state in ('created', 'retry', 'active')`.execute(api.db);
          return Number(rows[0]?.n) === 0;
        });
      });
    }
    expect(sent.map((m) => m.to).sort()).toEqual(["stranded@example.org", "twice-0@example.org", "twice-1@example.org"]);
    expect(await rowOf(crashed)).toMatchObject({ status: "failed", reason: "interrupted", attempts: 1 });
  });

  it("delivers the schedule mail to the SMTP server when SMTP_URL is set", async () => {
    const smtp = await startSmtpFake();
    const smtpDir = fs.mkdtempSync(path.join(os.tmpdir(), "delivery-smtp-"));
    const smtpApi = await startTestApi(backend, { DATA_DIR: smtpDir, SMTP_URL: smtp.url, MAIL_FROM: "portal@expo.example.org" });
    try {
      const queue = await startJobQueue(
        { database: smtpApi.database, logger },
        [messageJobs({ db: smtpApi.db, channels: createDeliveryChannels(smtpApi.config), logger })],
        { pollingSeconds: 0.5 },
      );
      try {
        const ticket = await smtpApi.login("admin", "Admin#2026");
        const confirm = await smtpApi.call("/smeb/worksheet/confirm", { method: "POST", ticket });
        expect(confirm).toMatchObject({ code: 200, data: { sentTo: "ops@pitf.example.org", channel: "smtp" } });
        const mail = await until("the SMTP server received it", () => smtp.received.find((m) => m.to.includes("ops@pitf.example.org")));
        expect(mail.from).toBe("portal@expo.example.org");
        const row = await smtpApi.db.selectFrom("messages").selectAll().where("kind", "=", "scheduleMail").executeTakeFirstOrThrow();
        await until(
          "marked sent",
          async () => (await smtpApi.db.selectFrom("messages").select("status").where("id", "=", row.id).executeTakeFirstOrThrow()).status === "sent",
        );
        expect(readOutbox(smtpDir)).toEqual([]);
      } finally {
        await queue.stop();
      }
    } finally {
      await smtpApi.close();
      await smtp.close();
      fs.rmSync(smtpDir, { recursive: true, force: true });
    }
  });

  describe("the delivery log (/smeb/messages/*)", () => {
    let failedId: number;
    beforeAll(async () => {
      const owner = await api.db.selectFrom("users").select(["id", "exhibition_id"]).where("username", "=", "std01").executeTakeFirstOrThrow();
      failedId = await recordMessage(api.db, { channel: "sms", kind: "visitorCode", recipient: "13812345678", text: "code", userId: owner.id });
      await api.db.updateTable("messages").set({ status: "failed", reason: "isv.BUSINESS_LIMIT_CONTROL", attempts: 6 }).where("id", "=", failedId).execute();
      await recordMessage(api.db, { channel: "email", kind: "scheduleMail", recipient: "ops@pitf.example.org", subject: "s", text: "t" });
    });

    it("answers the organizer only", async () => {
      expect((await api.call("/smeb/messages/list", { ticket: std01 })).code).toBe(403);
      expect((await api.call("/smeb/messages/list")).code).toBe(401);
      expect((await api.call("/smeb/messages/resend", { ticket: std01, form: { id: String(failedId) } })).code).toBe(403);
    });

    it("lists newest first with masked recipients, the reason and the tries; filters by channel, state and kind", async () => {
      type Page = {
        total: number;
        rows: Array<{ id: number; recipient: string; status: string; reason: string | null; attempts: number; kind: string }>;
        kinds: string[];
      };
      const all = await api.call<Page>("/smeb/messages/list", { ticket: admin, query: { pageSize: "50" } });
      expect(all.code).toBe(200);
      const ids = all.data.rows.map((r) => r.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const failed = all.data.rows.find((r) => r.id === failedId)!;
      expect(failed).toMatchObject({ recipient: "1381******8", status: "failed", reason: "isv.BUSINESS_LIMIT_CONTROL", attempts: 6, kind: "visitorCode" });
      const mail = all.data.rows.find((r) => r.kind === "scheduleMail")!;
      expect(mail.recipient).not.toContain("ops@");
      expect(mail.recipient).toMatch(/@pitf\.example\.org$/);
      expect(all.data.kinds).toEqual(expect.arrayContaining(["scheduleMail", "visitorCode"]));

      const onlyFailedSms = await api.call<Page>("/smeb/messages/list", { ticket: admin, query: { channel: "sms", state: "failed", kind: "visitorCode" } });
      expect(onlyFailedSms.data.rows.map((r) => r.id)).toEqual([failedId]);
      expect(onlyFailedSms.data.total).toBe(1);
      expect((await api.call("/smeb/messages/list", { ticket: admin, query: { state: "lost" } })).code).toBe(400);
      expect((await api.call("/smeb/messages/list", { ticket: admin, query: { kind: "x'; drop" } })).code).toBe(400);
    });

    it("resends a failed message once, as a new row; not a sent one, not another exhibition's", async () => {
      const resent = await api.call<{ id: number }>("/smeb/messages/resend", { ticket: admin, form: { id: String(failedId) } });
      expect(resent).toMatchObject({ code: 200, message: `The message is queued again as no. ${resent.data.id}` });
      // No queue here: sent at once, through the outbox.
      expect(await rowOf(resent.data.id)).toMatchObject({ status: "sent", resent_from: failedId, kind: "visitorCode", recipient: "13812345678", attempts: 1 });
      expect(await rowOf(failedId)).toMatchObject({ status: "failed", attempts: 6 });
      const again = await api.call("/smeb/messages/resend", { ticket: admin, form: { id: String(failedId) } });
      expect(again).toMatchObject({ code: 400, message: "Only a failed message that was not sent again already can be sent again" });
      expect((await api.call("/smeb/messages/resend", { ticket: admin, form: { id: String(resent.data.id) } })).code).toBe(400);

      const current = await api.db.selectFrom("exhibitions").select(["starts_on", "ends_on"]).where("is_current", "=", true).executeTakeFirstOrThrow();
      const day = (value: Date | string) => (typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10));
      const other = await api.db
        .insertInto("exhibitions")
        .values({
          code: "OTHER-DL",
          name_zh: "别的展",
          name_en: "Other",
          starts_on: day(current.starts_on),
          ends_on: day(current.ends_on),
          venue_zh: "馆",
          venue_en: "Hall",
          is_current: false,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const foreign = await recordMessage(api.db, {
        channel: "email",
        kind: "reminder",
        recipient: "x@example.org",
        subject: "s",
        text: "t",
        exhibitionId: other.id,
      });
      await api.db.updateTable("messages").set({ status: "failed" }).where("id", "=", foreign).execute();
      expect((await api.call("/smeb/messages/resend", { ticket: admin, form: { id: String(foreign) } })).code).toBe(400);
      expect((await api.call("/smeb/messages/resend", { ticket: admin, form: { id: "abc" } })).code).toBe(400);
    });
  });
});
