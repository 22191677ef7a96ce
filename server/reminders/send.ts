import crypto from "node:crypto";
import { sql } from "kysely";
import { exhibitionDateTime } from "../../app/contracts/common/exhibition-time";
import { translate } from "../../app/contracts/i18n/translate.server";
import { EXHIBITOR_ROLE_ID } from "../../app/contracts/permission/roles";
import type { ReminderLogPage, ReminderSettings } from "../../app/contracts/reminders/api-types";
import { manualKind, REMINDER_DEFAULTS, type ReminderKind } from "../../app/contracts/reminders/values";
import type { ApiDeps } from "../api/context";
import { exhibitorLanguage } from "../accounts/account-language";
import { appClock } from "../clock";
import type { Database } from "../db/database";
import { doneChecks } from "../schedule/done-checks";
import { notDoneFor } from "../schedule/overview";
import { type DueReminder, dueKind, planReminders, sentKey } from "./plan";
import { portalLink } from "../exhibition-settings/public-url";

/**
 * Checklist reminders (issue 39, decision 034): what a reminder says, and claim-then-send. Every
 * reminder is first claimed as a row of reminder_log, unique per (exhibitor, item, kind), with
 * `insert … on conflict do nothing`; only the sender whose insert took the row sends, then marks it
 * sent (or failed). Two sweeps at once, two processes, a restart: the second claim finds the row and
 * sends nothing. A crash between the claim and the send leaves the row "claimed": that reminder is
 * lost (the log shows it as not confirmed, and the organizer can send one now) rather than sent twice.
 */

export type ReminderDeps = Pick<ApiDeps, "db" | "config" | "notifier" | "logger">;

type Item = { id: number; exhibition_id: number; title_zh: string; title_en: string; deadline: Date; link: string; done_check: string | null };
type Recipient = { userId: number; username: string; businessName: string | null; businessNameEn: string | null; email: string | null; phone: string | null };
export type PlannedReminder = DueReminder & { exhibitionId: number; item: Item; recipient: Recipient };

const DAY_MS = 24 * 60 * 60 * 1000;

const contactsOf = (recipient: Recipient) => ({
  email: recipient.email?.trim() || null,
  mobile: recipient.phone?.replace(/[\s-]+/g, "") || null,
});

/** The e-mail (subject, text) and SMS of one reminder, in the exhibitor's language. */
function composeReminder(link: string, item: Item, recipient: Recipient, kind: ReminderKind, now = appClock.now()) {
  const language = exhibitorLanguage(recipient.businessName, recipient.businessNameEn);
  const t = (key: string, values?: Record<string, unknown>) => translate(language, `reminders.mail.${key}`, values);
  const title = language === "en" ? item.title_en || item.title_zh : item.title_zh;
  const company =
    (language === "en" ? recipient.businessNameEn || recipient.businessName : recipient.businessName || recipient.businessNameEn) || recipient.username;
  const deadline = exhibitionDateTime(item.deadline);
  const values = { item: title, deadline, link, company, username: recipient.username };
  const days = Math.max(1, Math.ceil((new Date(item.deadline).getTime() - now.getTime()) / DAY_MS));
  const lead = kind === "overdue" ? t("overdue", values) : kind.startsWith("before:") ? t("before", { ...values, days }) : t("manual", values);
  const overdue = new Date(item.deadline).getTime() <= now.getTime();
  return {
    language,
    subject: t(overdue ? "subjectOverdue" : "subject", values),
    text: [t("greeting", values), "", lead, t("action", values), "", t("footer")].join("\n"),
    sms: t("sms", values),
    smsParams: { item: title, deadline, link },
  };
}

