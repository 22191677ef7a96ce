import type ExcelJS from "exceljs";
import { sql } from "kysely";
import { exhibitionDate } from "../../app/contracts/common/exhibition-time";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import { EXHIBITOR_ROLE_ID } from "../../app/contracts/permission/roles";
import type { Ranking, RankingRow } from "../../app/contracts/promotion/visitors/api-types";
import { RANKING_TOP, type RankingKind, type RankingPeriod } from "../../app/contracts/promotion/visitors/values";
import { loadExcel } from "../spreadsheets/workbook";
import type { Caller } from "../auth/caller";
import { approvedPublicProfiles } from "../exhibitor/public-profile";
import type { Database } from "../db/database";
import { shiftDay } from "./views";
import { companyNameIn } from "../exhibitor/names";

/**
 * Rankings (decision 031): exhibitors by registered visitors (invite) or by views of their link
 * (browse), over today, the last 7 days or all, in exhibition time (UTC+8) up to business now.
 * Competition ranking: equal counts share a rank and the next rank skips (1, 2, 2, 4); equal ranks
 * are ordered by company name. Views and registrations count a few per address, code and day at most
 * (./views.ts COUNTED_PER_ADDRESS). An exhibitor sees the top RANKING_TOP and its own row, company names
 * only; the organizer every row.
 */

/** The first exhibition day a period counts (null: from the start). */
export function periodStartDay(period: RankingPeriod, now: Date): string | null {
  const today = exhibitionDate(now);
  if (period === "today") return today;
  if (period === "week") return shiftDay(today, -6);
  return null;
}

type Counted = { userId: number; companyName: string; count: number };

/** Competition ranking of exhibitors with a count above 0, equal ranks by company name (in the language's order). */
export function competitionRanking(entries: Counted[], language: Language): (Counted & { rank: number })[] {
  const collator = new Intl.Collator(language === "en" ? "en" : "zh-Hans-CN", { sensitivity: "base", numeric: true });
  const sorted = entries.filter((e) => e.count > 0).sort((a, b) => b.count - a.count || collator.compare(a.companyName, b.companyName) || a.userId - b.userId);
  let rank = 0;
  return sorted.map((entry, index) => {
    if (index === 0 || sorted[index - 1]!.count !== entry.count) rank = index + 1;
    return { ...entry, rank };
  });
}

/** Count per exhibitor of the exhibition, for the period (business now is the end). */
async function countsOf(db: Database, exhibitionId: number, kind: RankingKind, period: RankingPeriod, now: Date): Promise<Map<number, number>> {
  const fromDay = periodStartDay(period, now);
  const today = exhibitionDate(now);
  if (kind === "invite") {
    let query = db
      .selectFrom("visitors as v")
      .innerJoin("users as u", "u.id", "v.inviter_user_id")
      .select(["v.inviter_user_id as user_id", sql<number>`count(*)::int`.as("n")])
      .where("v.exhibition_id", "=", exhibitionId)
      .where("v.ranked", "=", true)
      .where("u.role_id", "=", EXHIBITOR_ROLE_ID)
      .where("v.created_at", "<=", now);
    if (fromDay) query = query.where("v.created_at", ">=", new Date(`${fromDay}T00:00:00+08:00`));
    const rows = await query.groupBy("v.inviter_user_id").execute();
    return new Map(rows.map((r) => [r.user_id!, r.n]));
  }
  let query = db
    .selectFrom("promotion_views as pv")
    .innerJoin("promotion_codes as c", "c.code", "pv.code")
    .innerJoin("users as u", "u.id", "c.user_id")
    .select(["c.user_id", sql<number>`count(*)::int`.as("n")])
    .where("c.exhibition_id", "=", exhibitionId)
    .where("u.role_id", "=", EXHIBITOR_ROLE_ID)
    .where("pv.day", "<=", today);
  if (fromDay) query = query.where("pv.day", ">=", fromDay);
  const rows = await query.groupBy("c.user_id").execute();
  return new Map(rows.map((r) => [r.user_id, r.n]));
}

/** Company names only: the approved public profile's or the account's, in the language (the other one when missing); never the user name. */
export async function companyNamesOf(db: Database, exhibitionId: number, userIds: number[], language: Language): Promise<Map<number, string>> {
  const profiles = await approvedPublicProfiles(db, exhibitionId, userIds);
  return new Map([...profiles].map(([id, { names }]) => [id, companyNameIn(names, language) ?? ""]));
}

/** Every ranked exhibitor, in order. */
async function rankedRows(db: Database, exhibitionId: number, kind: RankingKind, period: RankingPeriod, language: Language, now: Date) {
  const counts = await countsOf(db, exhibitionId, kind, period, now);
  const names = await companyNamesOf(db, exhibitionId, [...counts.keys()], language);
  return competitionRanking(
    [...counts].map(([userId, count]) => ({ userId, count, companyName: names.get(userId) ?? "" })),
    language,
  );
}

/** The ranking as the caller sees it: an exhibitor the top and its own row, the organizer every row. */
export async function ranking(db: Database, caller: Caller, kind: RankingKind, period: RankingPeriod, language: Language, now: Date): Promise<Ranking> {
  const ranked = await rankedRows(db, caller.exhibitionId, kind, period, language, now);
  const row = (r: (typeof ranked)[number]): RankingRow => ({ rank: r.rank, companyName: r.companyName, count: r.count, mine: r.userId === caller.userId });
  if (caller.roleId !== EXHIBITOR_ROLE_ID) return { kind, period, rows: ranked.map(row), own: null, ranked: ranked.length };
  const mine = ranked.find((r) => r.userId === caller.userId);
  // Without a count the caller shares the last rank with every exhibitor at 0.
  const own = mine
    ? row(mine)
    : {
        rank: ranked.length + 1,
        companyName: (await companyNamesOf(db, caller.exhibitionId, [caller.userId], language)).get(caller.userId) ?? "",
        count: 0,
        mine: true,
      };
  return { kind, period, rows: ranked.slice(0, RANKING_TOP).map(row), own, ranked: ranked.length };
}

export function rankingFileName(kind: RankingKind, language: Language) {
  const t = (key: string) => translate(language, `promotion.visitors.export.${key}`);
  return { filename: `${t(`${kind}File`)}.xlsx`, ascii: `${translate("en", `promotion.visitors.export.${kind}File`)}.xlsx` };
}

/** The organizer's export of a ranking: every ranked exhibitor. */
export async function rankingWorkbook(db: Database, caller: Caller, kind: RankingKind, period: RankingPeriod, language: Language, now: Date): Promise<Buffer> {
  const ranked = await rankedRows(db, caller.exhibitionId, kind, period, language, now);
  const t = (key: string) => translate(language, `promotion.visitors.${key}`);
  const workbook = new (await loadExcel()).Workbook();
  const sheet = workbook.addWorksheet(t(`export.${kind}Sheet`));
  const columns: Partial<ExcelJS.Column>[] = [
    { key: "rank", header: t("columns.rank"), width: 8 },
    { key: "company", header: t("columns.company"), width: 40 },
    { key: "count", header: t(kind === "invite" ? "columns.registrations" : "columns.views"), width: 16 },
  ];
  sheet.columns = columns;
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: "frozen", ySplit: 1 }];
  for (const r of ranked) sheet.addRow({ rank: r.rank, company: r.companyName, count: r.count });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
