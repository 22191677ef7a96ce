import { sql, type Transaction } from "kysely";
import type { Commitment, CommitmentAnswer, ConstructionBooth } from "../../app/contracts/booth-construction/api-types";
import { COMMITMENT_SCANS_MAX, type CommitmentInput, type CommitmentScansInput } from "../../app/contracts/booth-construction/schema";
import type { Language } from "../../app/contracts/i18n/config";
import { phoneForRole } from "../../app/contracts/common/format";
import { ApiCode, ApiError, fieldError } from "../api/envelope";
import type { Database, Db } from "../db/database";
import type { CommitmentStatus, DB } from "../db/schema";
import { COMBINE_MAX_FILES, COMBINE_MAX_TOTAL_BYTES, combineStoredScans } from "../uploads/scans-to-pdf";
import { insertStagedFile, stagePdf, type StagedFile } from "../uploads/staged-files";
import { findStoredFile, type StoredFile } from "../uploads/files";
import type { ObjectStore } from "../uploads/object-store";
import { renderCommitmentPdf, type CommitmentPdfInput } from "./commitment-pdf";
import { constructionBooth, historyOf, ownFileId, RAW_SPACE, recordOwnEvent, STANDARD_BOOTH, staleRecord } from "./common";
import type { Caller } from "../auth/caller";
import { iso } from "../db/column-values";
import { exhibitorNamesOf, exhibitorNameIn } from "../exhibitor/names";
import { isUniqueViolation } from "../db/unique-violation";
import { fileRefs } from "../uploads/own-upload";

/**
 * The entry safety commitment (spec /boothConstruction entrySafetyCommitment, both booth types):
 * the exhibitor fills in who is responsible on site and who builds, ticks that the rules were read,
 * and the server fills in the commitment PDF; it comes back signed and stamped as scans, combined
 * into one PDF like a stamped service contract (server/orders), and goes to review.
 *
 * notSigned → (upload) submitted → accepted | returned; a returned one may be changed or
 * uploaded again, a submitted one waits for the organizer, an accepted one is final.
 */

const TYPES = [STANDARD_BOOTH, RAW_SPACE] as const;
/** Not upload folders: no upload policy covers these keys, so nobody can replace the bytes. */
const GENERATED_COMMITMENT_FOLDER = "safety-commitment-generated";
const SIGNED_COMMITMENT_FOLDER = "safety-commitment-signed";
const EDITABLE: CommitmentStatus[] = ["notSigned", "returned"];
const MB = 1024 * 1024;

const commitmentFileName = (boothNo: string, kind: "generated" | "signed") => `safety-commitment-${boothNo}${kind === "signed" ? "-signed" : ""}.pdf`;

/** Why a commitment in this status cannot be changed (409), or stale when it could but changed meanwhile. */
function refusalFor(status: CommitmentStatus | undefined) {
  if (status === "submitted") return new ApiError(ApiCode.conflict, "boothConstruction.errors.underReview");
  if (status === "accepted") return new ApiError(ApiCode.conflict, "boothConstruction.errors.locked");
  return staleRecord();
}
const notSigned = () => new ApiError(ApiCode.conflict, "boothConstruction.errors.notSigned");

function selectOwn(db: Db, caller: Caller, boothId: number) {
  return db
    .selectFrom("safety_commitments as c")
    .innerJoin("booths as b", "b.id", "c.booth_id")
    .selectAll("c")
    .select("b.booth_no")
    .where("c.booth_id", "=", boothId)
    .where("c.user_id", "=", caller.userId)
    .where("c.exhibition_id", "=", caller.exhibitionId);
}

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof selectOwn>["executeTakeFirst"]>>>;

async function view(db: Db, row: Row, roleId: number): Promise<Commitment> {
  const files = await fileRefs(db, [row.generated_file_id, row.signed_file_id]);
  return {
    id: row.id,
    boothId: row.booth_id,
    boothNo: row.booth_no,
    status: row.status,
    responsiblePerson: row.responsible_person,
    builderCompany: row.builder_company,
    // docs/product.md § Masked personal data: masked for everyone but the organizer.
    mobile: phoneForRole(row.mobile, roleId),
    rulesReadAt: iso(row.rules_read_at)!,
    generatedPdf: row.generated_file_id ? (files.get(row.generated_file_id) ?? null) : null,
    signedPdf: row.signed_file_id ? (files.get(row.signed_file_id) ?? null) : null,
    reviewComment: row.review_comment,
    submittedAt: iso(row.submitted_at),
    reviewedAt: iso(row.reviewed_at),
    version: row.version,
  };
}

async function answerFor(db: Database, caller: Caller, booth: ConstructionBooth): Promise<CommitmentAnswer> {
  const row = await selectOwn(db, caller, booth.boothId).executeTakeFirst();
  return { booth, commitment: row ? await view(db, row, caller.roleId) : null, history: row ? await historyOf(db, "commitment", [row.id]) : [] };
}