/** Claims the reminder and, when this call took the claim, sends it; false when it was already claimed (or there is no contact). */
async function deliver(deps: ReminderDeps, reminder: PlannedReminder, sentBy: number | null = null): Promise<boolean> {
  const { email, mobile } = contactsOf(reminder.recipient);
  if (!email && !mobile) return false;
  const claimed =
    (await deps.db
      .insertInto("reminder_log")
      .values({ exhibition_id: reminder.exhibitionId, user_id: reminder.userId, schedule_item_id: reminder.itemId, kind: reminder.kind, sent_by: sentBy })
      .onConflict((oc) => oc.columns(["user_id", "schedule_item_id", "kind"]).doNothing())
      .returning("id")
      .executeTakeFirst()) ?? (await takeQueued(deps.db, reminder));
  if (!claimed) return false;
  // Absolute from the exhibition's public address (never the request's Host), or the path alone without one.
  const link = await portalLink(deps.db, reminder.exhibitionId, deps.config, reminder.item.link);
  const message = composeReminder(link, reminder.item, reminder.recipient, reminder.kind);
  const sent = { email: false, sms: false };
  if (email)
    sent.email = await attempt(deps, reminder, "email", () =>
      deps.notifier.sendEmail({ kind: "reminder", userId: reminder.userId, to: email, subject: message.subject, text: message.text }),
    );
  if (mobile)
    sent.sms = await attempt(deps, reminder, "sms", () =>
      deps.notifier.sendSms({ to: mobile, text: message.sms, kind: "reminder", params: message.smsParams, userId: reminder.userId }),
    );
  await deps.db
    .updateTable("reminder_log")
    .set({ status: sent.email || sent.sms ? "sent" : "failed", email: sent.email, sms: sent.sms, sent_at: new Date() })
    .where("id", "=", claimed.id)
    .execute();
  deps.logger.info({ event: "reminder-sent", userId: reminder.userId, itemId: reminder.itemId, kind: reminder.kind, ...sent }, "checklist reminder sent");
  return true;
}

/**
 * A "send now" logs its reminders as queued when the organizer asks (queueManual); the one sender that
 * turns the row from queued to claimed sends it, as an insert would have claimed it.
 */
async function takeQueued(db: Database, reminder: PlannedReminder) {
  if (!reminder.kind.startsWith("manual:")) return undefined;
  return db
    .updateTable("reminder_log")
    .set({ status: "claimed" })
    .where("user_id", "=", reminder.userId)
    .where("schedule_item_id", "=", reminder.itemId)
    .where("kind", "=", reminder.kind)
    .where("status", "=", "queued")
    .returning("id")
    .executeTakeFirst();
}

async function attempt(deps: ReminderDeps, reminder: PlannedReminder, channel: "email" | "sms", send: () => Promise<unknown>) {
  try {
    await send();
    return true;
  } catch (error) {
    deps.logger.error({ event: "reminder-send", userId: reminder.userId, itemId: reminder.itemId, channel, err: error }, "checklist reminder not delivered");
    return false;
  }
}

/** An exhibition's reminder settings; the defaults (7 and 2 days before, overdue on) without a row. */
export async function reminderSettings(db: Database, exhibitionId: number): Promise<ReminderSettings> {
  const row = await db.selectFrom("reminder_settings").select(["days_before", "overdue"]).where("exhibition_id", "=", exhibitionId).executeTakeFirst();
  if (!row) return { daysBefore: [...REMINDER_DEFAULTS.daysBefore], overdue: REMINDER_DEFAULTS.overdue };
  return { daysBefore: row.days_before.map(Number).sort((a, b) => b - a), overdue: row.overdue };
}

export async function saveReminderSettings(db: Database, exhibitionId: number, settings: ReminderSettings): Promise<ReminderSettings> {
  const days = [...settings.daysBefore].sort((a, b) => b - a);
  const daysArray = sql<number[]>`cast(${`{${days.join(",")}}`} as integer[])`;
  await db
    .insertInto("reminder_settings")
    .values({ exhibition_id: exhibitionId, days_before: daysArray, overdue: settings.overdue })
    .onConflict((oc) => oc.column("exhibition_id").doUpdateSet({ days_before: daysArray, overdue: settings.overdue, updated_at: new Date() }))
    .execute();
  return reminderSettings(db, exhibitionId);
}

