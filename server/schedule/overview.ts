import { sql } from "kysely";
import type { ChecklistOverview, NotDoneExhibitor, NotDonePage, ReviewQueueCount } from "../../app/contracts/home/overview-types";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { EXHIBITOR_ROLE_ID } from "../../app/contracts/permission/roles";
import { FEEDBACK_INBOX_PATH } from "../../app/contracts/settings/feedback-inbox-values";
import { notFound } from "../api/envelope";
import { loadExcel } from "../spreadsheets/workbook";
import type { Database } from "../db/database";
import { doneChecks } from "./done-checks";

/**
 * The organizer's view of the checklist (docs/product.md § Home): for each item of the exhibition,
 * how many exhibitors are done, not done and overdue, and who is behind. Each item's check is the
 * same SQL the exhibitor's own checklist asks (done-checks.ts), here with the row's user as the
 * exhibitor, so that one statement answers for every exhibitor of the show.
 */

type ItemRow = { id: number; title_zh: string; title_en: string; deadline: Date; link: string; done_check: string | null };

/** The exhibition's checklist items in the order the exhibitor's worksheet and the organizer's overview show them. */
export async function scheduleItems(db: Database, exhibitionId: number): Promise<ItemRow[]> {
  return db
    .selectFrom("schedule_items")
    .select(["id", "title_zh", "title_en", "deadline", "link", "done_check"])
    .where("exhibition_id", "=", exhibitionId)
    .orderBy("sort")
    .orderBy("deadline")
    .orderBy("id")
    .execute();
}

/** Every exhibitor of the exhibition with each checkable item's answer (true, false, or null: not applicable). */
async function answers(db: Database, exhibitionId: number, items: ItemRow[]) {
  const checked = items.filter((item) => item.done_check && item.done_check in doneChecks);
  const columns = checked.map((item, index) => sql`${doneChecks[item.done_check!]!(sql.ref<number>("u.id"))} as ${sql.ref(`c${index}`)}`);
  const { rows } = await sql<Record<string, unknown> & { id: number }>`
    select u.id ${columns.length ? sql`, ${sql.join(columns)}` : sql``}
    from users u
    where u.exhibition_id = ${exhibitionId} and u.role_id = ${EXHIBITOR_ROLE_ID}
      and exists (select 1 from booths b where b.user_id = u.id)`.execute(db);
  return { checked, rows };
}

const percent = (done: number, of: number) => (of ? Math.round((done / of) * 100) : 0);

export async function checklistOverview(db: Database, exhibitionId: number, now: Date): Promise<Omit<ChecklistOverview, "missingSettings" | "backup">> {
  const items = await scheduleItems(db, exhibitionId);
  const { checked, rows } = await answers(db, exhibitionId, items);
  const overviewItems = items.map((item) => {
    const index = checked.indexOf(item);
    const column = `c${index}`;
    const applicable = index < 0 ? [] : rows.filter((row) => row[column] !== null);
    const done = applicable.filter((row) => row[column] === true).length;
    const notDone = applicable.length - done;
    const past = new Date(item.deadline).getTime() < now.getTime();
    return {
      id: item.id,
      title: item.title_zh,
      titleEn: item.title_en,
      deadline: new Date(item.deadline).toISOString(),
      link: item.link,
      checkable: index >= 0,
      applicable: applicable.length,
      done,
      notDone,
      overdue: past ? notDone : 0,
      percent: percent(done, applicable.length),
    };
  });
  const totalDone = overviewItems.reduce((sum, item) => sum + item.done, 0);
  const totalApplicable = overviewItems.reduce((sum, item) => sum + item.applicable, 0);
  return { exhibitors: rows.length, percent: percent(totalDone, totalApplicable), items: overviewItems, queues: await reviewQueues(db, exhibitionId) };
}