/** GET commitment/find: the booth, its commitment (null before the first save) and the history. */
export async function findCommitment(db: Database, caller: Caller, boothId: number | undefined): Promise<CommitmentAnswer> {
  return answerFor(db, caller, await constructionBooth(db, caller, boothId, TYPES));
}

/**
 * What the paper says: the exhibition in the language asked for, and the exhibitor as the organizer
 * reviewed it (the submitted profile's company names, else the account's; the other language's
 * when one is missing), as the service contracts do.
 */
async function pdfInputOf(
  db: Db,
  caller: Caller,
  boothNo: string,
  details: { responsiblePerson: string; builderCompany: string; mobile: string },
  filledAt: Date,
  language: Language,
): Promise<CommitmentPdfInput> {
  const [exhibition, names] = await Promise.all([
    db.selectFrom("exhibitions").select(["name_zh", "name_en"]).where("id", "=", caller.exhibitionId).executeTakeFirst(),
    exhibitorNamesOf(db, caller.exhibitionId, [caller.userId], "reviewed"),
  ]);
  return {
    exhibitionName: (language === "zh" ? exhibition?.name_zh : exhibition?.name_en) ?? "",
    exhibitorCompany: exhibitorNameIn(names.get(caller.userId), language),
    boothNo,
    ...details,
    filledAt: filledAt.toISOString(),
  };
}

async function stageGenerated(
  db: Db,
  store: ObjectStore,
  caller: Caller,
  boothNo: string,
  details: Parameters<typeof pdfInputOf>[3],
  filledAt: Date,
  language: Language,
  now: Date,
) {
  const bytes = await renderCommitmentPdf(await pdfInputOf(db, caller, boothNo, details, filledAt, language), language);
  return stagePdf(store, { ownerUserId: caller.userId, folder: GENERATED_COMMITMENT_FOLDER, name: commitmentFileName(boothNo, "generated"), bytes, now });
}

/**
 * Writes a change with the file it makes current, in one transaction; the staged bytes are removed
 * again when the write does not happen (refused, stale, or failed).
 */
async function writeWithFile(db: Database, staged: StagedFile, write: (trx: Transaction<DB>) => Promise<void>) {
  try {
    await db.transaction().execute(async (trx) => {
      // The file row first: the commitment's file column references it.
      await insertStagedFile(trx, staged);
      await write(trx);
    });
  } catch (error) {
    await staged.discard().catch(() => undefined);
    // Another first save of the same booth got in first (booth_id is unique).
    if (isUniqueViolation(error)) throw staleRecord();
    throw error;
  }
}

/**
 * POST commitment/save: the details (with the rules ticked) and a freshly filled PDF to print.
 * A returned commitment goes back to notSigned: its earlier scans no longer match the paper.
 */
export async function saveCommitment(
  db: Database,
  store: ObjectStore,
  caller: Caller,
  input: CommitmentInput,
  language: Language,
  now: Date,
): Promise<CommitmentAnswer> {
  const booth = await constructionBooth(db, caller, input.boothId, TYPES);
  const current = await selectOwn(db, caller, booth.boothId).executeTakeFirst();
  if (current && !EDITABLE.includes(current.status)) throw refusalFor(current.status);
  if (current && input.version !== current.version) throw staleRecord();

  const details = { responsiblePerson: input.responsiblePerson, builderCompany: input.builderCompany, mobile: input.mobile };
  const staged = await stageGenerated(db, store, caller, booth.boothNo, details, now, language, now);
  const values = {
    responsible_person: details.responsiblePerson,
    builder_company: details.builderCompany,
    mobile: details.mobile,
    rules_read_at: now,
    generated_file_id: staged.id,
    signed_file_id: null,
    status: "notSigned" as const,
    submitted_at: null,
    updated_at: now,
  };
  await writeWithFile(db, staged, async (trx) => {
    let recordId: number;
    if (current) {
      const updated = await trx
        .updateTable("safety_commitments")
        .set({ ...values, version: sql<number>`version + 1` })
        .where("id", "=", current.id)
        .where("version", "=", current.version)
        .where("status", "in", EDITABLE)
        .returning("id")
        .executeTakeFirst();
      if (!updated) throw refusalFor((await trx.selectFrom("safety_commitments").select("status").where("id", "=", current.id).executeTakeFirst())?.status);
      recordId = updated.id;
    } else {
      const inserted = await trx
        .insertInto("safety_commitments")
        .values({ ...values, exhibition_id: caller.exhibitionId, user_id: caller.userId, booth_id: booth.boothId })
        .returning("id")
        .executeTakeFirstOrThrow();
      recordId = inserted.id;
    }
    await recordOwnEvent(trx, caller, { boothId: booth.boothId, subject: "commitment", recordId, action: "save" });
  });
  return answerFor(db, caller, booth);
}

export type CommitmentDownload = { file: StoredFile; fileName: string };

/**
 * GET commitment/pdf: the filled commitment to print. Made again (in the request's language, dated
 * when the details were saved) when it is missing: never made, or its bytes lost. That changes no
 * detail, so the version stays and an open form is not made stale.
 */