async function itemsOf(db: Database, exhibitionId: number): Promise<Item[]> {
  return db
    .selectFrom("schedule_items")
    .select(["id", "exhibition_id", "title_zh", "title_en", "deadline", "link", "done_check"])
    .where("exhibition_id", "=", exhibitionId)
    .orderBy("deadline")
    .orderBy("id")
    .execute();
}

type RecipientRow = {
  id: number;
  username: string;
  business_name: string | null;
  business_name_en: string | null;
  contact_email: string | null;
  contact_phone: string | null;
};
const recipientOf = (row: RecipientRow): Recipient => ({
  userId: row.id,
  username: row.username,
  businessName: row.business_name,
  businessNameEn: row.business_name_en,
  email: row.contact_email,
  phone: row.contact_phone,
});

/** Every scheduled reminder due now in one exhibition, to exhibitors not done and not yet reminded of that kind. */
async function dueIn(db: Database, exhibitionId: number, now: Date): Promise<PlannedReminder[]> {
  const settings = await reminderSettings(db, exhibitionId);
  const items = (await itemsOf(db, exhibitionId)).filter(
    (item) => item.done_check !== null && item.done_check in doneChecks && dueKind(item.deadline, settings, now) !== null,
  );
  if (!items.length) return [];
  const columns = items.map((item, index) => sql`${doneChecks[item.done_check!]!(sql.ref<number>("u.id"))} as ${sql.ref(`c${index}`)}`);
  const { rows } = await sql<RecipientRow & Record<string, unknown>>`
    select u.id, u.username, u.business_name, u.business_name_en, u.contact_email, u.contact_phone, ${sql.join(columns)}
    from users u
    where u.exhibition_id = ${exhibitionId} and u.role_id = ${EXHIBITOR_ROLE_ID}
      and exists (select 1 from booths b where b.user_id = u.id)
    order by u.username`.execute(db);
  const logged = await db
    .selectFrom("reminder_log")
    .select(["user_id", "schedule_item_id", "kind"])
    .where(
      "schedule_item_id",
      "in",
      items.map((item) => item.id),
    )
    .execute();
  const alreadySent = new Set(logged.map((row) => sentKey(row.user_id, row.schedule_item_id, row.kind)));
  const exhibitors = rows.map((row) => ({
    userId: row.id,
    answers: new Map(items.map((item, index) => [item.id, (row[`c${index}`] ?? null) as boolean | null])),
  }));
  const byUser = new Map(rows.map((row) => [row.id, recipientOf(row)]));
  const byItem = new Map(items.map((item) => [item.id, item]));
  return planReminders(items, exhibitors, settings, alreadySent, now).map((due) => ({
    ...due,
    exhibitionId,
    item: byItem.get(due.itemId)!,
    recipient: byUser.get(due.userId)!,
  }));
}

/** Every scheduled reminder due now, in every exhibition (the sweep's list, and `remind --dry-run`). */
export async function dueReminders(db: Database, now = appClock.now()): Promise<PlannedReminder[]> {
  const exhibitions = await db.selectFrom("exhibitions").select("id").orderBy("id").execute();
  const all: PlannedReminder[] = [];
  for (const exhibition of exhibitions) all.push(...(await dueIn(db, exhibition.id, now)));
  return all;
}

/** The sweep (every 10 minutes, and `remind`): sends every reminder due now that no one has claimed yet. */
export async function runSweep(deps: ReminderDeps, now = appClock.now()) {
  const due = await dueReminders(deps.db, now);
  let sent = 0;
  for (const reminder of due) if (await deliver(deps, reminder)) sent++;
  return { due: due.length, sent };
}

