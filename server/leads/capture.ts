import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import type { Lead, LeadCapture, LeadScanResult, LeadScanStatus } from "../../app/contracts/leads/api-types";
import type { LeadRating } from "../../app/contracts/leads/values";
import { ApiCode, ApiError, fieldError } from "../api/envelope";
import type { Database } from "../db/database";
import { leadOf, leadVisitorOf, selectLeads, tagsOf } from "./lead-rows";
import { verifyLeadCode } from "./pass-codes";
import type { LeadScanner } from "./scanner";

/**
 * Capturing leads (issue 56, docs/decisions/070): by the pass's URL (/lead/<code>: the visitor, and a
 * plain form saved as the company's lead), and by the scan page's queue, whose scans each carry the id
 * the device made when it read the pass. One lead per company and visitor (a unique key: scanning
 * again, from any member or device, opens the same lead); one scan per device id (a unique key: a
 * scan sent five times, or twice at once, is one scan). Both keys hold under races in any process.
 */

type Secrets = readonly string[];

function visitorOfKey(db: Database, key: string) {
  return db
    .selectFrom("visitors as v")
    .innerJoin("exhibitions as e", "e.id", "v.exhibition_id")
    .select([
      "v.id",
      "v.exhibition_id",
      "v.visitor_no",
      "v.name",
      "v.company",
      "v.position",
      "v.mobile",
      "v.email",
      "v.lead_consent",
      "v.erased_at",
      "e.name_zh",
      "e.name_en",
    ])
    .where("v.pass_key", "=", key)
    .executeTakeFirst();
}

type ScannedVisitor = NonNullable<Awaited<ReturnType<typeof visitorOfKey>>>;
type Refusal = { status: Exclude<LeadScanStatus, "saved" | "repeat" | "deleted">; error: ApiError };

/** The visitor behind a scanned code, or why it is refused: forged, of another exhibition, erased. */
async function scannedVisitor(db: Database, scanner: LeadScanner, code: string, secrets: Secrets, language: Language): Promise<ScannedVisitor | Refusal> {
  const key = verifyLeadCode(code, secrets);
  const visitor = key ? await visitorOfKey(db, key) : undefined;
  if (!visitor) return { status: "forged", error: fieldError("leads.errors.forged", "code") };
  if (visitor.exhibition_id !== scanner.exhibitionId) {
    const exhibition = language === "en" ? visitor.name_en || visitor.name_zh : visitor.name_zh || visitor.name_en;
    return { status: "otherExhibition", error: fieldError("leads.errors.otherExhibition", "code", { exhibition }) };
  }
  if (visitor.erased_at) return { status: "erased", error: new ApiError(ApiCode.conflict, "leads.errors.erased") };
  return visitor;
}

const refused = (found: ScannedVisitor | Refusal): found is Refusal => "error" in found;

async function leadOfVisitor(db: Database, companyUserId: number, visitorId: number): Promise<Lead | null> {
  const row = await selectLeads(db, companyUserId).where("l.visitor_id", "=", visitorId).executeTakeFirst();
  return row ? leadOf(row) : null;
}

/** GET /smeb/leads/capture: the visitor as the company may see them, its lead on them if any, its tags. */
export async function captureView(db: Database, scanner: LeadScanner, code: string, secrets: Secrets, language: Language): Promise<LeadCapture> {
  const visitor = await scannedVisitor(db, scanner, code, secrets, language);
  if (refused(visitor)) throw visitor.error;
  const [lead, tags] = await Promise.all([leadOfVisitor(db, scanner.companyUserId, visitor.id), tagsOf(db, scanner.companyUserId)]);
  return { visitor: leadVisitorOf(visitor), lead, tags };
}

export type LeadFields = { rating?: LeadRating; notes?: string; tagIds: number[]; followUp: boolean };

/** The tag ids, each the company's own (an id of another company's tag is refused, not dropped). */
export async function companyTagIds(db: Database, companyUserId: number, tagIds: readonly number[]) {
  const unique = [...new Set(tagIds)];
  if (!unique.length) return [];
  const own = await db.selectFrom("lead_tags").select("id").where("company_user_id", "=", companyUserId).where("id", "in", unique).execute();
  if (own.length !== unique.length) throw fieldError("leads.errors.unknownTag", "tagIds");
  return unique.sort((a, b) => a - b);
}

/**
 * POST /smeb/leads/capture: the company's lead on the visitor, made on the first save (its first
 * scan, by this member, now) and the same one afterwards, with the fields as sent.
 */
