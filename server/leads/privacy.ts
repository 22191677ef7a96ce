import { sql } from "kysely";
import type { Database, Db } from "../db/database";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import { type HistoryActor, recordHistory } from "../team/history-record";

/**
 * A visitor's personal data on request, and all visitors' some days after the show (docs/decisions/070,
 * China's PIPL: kept no longer than needed). Erasing keeps the row, anonymous: the visitor number,
 * country, interests and dates stay for the counts; name, company, position, mobile and e-mail go,
 * both consents end, the pass stops working (its page and every scan answer "deleted"). The
 * exhibitors' leads on the visitor keep their own rating and notes and show the visitor as deleted.
 * Each erasure is in the history.
 */

/** Empties one visitor's personal data in `trx`; false when it was erased already. */
async function eraseRow(trx: Db, visitorId: number, now: Date) {
  const erased = await trx
    .updateTable("visitors")
    .set({
      name: "",
      company: "",
      position: "",
      // Unique per exhibition: the row's own id keeps it so, and the person may register again.
      mobile: sql<string>`'erased-' || id::text`,
      email: "",
      consent: false,
      lead_consent: false,
      lead_consent_at: now,
      address_key: null,
      erased_at: now,
    })
    .where("id", "=", visitorId)
    .where("erased_at", "is", null)
    .returning(["id", "exhibition_id", "visitor_no"])
    .executeTakeFirst();
  return erased ?? null;
}

/** POST /smeb/invitation/visitors/erase: the organizer deletes one visitor's personal data on the visitor's request (the route notes it for the history). */
export async function eraseVisitor(db: Database, exhibitionId: number, visitorId: number, now: Date) {
  const visitor = await db
    .selectFrom("visitors")
    .select(["id", "erased_at"])
    .where("id", "=", visitorId)
    .where("exhibition_id", "=", exhibitionId)
    .executeTakeFirst();
  if (!visitor) throw notFound("leads.errors.visitorNotFound");
  if (visitor.erased_at || !(await eraseRow(db, visitorId, now))) throw new ApiError(ApiCode.conflict, "leads.errors.alreadyErased");
}

export type PurgeReport = { exhibitions: { id: number; name: string; endsOn: string; visitors: number }[]; erased: number; dryRun: boolean };

/**
 * `cli.js purge-visitors --after-closing-days N [--dry-run]`: every visitor's personal data of each
 * exhibition that closed at least N days before today (business time, UTC+8). A dry run counts
 * what would go and changes nothing.
 */
export async function purgeVisitors(db: Database, afterClosingDays: number, dryRun: boolean, now: Date): Promise<PurgeReport> {
  const today = sql<string>`((${now}::timestamptz at time zone 'UTC') + interval '8 hours')::date`;
  const exhibitions = await db
    .selectFrom("exhibitions as e")
    .select([
      "e.id",
      "e.name_zh",
      sql<string>`to_char(e.ends_on, 'YYYY-MM-DD')`.as("ends_on"),
      (eb) =>
        eb
          .selectFrom("visitors as v")
          .select(sql<number>`count(*)::int`.as("n"))
          .whereRef("v.exhibition_id", "=", "e.id")
          .where("v.erased_at", "is", null)
          .as("visitors"),
    ])
    .where(sql<boolean>`e.ends_on + ${afterClosingDays}::int <= ${today}`)
    .orderBy("e.id")
    .execute();
  const report: PurgeReport = {
    exhibitions: exhibitions.map((e) => ({ id: e.id, name: e.name_zh, endsOn: e.ends_on, visitors: e.visitors ?? 0 })),
    erased: 0,
    dryRun,
  };
  if (dryRun) return report;
  const system: HistoryActor = { userId: null, label: "purge-visitors", company: null, role: "system", onBehalfOf: null };
  for (const exhibition of report.exhibitions.filter((e) => e.visitors > 0)) {
    const ids = await db.selectFrom("visitors").select("id").where("exhibition_id", "=", exhibition.id).where("erased_at", "is", null).execute();
    await db.transaction().execute(async (trx) => {
      for (const { id } of ids) if (await eraseRow(trx, id, now)) report.erased++;
      await recordHistory(trx as Database, {
        exhibitionId: exhibition.id,
        actor: system,
        companyUserId: null,
        area: "promotion",
        kind: "delete",
        action: "cli:purge-visitors",
        recordType: "visitor",
        summary: `personal data of ${ids.length} visitors erased, ${afterClosingDays} days after closing (${exhibition.endsOn})`,
      });
    });
  }
  return report;
}
