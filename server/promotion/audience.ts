import { countRows, pageRows } from "../db/paging";
import type ExcelJS from "exceljs";
import { sql } from "kysely";
import { exhibitionDate, exhibitionDateTime } from "../../app/contracts/common/exhibition-time";
import { maskEmail, maskPhone } from "../../app/contracts/common/format";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";
import type { AudienceChart, AudiencePage, AudienceRow, VisitorMessageState, VisitorPage } from "../../app/contracts/promotion/visitors/api-types";
import type { Caller } from "../auth/caller";
import { loadExcel } from "../spreadsheets/workbook";
import type { Database } from "../db/database";
import { anyContains } from "../db/keyword-search";
import { companyNamesOf } from "./rankings";
import { shiftDay } from "./views";
import { formatVisitorNo } from "../../app/contracts/promotion/visitors/values";
import { passPathOf } from "../leads/visitor-pass";

/**
 * The visitors' data (decision 031): the exhibitor's own audience (the visitors its link brought)
 * and the organizer's list of every visitor. Mobile and e-mail are masked as everywhere
 * (docs/product.md § Masked personal data) unless the visitor consented to share them AND the
 * exhibition allows exhibitors to see consented contacts; the organizer sees them as typed.
 */

/** The export's ceiling: far above an exhibitor's audience, low enough for one workbook in memory. */
const EXPORT_MAX_ROWS = 20_000;

type Filters = { keyword?: string; inviter?: number | "none"; consent?: boolean };

function selectVisitors(db: Database, exhibitionId: number, filters: Filters) {
  let query = db
    .selectFrom("visitors as v")
    .leftJoin("countries as c", "c.id", "v.country_id")
    .leftJoin("regions as r", "r.code", "v.province_code")
    .leftJoin("invitations as i", "i.id", "v.source_invitation_id")
    .select([
      "v.id",
      "v.visitor_no",
      "v.inviter_user_id",
      "v.source_code",
      "v.name",
      "v.company",
      "v.position",
      "v.mobile",
      "v.email",
      "v.interest_class_ids",
      "v.consent",
      "v.created_at",
      "v.pass_key",
      "v.lead_consent",
      "v.checked_in_at",
      "v.erased_at",
      "c.name_zh as country_zh",
      "c.name_en as country_en",
      "r.name_zh as province_zh",
      "r.name_en as province_en",
      "i.id as invitation_id",
      "i.name as invitation_name",
    ])
    .where("v.exhibition_id", "=", exhibitionId);
  if (filters.inviter === "none") query = query.where("v.inviter_user_id", "is", null);
  else if (filters.inviter !== undefined) query = query.where("v.inviter_user_id", "=", filters.inviter);
  if (filters.consent !== undefined) query = query.where("v.consent", "=", filters.consent);
  if (filters.keyword) {
    const keyword = filters.keyword;
    // The visitor number as shown (V000123) is searchable too.
    const shownNumber = sql<string>`'V' || lpad(v.visitor_no::text, 6, '0')`;
    query = query.where((eb) => anyContains(eb, ["v.name", "v.company", "v.position", "v.mobile", "v.email", shownNumber], keyword));
  }
  return query.orderBy("v.created_at", "desc").orderBy("v.id", "desc");
}

type VisitorDbRow = Awaited<ReturnType<ReturnType<typeof selectVisitors>["execute"]>>[number];

const ids = (value: unknown): number[] => (Array.isArray(value) ? value.filter((v): v is number => typeof v === "number") : []);
const inLanguage = (language: Language, zh: string | null, en: string | null) => (language === "en" ? en || zh : zh || en) ?? "";

async function classNames(db: Database, exhibitionId: number, language: Language) {
  const rows = await db.selectFrom("exhibit_classes").select(["id", "name_zh", "name_en"]).where("exhibition_id", "=", exhibitionId).execute();
  return new Map(rows.map((r) => [r.id, inLanguage(language, r.name_zh, r.name_en)]));
}