export async function saveCapture(db: Database, scanner: LeadScanner, code: string, fields: LeadFields, secrets: Secrets, language: Language, now: Date) {
  const visitor = await scannedVisitor(db, scanner, code, secrets, language);
  if (refused(visitor)) throw visitor.error;
  const tagIds = await companyTagIds(db, scanner.companyUserId, fields.tagIds);
  const values = { rating: fields.rating ?? null, notes: fields.notes ?? "", tag_ids: JSON.stringify(tagIds), follow_up: fields.followUp, updated_at: now };
  const saved = await db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto("leads")
      .values({
        exhibition_id: scanner.exhibitionId,
        company_user_id: scanner.companyUserId,
        visitor_id: visitor.id,
        scanned_by_user_id: scanner.userId,
        scanned_by_label: scanner.label,
        first_scanned_at: now,
        ...values,
      })
      .onConflict((oc) => oc.columns(["company_user_id", "visitor_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (created) {
      await trx
        .insertInto("lead_scans")
        .values({ company_user_id: scanner.companyUserId, lead_id: created.id, scanned_by_user_id: scanner.userId, scanned_at: now })
        .execute();
      return { id: created.id, created: true };
    }
    const updated = await trx
      .updateTable("leads")
      .set(values)
      .where("company_user_id", "=", scanner.companyUserId)
      .where("visitor_id", "=", visitor.id)
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: updated.id, created: false };
  });
  const row = await selectLeads(db, scanner.companyUserId).where("l.id", "=", saved.id).executeTakeFirstOrThrow();
  return { lead: leadOf(row), created: saved.created };
}

/** When the device read the pass: its own time when it is plausible (not ahead of the server, within a week), else now. */
function scanTime(scannedAt: string | undefined, now: Date) {
  const at = scannedAt ? new Date(scannedAt) : null;
  if (!at || Number.isNaN(at.getTime())) return now;
  const age = now.getTime() - at.getTime();
  return age < 0 || age > 7 * 24 * 60 * 60 * 1000 ? now : at;
}

/**
 * POST /smeb/leads/scans: a device's queued scans. Each answers on its own: saved (a lead made or found,
 * the scan counted), repeat (this device id was received before: nothing added), deleted (received
 * before, its lead deleted since: not brought back), or why the code is refused. Nothing personal but
 * the visitor's name is answered.
 */
export async function receiveScans(
  db: Database,
  scanner: LeadScanner,
  scans: readonly { id: string; code: string; scannedAt?: string }[],
  secrets: Secrets,
  language: Language,
  now: Date,
): Promise<LeadScanResult[]> {
  const results: LeadScanResult[] = [];
  const answer = (id: string, status: LeadScanStatus, leadId: number | null = null, visitorName: string | null = null): LeadScanResult => ({
    id,
    status,
    leadId,
    visitorName,
    message: translate(language, `leads.scan.statuses.${status}`),
  });
  for (const scan of scans) {
    const before = await db
      .selectFrom("lead_scans")
      .select("lead_id")
      .where("company_user_id", "=", scanner.companyUserId)
      .where("device_scan_id", "=", scan.id)
      .executeTakeFirst();
    if (before) {
      results.push(answer(scan.id, before.lead_id === null ? "deleted" : "repeat", before.lead_id));
      continue;
    }
    const visitor = await scannedVisitor(db, scanner, scan.code, secrets, language);
    if (refused(visitor)) {
      results.push(answer(scan.id, visitor.status));
      continue;
    }
    const at = scanTime(scan.scannedAt, now);
    const outcome = await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("leads")
        .values({
          exhibition_id: scanner.exhibitionId,
          company_user_id: scanner.companyUserId,
          visitor_id: visitor.id,
          scanned_by_user_id: scanner.userId,
          scanned_by_label: scanner.label,
          first_scanned_at: at,
          updated_at: now,
        })
        .onConflict((oc) => oc.columns(["company_user_id", "visitor_id"]).doNothing())
        .execute();
      const lead = await trx
        .selectFrom("leads")
        .select(["id", "first_scanned_at"])
        .where("company_user_id", "=", scanner.companyUserId)
        .where("visitor_id", "=", visitor.id)
        .executeTakeFirstOrThrow();
      // The same id sent twice at once: the unique key lets one insert count; the other is a repeat.
      const counted = await trx
        .insertInto("lead_scans")
        .values({ company_user_id: scanner.companyUserId, lead_id: lead.id, device_scan_id: scan.id, scanned_by_user_id: scanner.userId, scanned_at: at })
        .onConflict((oc) => oc.columns(["company_user_id", "device_scan_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      // A scan made offline before the lead's first one moves its first time back.
      if (counted && at < new Date(lead.first_scanned_at)) {
        await trx.updateTable("leads").set({ first_scanned_at: at }).where("id", "=", lead.id).execute();
      }
      return { leadId: lead.id, counted: Boolean(counted) };
    });
    results.push(answer(scan.id, outcome.counted ? "saved" : "repeat", outcome.leadId, visitor.name));
  }
  return results;
}