/** The organizer's review queues with something waiting, each with its page (and the feedback nobody handled yet). */
async function reviewQueues(db: Database, exhibitionId: number): Promise<ReviewQueueCount[]> {
  const { rows } = await sql<{
    profiles: number;
    badges: number;
    construction: number;
    vouchers: number;
    invoices: number;
    trucks: number;
    taiwan: number;
    feedback: number;
  }>`
    select
      (select count(*) from exhibitor_profiles where exhibition_id = ${exhibitionId} and status = 'under_review')::int as profiles,
      (select count(*) from badges where exhibition_id = ${exhibitionId} and status = 'submitted' and deleted_at is null)::int as badges,
      ((select count(*) from standard_builds where exhibition_id = ${exhibitionId} and status = 'submitted')
        + (select count(*) from booth_insurances where exhibition_id = ${exhibitionId} and status = 'submitted')
        + (select count(*) from safety_commitments where exhibition_id = ${exhibitionId} and status = 'submitted')
        + (select count(*) from booth_drawings where exhibition_id = ${exhibitionId} and status = 'submitted'))::int as construction,
      (select count(*) from payment_vouchers where exhibition_id = ${exhibitionId} and status = 'submitted' and deleted_at is null)::int as vouchers,
      (select count(*) from invoice_applications where exhibition_id = ${exhibitionId} and status = 'submitted')::int as invoices,
      (select count(*) from yellow_trucks where exhibition_id = ${exhibitionId} and status = 'submitted' and deleted_at is null)::int as trucks,
      (select count(*) from tw_filings where exhibition_id = ${exhibitionId} and status = 'submitted')::int as taiwan,
      (select count(*) from feedback f join users u on u.id = f.user_id where u.exhibition_id = ${exhibitionId} and f.handled_at is null)::int as feedback`.execute(
    db,
  );
  const counts = rows[0]!;
  const queues: ReviewQueueCount[] = [
    { queue: "profiles", waiting: counts.profiles, link: "/exhibitorInfo/exhibitorReview" },
    { queue: "badges", waiting: counts.badges, link: "/exhibitorInfo/badgeReview" },
    { queue: "construction", waiting: counts.construction, link: "/boothConstruction/constructionReview" },
    { queue: "vouchers", waiting: counts.vouchers, link: "/invoiceArea/financeDesk" },
    { queue: "invoices", waiting: counts.invoices, link: "/invoiceArea/financeDesk" },
    { queue: "trucks", waiting: counts.trucks, link: "/exhibitTL/truckReview" },
    { queue: "taiwan", waiting: counts.taiwan, link: "/exhibitTL/twExhibitsReview" },
    { queue: "feedback", waiting: counts.feedback, link: FEEDBACK_INBOX_PATH },
  ];
  return queues.map((queue) => ({ ...queue, waiting: Number(queue.waiting) }));
}

/** The exhibitors not done with one item (the organizer sees their contacts as stored), by exhibitor name. */
export async function notDoneFor(db: Database, exhibitionId: number, itemId: number, paging: { page: number; pageSize: number } | null): Promise<NotDonePage> {
  const items = await scheduleItems(db, exhibitionId);
  const item = items.find((row) => row.id === itemId);
  if (!item) throw notFound("home.overview.itemNotFound");
  if (!item.done_check || !(item.done_check in doneChecks)) return { item: { id: item.id, title: item.title_zh, titleEn: item.title_en }, total: 0, rows: [] };
  const check = doneChecks[item.done_check]!(sql.ref<number>("u.id"));
  const base = sql`from users u
    where u.exhibition_id = ${exhibitionId} and u.role_id = ${EXHIBITOR_ROLE_ID}
      and exists (select 1 from booths b where b.user_id = u.id)
      and (${check}) = false`;
  const total = Number((await sql<{ n: number }>`select count(*)::int as n ${base}`.execute(db)).rows[0]?.n ?? 0);
  const limit = paging ? sql`limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}` : sql``;
  const { rows } = await sql<{
    id: number;
    username: string;
    business_name: string | null;
    business_name_en: string | null;
    contact_phone: string | null;
    contact_email: string | null;
    booths: string | null;
  }>`
    select u.id, u.username, u.business_name, u.business_name_en, u.contact_phone, u.contact_email,
      (select string_agg(b.booth_no, ', ' order by b.booth_no) from booths b where b.user_id = u.id) as booths
    ${base}
    order by u.username
    ${limit}`.execute(db);
  return {
    item: { id: item.id, title: item.title_zh, titleEn: item.title_en },
    total,
    rows: rows.map(
      (row): NotDoneExhibitor => ({
        userId: row.id,
        username: row.username,
        companyName: row.business_name ?? row.business_name_en ?? row.username,
        companyNameEn: row.business_name_en ?? "",
        booths: row.booths ?? "",
        phone: row.contact_phone ?? "",
        email: row.contact_email ?? "",
      }),
    ),
  };
}

/** The not-done list of one item as a spreadsheet (every row; the organizer's contacts as stored). */
export async function notDoneWorkbook(db: Database, exhibitionId: number, itemId: number, language: Language) {
  const page = await notDoneFor(db, exhibitionId, itemId, null);
  const t = (key: string) => translate(language, `home.overview.${key}`);
  const book = new (await loadExcel()).Workbook();
  const sheet = book.addWorksheet(t("sheet"));
  sheet.columns = [
    { key: "username", header: t("username"), width: 16 },
    { key: "companyName", header: t("company"), width: 34 },
    { key: "companyNameEn", header: `${t("company")} (EN)`, width: 34 },
    { key: "booths", header: t("booths"), width: 16 },
    // Text, so Excel keeps a mobile's digits as typed.
    { key: "phone", header: t("phone"), width: 16, style: { numFmt: "@" } },
    { key: "email", header: t("email"), width: 28 },
  ];
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  for (const row of page.rows) sheet.addRow(row);
  const title = language === "en" ? page.item.titleEn || page.item.title : page.item.title;
  return { bytes: Buffer.from(await book.xlsx.writeBuffer()), title };
}