async function contactsShared(db: Database, exhibitionId: number) {
  const row = await db.selectFrom("exhibitions").select("visitor_contacts_shared").where("id", "=", exhibitionId).executeTakeFirst();
  return row?.visitor_contacts_shared ?? false;
}

/** Whether this caller sees a visitor's contacts as typed: the organizer always; an exhibitor when the visitor consented and the exhibition allows it. */
export const showsContact = (roleId: number, consent: boolean, shared: boolean) => roleId === ORGANIZER_ROLE_ID || (consent && shared);

function audienceRow(row: VisitorDbRow, shown: boolean, classes: Map<number, string>, language: Language): AudienceRow {
  return {
    id: row.id,
    visitorNo: formatVisitorNo(row.visitor_no),
    name: row.name,
    company: row.company,
    position: row.position,
    // An erased visitor (server/leads/privacy.ts) keeps a unique placeholder as mobile: never shown.
    mobile: row.erased_at ? "" : shown ? row.mobile : maskPhone(row.mobile),
    email: row.erased_at ? "" : shown ? row.email : maskEmail(row.email),
    contactShown: shown,
    country: inLanguage(language, row.country_zh, row.country_en),
    province: inLanguage(language, row.province_zh, row.province_en),
    interests: ids(row.interest_class_ids).flatMap((id) => classes.get(id) ?? []),
    consent: row.consent,
    invitation: row.invitation_id ? { id: row.invitation_id, name: row.invitation_name ?? "" } : null,
    registeredAt: new Date(row.created_at).toISOString(),
    checkedInAt: row.checked_in_at ? new Date(row.checked_in_at).toISOString() : null,
  };
}

async function paged(db: Database, exhibitionId: number, filters: Filters, page: number, pageSize: number) {
  const matching = selectVisitors(db, exhibitionId, filters);
  const [total, rows] = await Promise.all([countRows(matching), pageRows(matching, page, pageSize)]);
  return { total, rows };
}

/** How many visitors the filters match were checked in at the entrance. */
const checkedInCount = (db: Database, exhibitionId: number, filters: Filters) =>
  countRows(selectVisitors(db, exhibitionId, filters).where("v.checked_in_at", "is not", null));

type Paging = { page: number; pageSize: number };

/**
 * The newest confirmation message of each of these visitors, by channel and recipient, from the
 * delivery log (issue 52): only rows of the caller's exhibition, only to these visitors' numbers and
 * addresses, so an exhibitor reads the state of nothing but its own visitors' messages.
 */
async function confirmationStates(db: Database, exhibitionId: number, rows: VisitorDbRow[]): Promise<Map<string, VisitorMessageState>> {
  const recipients = [...new Set(rows.flatMap((row) => [row.mobile, row.email.toLowerCase()]).filter(Boolean))];
  if (!recipients.length) return new Map();
  const messages = await db
    .selectFrom("messages")
    .select(["channel", sql<string>`lower(recipient)`.as("recipient"), "status"])
    .where("exhibition_id", "=", exhibitionId)
    .where("kind", "=", "visitorConfirmation")
    .where(sql<string>`lower(recipient)`, "in", recipients)
    .orderBy("id")
    .execute();
  // Oldest first: a later message (a resend) replaces what an earlier one said.
  return new Map(messages.map((m) => [`${m.channel}:${m.recipient}`, m.status === "sending" ? "queued" : m.status]));
}

/** GET /smeb/invitation/audience/list: the caller's own visitors, newest first. */
export async function audiencePage(db: Database, caller: Caller, query: { keyword?: string } & Paging, language: Language): Promise<AudiencePage> {
  const filters = { keyword: query.keyword, inviter: caller.userId };
  const [shared, classes, { total, rows }, checkedIn] = await Promise.all([
    contactsShared(db, caller.exhibitionId),
    classNames(db, caller.exhibitionId, language),
    paged(db, caller.exhibitionId, filters, query.page, query.pageSize),
    checkedInCount(db, caller.exhibitionId, filters),
  ]);
  const confirmations = await confirmationStates(db, caller.exhibitionId, rows);
  return {
    rows: rows.map((row) => ({
      ...audienceRow(row, showsContact(caller.roleId, row.consent, shared), classes, language),
      confirmation: { sms: confirmations.get(`sms:${row.mobile}`) ?? null, email: confirmations.get(`email:${row.email.toLowerCase()}`) ?? null },
    })),
    total,
    checkedIn,
    page: query.page,
    pageSize: query.pageSize,
    contactsShared: shared,
  };
}

