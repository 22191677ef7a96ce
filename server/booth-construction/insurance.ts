import { sql } from "kysely";
import type { ConstructionSettings, Insurance, InsuranceAnswer } from "../../app/contracts/booth-construction/api-types";
import type { InsuranceInput } from "../../app/contracts/booth-construction/schema";
import { formatMoney } from "../../app/contracts/common/format";
import { ApiCode, ApiError } from "../api/envelope";
import type { Database, Db } from "../db/database";
import { storedFileUrl } from "../uploads/files";
import { constructionBooth, constructionSettings, historyOf, ownFileId, RAW_SPACE, recordOwnEvent, staleRecord } from "./common";
import type { Caller } from "../auth/caller";
import { iso, day } from "../db/column-values";
import { isUniqueViolation } from "../db/unique-violation";

/**
 * Public liability insurance (spec /boothConstruction insurancePurchase): raw space booths only
 * (docs/product.md § Menus and page access hides the page from standard booths; the server refuses them too). One policy per
 * booth, replaced by each save until the organizer accepts it. Saving is submitting: the policy
 * goes (back) to review, and the organizer's last comment stays in the history.
 */

export type PolicyTerms = { insuredCents: number; validFrom: string; validTo: string };
export type PolicyProblem = { field: "insuredAmount" | "validFrom" | "validTo"; messageKey: string; values: Record<string, string> };

/**
 * What is wrong with a policy for this exhibition, field by field (none: it is acceptable): the
 * insured amount at least the exhibition's minimum, and the validity covering every build-up and
 * dismantling day, both ends included. Days are YYYY-MM-DD, so they compare as text.
 */
export function policyProblems(
  policy: PolicyTerms,
  settings: Pick<ConstructionSettings, "buildUpFrom" | "dismantleTo" | "insuranceMinCents">,
): PolicyProblem[] {
  const problems: PolicyProblem[] = [];
  if (policy.insuredCents < settings.insuranceMinCents) {
    problems.push({
      field: "insuredAmount",
      messageKey: "boothConstruction.errors.insuredBelowMinimum",
      values: { min: formatMoney(settings.insuranceMinCents) },
    });
  }
  const cover = { from: settings.buildUpFrom, to: settings.dismantleTo };
  if (policy.validFrom > settings.buildUpFrom) problems.push({ field: "validFrom", messageKey: "boothConstruction.errors.policyDoesNotCover", values: cover });
  if (policy.validTo < settings.dismantleTo) problems.push({ field: "validTo", messageKey: "boothConstruction.errors.policyDoesNotCover", values: cover });
  return problems;
}

/** Every problem at its field; the first one is the message. */
function refusePolicy(problems: PolicyProblem[]) {
  const fields: Record<string, string[]> = {};
  for (const problem of problems) (fields[problem.field] ??= []).push(problem.messageKey);
  const [first] = problems;
  return new ApiError(ApiCode.badRequest, first!.messageKey, first!.values, { fields });
}

function selectPolicy(db: Db, caller: Caller, boothId: number) {
  return db
    .selectFrom("booth_insurances as i")
    .innerJoin("booths as b", "b.id", "i.booth_id")
    .innerJoin("stored_files as f", "f.id", "i.policy_file_id")
    .selectAll("i")
    .select(["b.booth_no", "f.original_name"])
    .where("i.booth_id", "=", boothId)
    .where("i.user_id", "=", caller.userId)
    .where("i.exhibition_id", "=", caller.exhibitionId);
}

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof selectPolicy>["executeTakeFirst"]>>>;

function view(row: Row): Insurance {
  return {
    id: row.id,
    boothId: row.booth_id,
    boothNo: row.booth_no,
    status: row.status,
    insurer: row.insurer,
    policyNo: row.policy_no,
    insuredCents: Number(row.insured_cents),
    validFrom: day(row.valid_from)!,
    validTo: day(row.valid_to)!,
    policyFile: { url: storedFileUrl(row.policy_file_id), name: row.original_name },
    reviewComment: row.review_comment,
    submittedAt: iso(row.submitted_at)!,
    reviewedAt: iso(row.reviewed_at),
    version: row.version,
  };
}

/** GET insurance/find: the booth, its policy (null before the first save), the calendar and the history. */
export async function findInsurance(db: Database, caller: Caller, boothId: number | undefined): Promise<InsuranceAnswer> {
  const booth = await constructionBooth(db, caller, boothId, [RAW_SPACE]);
  const [row, settings] = await Promise.all([selectPolicy(db, caller, booth.boothId).executeTakeFirst(), constructionSettings(db, caller.exhibitionId)]);
  return { booth, insurance: row ? view(row) : null, settings, history: row ? await historyOf(db, "insurance", [row.id]) : [] };
}

const locked = () => new ApiError(ApiCode.conflict, "boothConstruction.errors.locked");

/**
 * POST insurance/save: creates the booth's policy or replaces it (with the version read). An
 * accepted policy stays as accepted; a submitted or returned one is replaced and (re)submitted.
 */
export async function saveInsurance(db: Database, caller: Caller, input: InsuranceInput, now: Date): Promise<InsuranceAnswer> {
  const booth = await constructionBooth(db, caller, input.boothId, [RAW_SPACE]);
  const settings = await constructionSettings(db, caller.exhibitionId);
  const problems = policyProblems({ insuredCents: input.insuredAmount, validFrom: input.validFrom, validTo: input.validTo }, settings);
  if (problems.length) throw refusePolicy(problems);
  const file = await ownFileId(db, caller, input.policyUrl, "booth-insurance", "policyUrl");

  const current = await selectPolicy(db, caller, booth.boothId).executeTakeFirst();
  if (current?.status === "accepted") throw locked();
  // Replacing needs the version the form was read at: two tabs cannot silently overwrite each other.
  if (current && input.version !== current.version) throw staleRecord();

  const policy = {
    insurer: input.insurer,
    policy_no: input.policyNo,
    insured_cents: input.insuredAmount,
    valid_from: input.validFrom,
    valid_to: input.validTo,
    policy_file_id: file.id,
    status: "submitted" as const,
    // The last comment is kept in the history (the 'return' event); the new submission starts clean.
    review_comment: null,
    submitted_at: now,
    reviewed_at: null,
    updated_at: now,
  };
  try {
    await db.transaction().execute(async (trx) => {
      let recordId: number;
      if (current) {
        const updated = await trx
          .updateTable("booth_insurances")
          .set({ ...policy, version: sql<number>`version + 1` })
          .where("id", "=", current.id)
          .where("version", "=", current.version)
          .where("status", "!=", "accepted")
          .returning("id")
          .executeTakeFirst();
        // Decided or changed since read: accepted meanwhile is 'locked', anything else stale.
        if (!updated) {
          const latest = await trx.selectFrom("booth_insurances").select("status").where("id", "=", current.id).executeTakeFirst();
          throw latest?.status === "accepted" ? locked() : staleRecord();
        }
        recordId = updated.id;
      } else {
        const inserted = await trx
          .insertInto("booth_insurances")
          .values({ ...policy, exhibition_id: caller.exhibitionId, user_id: caller.userId, booth_id: booth.boothId })
          .returning("id")
          .executeTakeFirstOrThrow();
        recordId = inserted.id;
      }
      await recordOwnEvent(trx, caller, { boothId: booth.boothId, subject: "insurance", recordId, action: "submit" });
    });
  } catch (error) {
    // Another first save of the same booth got in first (booth_id is unique).
    if (isUniqueViolation(error)) throw staleRecord();
    throw error;
  }
  return findInsurance(db, caller, booth.boothId);
}
