import type {
  CommitmentStatus,
  DrawingKind,
  DrawingProcess,
  DrawingVersion,
  ProcessStep,
  ReviewStatus,
} from "../../app/contracts/booth-construction/api-types";
import { DRAWING_KINDS, type DrawingUploadInput } from "../../app/contracts/booth-construction/schema";
import type { Language } from "../../app/contracts/i18n/config";
import { ApiCode, ApiError } from "../api/envelope";
import { appClock } from "../clock";
import type { Database, Db } from "../db/database";
import { constructionBooth, ownFileId, RAW_SPACE, recordOwnEvent, staleRecord } from "./common";
import type { Caller } from "../auth/caller";
import { readExhibitionSetting } from "../exhibition-settings/store";
import { iso } from "../db/column-values";
import { isUniqueViolation } from "../db/unique-violation";
import { fileRefs } from "../uploads/own-upload";

/**
 * The special booth's drawings (specialBoothCIProcess, raw space only): design drawings, the
 * structural calculation and the builder's qualification, each a series of versions. A version is
 * reviewed on its own; the latest version of each kind decides where the booth is in the process
 * (submit → review → rectify → approved → build-up permit). An accepted kind is frozen: the
 * organizer approved exactly that file, so nothing newer may replace it.
 */
export const DRAWING_FOLDER = "booth-drawing";

/** The kinds as messages and the organizer's queue name them (the page has its own texts). */
export const DRAWING_KIND_LABELS: Record<Language, Record<DrawingKind, string>> = {
  zh: { design: "设计图纸", structure: "结构计算书", qualification: "搭建商资质" },
  en: { design: "design drawing", structure: "structural calculation", qualification: "builder qualification" },
};

export type LatestStatuses = Record<DrawingKind, ReviewStatus | null>;

/**
 * Where the booth is: 'submit' while a kind has no version yet; 'rectify' when a latest version
 * was returned; 'review' while one is waiting; 'approved' when all three latest are accepted, and
 * 'permit' once the insurance and the safety commitment are accepted too.
 */
export function drawingStep(latest: LatestStatuses, insuranceStatus: ReviewStatus | null, commitmentStatus: CommitmentStatus | null): ProcessStep {
  const statuses = DRAWING_KINDS.map((kind) => latest[kind]);
  if (statuses.some((status) => status === null)) return "submit";
  if (statuses.includes("returned")) return "rectify";
  if (statuses.includes("submitted")) return "review";
  return insuranceStatus === "accepted" && commitmentStatus === "accepted" ? "permit" : "approved";
}

/** Every version of the booth's drawings, newest first per kind, and the step it gives. */
export async function drawingProcess(db: Db, caller: Caller, boothId: number | undefined): Promise<DrawingProcess> {
  const booth = await constructionBooth(db, caller, boothId, [RAW_SPACE]);
  const [rows, insurance, commitment, drawingSiteUrl] = await Promise.all([
    db
      .selectFrom("booth_drawings")
      .select(["id", "kind", "version", "file_id", "note", "status", "review_comment", "reviewed_at", "created_at"])
      .where("booth_id", "=", booth.boothId)
      .where("exhibition_id", "=", caller.exhibitionId)
      .orderBy("version", "desc")
      .execute(),
    db.selectFrom("booth_insurances").select("status").where("booth_id", "=", booth.boothId).executeTakeFirst(),
    db.selectFrom("safety_commitments").select("status").where("booth_id", "=", booth.boothId).executeTakeFirst(),
    // The organizer's drawing site (issue 52, /index/settings).
    readExhibitionSetting(db, caller.exhibitionId, "drawingSiteUrl"),
  ]);
  const files = await fileRefs(
    db,
    rows.map((r) => r.file_id),
  );
  const drawings: Record<DrawingKind, DrawingVersion[]> = { design: [], structure: [], qualification: [] };
  for (const row of rows) {
    drawings[row.kind].push({
      id: row.id,
      kind: row.kind,
      version: row.version,
      // A file row is never deleted while a drawing names it (the foreign key has no cascade).
      file: files.get(row.file_id) ?? { url: `/files/${row.file_id}`, name: "" },
      note: row.note,
      status: row.status,
      reviewComment: row.review_comment,
      reviewedAt: iso(row.reviewed_at),
      createdAt: iso(row.created_at)!,
    });
  }
  const latest = Object.fromEntries(DRAWING_KINDS.map((kind) => [kind, drawings[kind][0]?.status ?? null])) as LatestStatuses;
  const insuranceStatus = insurance?.status ?? null;
  const commitmentStatus = commitment?.status ?? null;
  return {
    booth,
    step: drawingStep(latest, insuranceStatus, commitmentStatus),
    drawings,
    insuranceStatus,
    commitmentStatus,
    drawingSiteUrl: drawingSiteUrl ?? null,
  };
}

/**
 * A new version of one kind. Refused while the latest is waiting for the organizer (one version
 * at a time is reviewed) and once it is accepted (frozen). Two uploads at once both read the same
 * latest version; the unique (booth, kind, version) index lets one in and the other gets 409.
 */
export async function uploadDrawing(db: Database, caller: Caller, input: DrawingUploadInput, language: Language): Promise<DrawingProcess> {
  const booth = await constructionBooth(db, caller, input.boothId, [RAW_SPACE]);
  const file = await ownFileId(db, caller, input.fileUrl, DRAWING_FOLDER, "fileUrl");
  const kind = DRAWING_KIND_LABELS[language][input.kind];
  try {
    await db.transaction().execute(async (trx) => {
      const latest = await trx
        .selectFrom("booth_drawings")
        .select(["version", "status"])
        .where("booth_id", "=", booth.boothId)
        .where("kind", "=", input.kind)
        .orderBy("version", "desc")
        .limit(1)
        .executeTakeFirst();
      // The message names the kind in the caller's language; data carries the codes for the page.
      if (latest?.status === "accepted")
        throw new ApiError(ApiCode.conflict, "boothConstruction.errors.drawingFrozen", { kind }, { kind: input.kind, version: latest.version });
      if (latest?.status === "submitted") {
        throw new ApiError(
          ApiCode.conflict,
          "boothConstruction.errors.drawingUnderReview",
          { kind, version: latest.version },
          { kind: input.kind, version: latest.version },
        );
      }
      const created = await trx
        .insertInto("booth_drawings")
        .values({
          exhibition_id: caller.exhibitionId,
          user_id: caller.userId,
          booth_id: booth.boothId,
          kind: input.kind,
          version: (latest?.version ?? 0) + 1,
          file_id: file.id,
          note: input.note ?? "",
          created_at: appClock.now(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordOwnEvent(trx, caller, { boothId: booth.boothId, subject: "drawing", recordId: created.id, action: "submit", comment: input.note || null });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw staleRecord();
    throw error;
  }
  return drawingProcess(db, caller, booth.boothId);
}