/**
 * GET /smeb/invitation/visitor/list: the organizer's list of every visitor of the exhibition, as typed,
 * with each one's pass (its page's link, for the desk to open or send again), lead consent and erasure.
 */
export async function visitorPage(db: Database, caller: Caller, query: Filters & Paging, language: Language, secrets: readonly string[]): Promise<VisitorPage> {
  const [classes, { total, rows }, checkedIn] = await Promise.all([
    classNames(db, caller.exhibitionId, language),
    paged(db, caller.exhibitionId, query, query.page, query.pageSize),
    checkedInCount(db, caller.exhibitionId, query),
  ]);
  const organizer = await organizerRows(db, caller, rows, classes, language);
  return {
    rows: organizer.map((row, i) => {
      const visitor = rows[i]!;
      const erased = visitor.erased_at !== null;
      const passPath = visitor.pass_key && !erased ? passPathOf(visitor.pass_key, secrets) : null;
      return { ...row, passPath, leadConsent: visitor.lead_consent && !erased, erased };
    }),
    total,
    checkedIn,
    page: query.page,
    pageSize: query.pageSize,
  };
}

async function organizerRows(db: Database, caller: Caller, rows: VisitorDbRow[], classes: Map<number, string>, language: Language) {
  const inviters = rows.flatMap((r) => (r.inviter_user_id ? [r.inviter_user_id] : []));
  const names = await companyNamesOf(db, caller.exhibitionId, inviters, language);
  return rows.map((row) => ({
    ...audienceRow(row, true, classes, language),
    inviterUserId: row.inviter_user_id,
    inviterCompany: row.inviter_user_id ? (names.get(row.inviter_user_id) ?? "") : null,
    sourceCode: row.source_code,
  }));
}

/** GET /smeb/invitation/audience/chart: the caller's registrations and views per exhibition day, the last `days` days. */
export async function audienceChart(db: Database, caller: Caller, days: number, now: Date): Promise<AudienceChart> {
  const today = exhibitionDate(now);
  const first = shiftDay(today, -(days - 1));
  const [registrations, views] = await Promise.all([
    db
      .selectFrom("visitors")
      .select([sql<string>`to_char((created_at at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`.as("day"), sql<number>`count(*)::int`.as("n")])
      .where("exhibition_id", "=", caller.exhibitionId)
      .where("inviter_user_id", "=", caller.userId)
      .where("created_at", ">=", new Date(`${first}T00:00:00+08:00`))
      .where("created_at", "<=", now)
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom("promotion_views as pv")
      .innerJoin("promotion_codes as c", "c.code", "pv.code")
      .select([sql<string>`to_char(pv.day, 'YYYY-MM-DD')`.as("day"), sql<number>`count(*)::int`.as("n")])
      .where("c.user_id", "=", caller.userId)
      .where("c.exhibition_id", "=", caller.exhibitionId)
      .where("pv.day", ">=", first)
      .where("pv.day", "<=", today)
      .groupBy("pv.day")
      .execute(),
  ]);
  const registered = new Map(registrations.map((r) => [r.day, r.n]));
  const viewed = new Map(views.map((r) => [r.day, r.n]));
  const series = Array.from({ length: days }, (_, i) => {
    const day = shiftDay(first, i);
    return { day, registrations: registered.get(day) ?? 0, views: viewed.get(day) ?? 0 };
  });
  return {
    days: series,
    totals: { registrations: series.reduce((sum, d) => sum + d.registrations, 0), views: series.reduce((sum, d) => sum + d.views, 0) },
  };
}