/** The exhibitors a "send now" reaches: not done with the item, with an e-mail or a mobile. */
async function manualRecipients(db: Database, exhibitionId: number, itemId: number) {
  const page = await notDoneFor(db, exhibitionId, itemId, null);
  if (!page.rows.length) return [];
  const rows = await db
    .selectFrom("users")
    .select(["id", "username", "business_name", "business_name_en", "contact_email", "contact_phone"])
    .where(
      "id",
      "in",
      page.rows.map((row) => row.userId),
    )
    .orderBy("username")
    .execute();
  return rows.map(recipientOf).filter((recipient) => {
    const { email, mobile } = contactsOf(recipient);
    return Boolean(email || mobile);
  });
}

/** How many exhibitors a "send now" of the item would reach. */
export async function manualRecipientCount(db: Database, exhibitionId: number, itemId: number) {
  return (await manualRecipients(db, exhibitionId, itemId)).length;
}

export type ManualJob = { exhibitionId: number; itemId: number; sentBy: number; batch: string };

export const newManualJob = (exhibitionId: number, itemId: number, sentBy: number): ManualJob => ({ exhibitionId, itemId, sentBy, batch: crypto.randomUUID() });

/**
 * Logs a "send now" when the organizer asks for it: one row per exhibitor it reaches, status queued,
 * so the page shows the send before the job queue's worker took it (issue 51). Returns how many.
 */
export async function queueManual(db: Database, job: ManualJob) {
  const recipients = await manualRecipients(db, job.exhibitionId, job.itemId);
  if (!recipients.length) return 0;
  await db
    .insertInto("reminder_log")
    .values(
      recipients.map((recipient) => ({
        exhibition_id: job.exhibitionId,
        user_id: recipient.userId,
        schedule_item_id: job.itemId,
        kind: manualKind(job.batch),
        status: "queued" as const,
        sent_by: job.sentBy,
      })),
    )
    .onConflict((oc) => oc.columns(["user_id", "schedule_item_id", "kind"]).doNothing())
    .execute();
  return recipients.length;
}

/**
 * The organizer's "send now": one reminder per not-done exhibitor, of kind manual:<batch>. The batch
 * is fixed when the organizer asks, so a job run again (a retry after a crash) sends nobody twice,
 * while the next "send now" is a new batch and goes again.
 */
export async function sendManual(deps: ReminderDeps, job: ManualJob) {
  const item = (await itemsOf(deps.db, job.exhibitionId)).find((row) => row.id === job.itemId);
  let sent = 0;
  if (item) {
    for (const recipient of await manualRecipients(deps.db, job.exhibitionId, job.itemId)) {
      const reminder: PlannedReminder = {
        userId: recipient.userId,
        itemId: item.id,
        kind: manualKind(job.batch),
        exhibitionId: job.exhibitionId,
        item,
        recipient,
      };
      if (await deliver(deps, reminder, job.sentBy)) sent++;
    }
  }
  // Queued for an exhibitor who has done the item (or lost every contact) since: no reminder goes, so none is listed.
  await deps.db
    .deleteFrom("reminder_log")
    .where("schedule_item_id", "=", job.itemId)
    .where("kind", "=", manualKind(job.batch))
    .where("status", "=", "queued")
    .execute();
  return { sent };
}

/** One item's reminder log, newest first, paged. */
export async function reminderLog(db: Database, exhibitionId: number, itemId: number, paging: { page: number; pageSize: number }): Promise<ReminderLogPage> {
  const base = db
    .selectFrom("reminder_log as r")
    .innerJoin("users as u", "u.id", "r.user_id")
    .where("r.exhibition_id", "=", exhibitionId)
    .where("r.schedule_item_id", "=", itemId);
  const counted = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst();
  const rows = await base
    .select(["r.id", "r.user_id", "u.username", "u.business_name", "u.business_name_en", "r.kind", "r.status", "r.email", "r.sms", "r.created_at"])
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize)
    .execute();
  return {
    total: Number(counted?.n ?? 0),
    rows: rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      username: row.username,
      companyName: row.business_name ?? row.business_name_en ?? row.username,
      kind: row.kind,
      status: row.status,
      email: row.email,
      sms: row.sms,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}