export async function commitmentDownload(
  db: Database,
  store: ObjectStore,
  caller: Caller,
  boothId: number | undefined,
  language: Language,
  now: Date,
): Promise<CommitmentDownload> {
  const booth = await constructionBooth(db, caller, boothId, TYPES);
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await selectOwn(db, caller, booth.boothId).executeTakeFirst();
    if (!row) throw notSigned();
    const file = row.generated_file_id ? await findStoredFile(db, row.generated_file_id) : null;
    if (file && (await store.stat(file.storageKey))) return { file, fileName: commitmentFileName(booth.boothNo, "generated") };

    const details = { responsiblePerson: row.responsible_person, builderCompany: row.builder_company, mobile: row.mobile };
    const staged = await stageGenerated(db, store, caller, booth.boothNo, details, new Date(row.rules_read_at), language, now);
    let written = false;
    await writeWithFile(db, staged, async (trx) => {
      const updated = await trx
        .updateTable("safety_commitments")
        .set({ generated_file_id: staged.id })
        .where("id", "=", row.id)
        .where("version", "=", row.version)
        .where((eb) => (row.generated_file_id ? eb("generated_file_id", "=", row.generated_file_id) : eb("generated_file_id", "is", null)))
        .returning("id")
        .executeTakeFirst();
      // Changed meanwhile: roll the file row back too, and answer the commitment as it is now.
      if (!updated) throw new RetryDownload();
      written = true;
    }).catch((error: unknown) => {
      if (!(error instanceof RetryDownload)) throw error;
    });
    if (written) return { file: (await findStoredFile(db, staged.id))!, fileName: commitmentFileName(booth.boothNo, "generated") };
  }
  throw staleRecord();
}

class RetryDownload extends Error {}

/** A 400 that names the scans field, like a validation error of the form. */
const refuseScans = (messageKey: string, values: Record<string, unknown> = {}) => fieldError(messageKey, "scanUrls", values);

/**
 * The caller's scans (their own uploads to 'safety-commitment') as one PDF, staged, exactly as a
 * stamped service contract is combined: the same limits, the same PNG guard, the same library.
 */
async function stageSignedScans(db: Database, store: ObjectStore, caller: Caller, boothNo: string, scanUrls: string[], now: Date): Promise<StagedFile> {
  const maxFiles = Math.min(COMMITMENT_SCANS_MAX, COMBINE_MAX_FILES);
  if (scanUrls.length > maxFiles) throw refuseScans("boothConstruction.errors.scansTooMany", { max: maxFiles });
  const files = [];
  for (const url of scanUrls) files.push(await ownFileId(db, caller, url, "safety-commitment", "scanUrls"));
  const merged = await combineStoredScans(store, files, (refusal) =>
    refusal.reason === "tooLarge"
      ? refuseScans("boothConstruction.errors.scansTooLarge", { max: `${COMBINE_MAX_TOTAL_BYTES / MB} MB` })
      : refuseScans("boothConstruction.errors.scanUnreadable", { name: refusal.file.name }),
  );
  return stagePdf(store, { ownerUserId: caller.userId, folder: SIGNED_COMMITMENT_FOLDER, name: commitmentFileName(boothNo, "signed"), bytes: merged, now });
}

/**
 * POST commitment/upload: the signed and stamped commitment, submitted for review. Needs the
 * details saved first (there is nothing to sign before); refused while reviewed or once accepted.
 */
export async function uploadCommitmentScans(
  db: Database,
  store: ObjectStore,
  caller: Caller,
  input: CommitmentScansInput,
  now: Date,
): Promise<CommitmentAnswer> {
  const booth = await constructionBooth(db, caller, input.boothId, TYPES);
  const current = await selectOwn(db, caller, booth.boothId).executeTakeFirst();
  if (!current) throw notSigned();
  if (!EDITABLE.includes(current.status)) throw refusalFor(current.status);
  if (input.version !== undefined && input.version !== current.version) throw staleRecord();

  const staged = await stageSignedScans(db, store, caller, booth.boothNo, input.scanUrls, now);
  await writeWithFile(db, staged, async (trx) => {
    const updated = await trx
      .updateTable("safety_commitments")
      // The organizer's last comment stays in the history; the new submission starts clean.
      .set({
        signed_file_id: staged.id,
        status: "submitted",
        submitted_at: now,
        review_comment: null,
        reviewed_at: null,
        updated_at: now,
        version: sql<number>`version + 1`,
      })
      .where("id", "=", current.id)
      .where("version", "=", current.version)
      .where("status", "in", EDITABLE)
      .returning("id")
      .executeTakeFirst();
    if (!updated) throw refusalFor((await trx.selectFrom("safety_commitments").select("status").where("id", "=", current.id).executeTakeFirst())?.status);
    await recordOwnEvent(trx, caller, { boothId: booth.boothId, subject: "commitment", recordId: current.id, action: "submit" });
  });
  return answerFor(db, caller, booth);
}