/* ------------------------------------------------------------------ exports */

function fileName(kind: "audience" | "visitors", language: Language) {
  const key = `promotion.visitors.export.${kind}File`;
  return { filename: `${translate(language, key)}.xlsx`, ascii: `${translate("en", key)}.xlsx` };
}
export const audienceFileName = (language: Language) => fileName("audience", language);
export const visitorsFileName = (language: Language) => fileName("visitors", language);

async function workbook(sheetName: string, rows: (AudienceRow & { inviterCompany?: string | null })[], language: Language, withInviter: boolean) {
  const t = (key: string) => translate(language, `promotion.visitors.${key}`);
  const book = new (await loadExcel()).Workbook();
  const sheet = book.addWorksheet(sheetName);
  const columns: Partial<ExcelJS.Column>[] = [
    { key: "visitorNo", header: t("columns.visitorNo"), width: 12 },
    { key: "name", header: t("fields.name"), width: 14 },
    { key: "company", header: t("fields.company"), width: 30 },
    { key: "position", header: t("fields.position"), width: 16 },
    // Text, so Excel keeps a mobile's digits and + as typed.
    { key: "mobile", header: t("fields.mobile"), width: 16, style: { numFmt: "@" } },
    { key: "email", header: t("fields.email"), width: 28 },
    { key: "country", header: t("fields.country"), width: 14 },
    { key: "province", header: t("fields.province"), width: 12 },
    { key: "interests", header: t("fields.interests"), width: 30 },
    { key: "consent", header: t("columns.consent"), width: 8 },
    { key: "invitation", header: t("columns.invitation"), width: 20 },
    ...(withInviter ? [{ key: "inviter", header: t("columns.inviter"), width: 30 }] : []),
    { key: "registeredAt", header: t("columns.registeredAt"), width: 18 },
  ];
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  for (const r of rows) {
    sheet.addRow({
      ...r,
      interests: r.interests.join(", "),
      consent: t(r.consent ? "columns.yes" : "columns.no"),
      invitation: r.invitation?.name ?? "",
      inviter: r.inviterCompany ?? "",
      registeredAt: exhibitionDateTime(r.registeredAt),
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** GET /smeb/invitation/audience/export: the caller's audience as filtered, masked the same way as the list. */
export async function audienceWorkbook(db: Database, caller: Caller, keyword: string | undefined, language: Language): Promise<Buffer> {
  const [shared, classes, rows] = await Promise.all([
    contactsShared(db, caller.exhibitionId),
    classNames(db, caller.exhibitionId, language),
    selectVisitors(db, caller.exhibitionId, { keyword, inviter: caller.userId }).limit(EXPORT_MAX_ROWS).execute(),
  ]);
  const view = rows.map((row) => audienceRow(row, showsContact(caller.roleId, row.consent, shared), classes, language));
  return workbook(translate(language, "promotion.visitors.export.audienceSheet"), view, language, false);
}

/** GET /smeb/invitation/visitor/export: the organizer's export of every visitor as filtered. */
export async function visitorsWorkbook(db: Database, caller: Caller, filters: Filters, language: Language): Promise<Buffer> {
  const [classes, rows] = await Promise.all([
    classNames(db, caller.exhibitionId, language),
    selectVisitors(db, caller.exhibitionId, filters).limit(EXPORT_MAX_ROWS).execute(),
  ]);
  return workbook(translate(language, "promotion.visitors.export.visitorsSheet"), await organizerRows(db, caller, rows, classes, language), language, true);
}

/** The organizer's setting: exhibitors may see consented visitors' contacts. */
export async function visitorSettings(db: Database, caller: Caller) {
  return { contactsShared: await contactsShared(db, caller.exhibitionId) };
}

export async function saveVisitorSettings(db: Database, caller: Caller, contactsShared: boolean) {
  await db.updateTable("exhibitions").set({ visitor_contacts_shared: contactsShared }).where("id", "=", caller.exhibitionId).execute();
  return visitorSettings(db, caller);
}
