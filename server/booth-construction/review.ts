import { countRows, pageRows } from "../db/paging";
import { containsPattern } from "../db/keyword-search";
import { sql } from "kysely";
import type { ConstructionEvent, FileRef, ReviewItem, ReviewList, ReviewStatus, ReviewSubject } from "../../app/contracts/booth-construction/api-types";
import type { FasciaCheck } from "../../app/contracts/booth-construction/fascia-rules";
import type { DecisionInput, ReviewQuery } from "../../app/contracts/booth-construction/schema";
import type { Language } from "../../app/contracts/i18n/config";
import { formatMoney } from "../../app/contracts/common/format";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import { exhibitorNameIn, exhibitorNamesOf, knownByName } from "../exhibitor/names";
import { appClock } from "../clock";
import type { Database, Db } from "../db/database";
import { historyOf, recordEvent, staleRecord } from "./common";
import { fileRefs } from "../uploads/own-upload";
import type { Caller } from "../auth/caller";
import { DRAWING_KIND_LABELS } from "./drawings";
import { iso } from "../db/column-values";

/**
 * The organizer's one review queue (roleId 1, checked by the route) over the four things exhibitors
 * submit for their booths: the standard booth's fascia, the raw space's insurance, the entry safety
 * commitment and each version of a special booth's drawings. Drafts and unsigned commitments are
 * the exhibitor's business and stay out. A decision is taken on a submitted record only, at the
 * version the organizer saw, and kept in the record's history.
 */
type QueueFilters = Omit<ReviewQuery, "page" | "pageSize">;

/** The three subjects with a version column; a drawing's versions are rows of their own. */
const VERSIONED = { fascia: "standard_builds", insurance: "booth_insurances", commitment: "safety_commitments" } as const;
const TABLE = { ...VERSIONED, drawing: "booth_drawings" } as const;

/** Fascias and commitments have drafts (and unsigned commitments), which stay out of the queue. */
const SENT_ONLY: ReadonlySet<ReviewSubject> = new Set(["fascia", "commitment"]);

/**
 * One subject's records as queue rows of one shape; the literal subject and the casts make the union
 * line up. A drawing's row has no version and counts as sent when it was created.
 */
function subjectRows(db: Db, exhibitionId: number, subject: ReviewSubject) {
  const drawing = subject === "drawing";
  // The four tables share these columns; one of their names stands for all four in the types.
  return db
    .selectFrom(TABLE[subject] as "booth_insurances")
    .select([
      sql<ReviewSubject>`${sql.lit(subject)}::text`.as("subject"),
      "id",
      "user_id",
      "booth_id",
      sql<ReviewStatus>`status`.as("status"),
      sql<Date | null>`${sql.ref(drawing ? "created_at" : "submitted_at")}`.as("submitted_at"),
      (drawing ? sql<number | null>`null::integer` : sql<number | null>`version`).as("version"),
      "review_comment",
    ])
    .where("exhibition_id", "=", exhibitionId)
    .$if(SENT_ONLY.has(subject), (rows) => rows.where("status", "in", ["submitted", "accepted", "returned"]));
}

/** The four subjects' rows as one queue, with the booth and the exhibitor's account to filter on. */
function queue(db: Db, exhibitionId: number) {
  const rows = (subject: ReviewSubject) => subjectRows(db, exhibitionId, subject);
  return db
    .selectFrom(rows("fascia").unionAll(rows("insurance")).unionAll(rows("commitment")).unionAll(rows("drawing")).as("q"))
    .innerJoin("booths as b", "b.id", "q.booth_id")
    .innerJoin("users as u", "u.id", "q.user_id")
    .leftJoin("exhibitor_profiles as p", (join) => join.onRef("p.user_id", "=", "q.user_id").on("p.exhibition_id", "=", exhibitionId))
    .select(["q.subject", "q.id", "q.user_id", "q.booth_id", "q.status", "q.submitted_at", "q.version", "q.review_comment", "b.booth_no"]);
}
type Queue = ReturnType<typeof queue>;
type QueueRow = Awaited<ReturnType<Queue["executeTakeFirstOrThrow"]>>;

/** The keyword matches the booth number or any name the exhibitor is known by (profile or account). */
function filtered(query: Queue, filters: QueueFilters, withStatus = true): Queue {
  let rows = query;
  if (filters.subject) rows = rows.where("q.subject", "=", filters.subject);
  if (withStatus && filters.status) rows = rows.where("q.status", "=", filters.status);
  if (filters.keyword) {
    const like = containsPattern(filters.keyword);
    rows = rows.where((eb) => eb.or([eb("b.booth_no", "ilike", like), knownByName(like)]));
  }
  return rows;
}

// Waiting for a decision first, then the newest submission.
const ordered = (query: Queue) =>
  query
    .orderBy(sql`case when q.status = 'submitted' then 0 else 1 end`)
    .orderBy(sql`q.submitted_at desc nulls last`)
    .orderBy("q.subject")
    .orderBy("q.id", "desc");

/** The queue's few words per subject, in the organizer's language. */
const SUMMARY = {
  zh: {
    standardFascia: (zh: string, en: string) => `标准楣板：${[zh, en].filter(Boolean).join(" / ")}`,
    customFascia: "定制楣板设计稿",
    customManual: "定制楣板设计稿（需人工检查）",
    customImage: (check: { widthPx: number; heightPx: number; dpi: number | null }) =>
      `定制楣板设计稿：${check.widthPx} × ${check.heightPx} 像素${check.dpi ? `，${check.dpi} dpi` : ""}`,
    insurance: (insurer: string, policyNo: string, amount: string, from: string, to: string) =>
      `${insurer}，保单号 ${policyNo}，保额 ¥${amount}，${from} 至 ${to}`,
    commitment: (person: string, builder: string) => `现场负责人：${person}；搭建商：${builder}`,
    drawing: (kind: string, version: number, note: string) => `${kind} 第 ${version} 版${note ? `：${note}` : ""}`,
  },
  en: {
    standardFascia: (zh: string, en: string) => `Standard fascia: ${[zh, en].filter(Boolean).join(" / ")}`,
    customFascia: "Custom fascia artwork",
    customManual: "Custom fascia artwork (manual check)",
    customImage: (check: { widthPx: number; heightPx: number; dpi: number | null }) =>
      `Custom fascia artwork: ${check.widthPx} × ${check.heightPx} px${check.dpi ? `, ${check.dpi} dpi` : ""}`,
    insurance: (insurer: string, policyNo: string, amount: string, from: string, to: string) =>
      `${insurer}, policy ${policyNo}, insured ¥${amount}, ${from} to ${to}`,
    commitment: (person: string, builder: string) => `Responsible on site: ${person}; builder: ${builder}`,
    drawing: (kind: string, version: number, note: string) => `${kind[0]!.toUpperCase()}${kind.slice(1)} v${version}${note ? `: ${note}` : ""}`,
  },
};

const jsonValue = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value);

type Details = { summary: string; fileIds: (string | null)[] };

/** What each row is about: read per subject for the rows of one page only. */
async function detailsOf(db: Db, rows: QueueRow[], language: Language): Promise<Map<string, Details>> {
  const idsOf = (subject: ReviewSubject) => rows.filter((r) => r.subject === subject).map((r) => r.id);
  const texts = SUMMARY[language];
  const details = new Map<string, Details>();
  const [fascia, insurance, commitment, drawing] = [idsOf("fascia"), idsOf("insurance"), idsOf("commitment"), idsOf("drawing")];
  if (fascia.length) {
    const found = await db
      .selectFrom("standard_builds")
      .select(["id", "fascia_mode", "fascia_name_zh", "fascia_name_en", "fascia_file_id", "fascia_check"])
      .where("id", "in", fascia)
      .execute();
    for (const r of found) {
      const check = jsonValue(r.fascia_check) as FasciaCheck | null;
      const summary =
        r.fascia_mode === "standard"
          ? texts.standardFascia(r.fascia_name_zh, r.fascia_name_en)
          : check?.manual
            ? texts.customManual
            : check
              ? texts.customImage(check)
              : texts.customFascia;
      details.set(`fascia:${r.id}`, { summary, fileIds: [r.fascia_mode === "custom" ? r.fascia_file_id : null] });
    }
  }
  if (insurance.length) {
    const found = await db
      .selectFrom("booth_insurances")
      .select([
        "id",
        "insurer",
        "policy_no",
        "insured_cents",
        "policy_file_id",
        sql<string>`to_char(valid_from, 'YYYY-MM-DD')`.as("from"),
        sql<string>`to_char(valid_to, 'YYYY-MM-DD')`.as("to"),
      ])
      .where("id", "in", insurance)
      .execute();
    for (const r of found)
      details.set(`insurance:${r.id}`, {
        summary: texts.insurance(r.insurer, r.policy_no, formatMoney(Number(r.insured_cents)), r.from, r.to),
        fileIds: [r.policy_file_id],
      });
  }
  if (commitment.length) {
    const found = await db
      .selectFrom("safety_commitments")
      .select(["id", "responsible_person", "builder_company", "signed_file_id"])
      .where("id", "in", commitment)
      .execute();
    for (const r of found)
      details.set(`commitment:${r.id}`, { summary: texts.commitment(r.responsible_person, r.builder_company), fileIds: [r.signed_file_id] });
  }
  if (drawing.length) {
    const found = await db.selectFrom("booth_drawings").select(["id", "kind", "version", "note", "file_id"]).where("id", "in", drawing).execute();
    for (const r of found)
      details.set(`drawing:${r.id}`, { summary: texts.drawing(DRAWING_KIND_LABELS[language][r.kind], r.version, r.note), fileIds: [r.file_id] });
  }
  return details;
}

async function itemsOf(db: Db, caller: Caller, rows: QueueRow[], language: Language): Promise<ReviewItem[]> {
  const [names, details] = await Promise.all([
    exhibitorNamesOf(
      db,
      caller.exhibitionId,
      rows.map((r) => r.user_id),
    ),
    detailsOf(db, rows, language),
  ]);
  const files = await fileRefs(
    db,
    [...details.values()].flatMap((d) => d.fileIds),
  );
  return rows.map((row) => {
    const detail = details.get(`${row.subject}:${row.id}`);
    return {
      subject: row.subject,
      id: row.id,
      userId: row.user_id,
      exhibitorName: exhibitorNameIn(names.get(row.user_id), language),
      boothNo: row.booth_no,
      status: row.status,
      summary: detail?.summary ?? "",
      files: (detail?.fileIds ?? []).map((id) => (id ? files.get(id) : undefined)).filter((f): f is FileRef => Boolean(f)),
      submittedAt: iso(row.submitted_at),
      version: row.version === null ? null : Number(row.version),
      reviewComment: row.review_comment,
    };
  });
}

export async function reviewList(db: Database, caller: Caller, query: ReviewQuery, language: Language): Promise<ReviewList> {
  const base = queue(db, caller.exhibitionId);
  const matching = filtered(base, query);
  const [total, page, byStatus] = await Promise.all([
    countRows(matching),
    pageRows(ordered(matching), query.page, query.pageSize),
    filtered(base, query, false)
      .clearSelect()
      .select(["q.status", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("q.status")
      .execute(),
  ]);
  const counts: Record<ReviewStatus, number> = { submitted: 0, accepted: 0, returned: 0 };
  for (const { status, n } of byStatus) counts[status] = Number(n);
  return { items: await itemsOf(db, caller, page, language), total, page: query.page, pageSize: query.pageSize, counts };
}

/** One record of the queue as the list shows it (the answer to a decision). */
async function reviewItem(db: Database, caller: Caller, subject: ReviewSubject, id: number, language: Language): Promise<ReviewItem> {
  const row = await queue(db, caller.exhibitionId).where("q.subject", "=", subject).where("q.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  const [item] = await itemsOf(db, caller, [row], language);
  return item!;
}

/** One record with its history: the organizer's detail view. */
export async function reviewInfo(
  db: Database,
  caller: Caller,
  subject: ReviewSubject,
  id: number,
  language: Language,
): Promise<ReviewItem & { history: ConstructionEvent[] }> {
  const item = await reviewItem(db, caller, subject, id, language);
  return { ...item, history: await historyOf(db, subject, [id]) };
}

type DecidedRow = { id: number; user_id: number; booth_id: number; status: string; version: number | null };

/** The record being decided, locked for the decision; another exhibition's is unknown (404). */
async function lockedRecord(db: Db, subject: ReviewSubject, id: number, exhibitionId: number): Promise<DecidedRow | undefined> {
  if (subject === "drawing") {
    const row = await db
      .selectFrom("booth_drawings")
      .select(["id", "user_id", "booth_id", "status"])
      .where("id", "=", id)
      .where("exhibition_id", "=", exhibitionId)
      .forUpdate()
      .executeTakeFirst();
    return row && { ...row, version: null };
  }
  // The three tables share these columns; one of their names stands for all three in the types.
  const table = VERSIONED[subject] as "booth_insurances";
  return db
    .selectFrom(table)
    .select(["id", "user_id", "booth_id", "status", "version"])
    .where("id", "=", id)
    .where("exhibition_id", "=", exhibitionId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Approve (accepted) or return with a comment (returned). Only a submitted record, at the version
 * the organizer saw; the update is conditional on 'submitted', so of two organizers deciding at
 * once one wins and the other is told it is already decided.
 */
export async function decideRecord(db: Database, caller: Caller, input: DecisionInput, language: Language): Promise<ReviewItem> {
  const status: ReviewStatus = input.decision === "approve" ? "accepted" : "returned";
  const comment = input.comment ?? null;
  await db.transaction().execute(async (trx) => {
    const row = await lockedRecord(trx, input.subject, input.id, caller.exhibitionId);
    if (!row) throw notFound();
    if (row.status === "accepted" || row.status === "returned") throw new ApiError(ApiCode.conflict, "boothConstruction.errors.alreadyDecided");
    if (row.status !== "submitted") throw new ApiError(ApiCode.conflict, "boothConstruction.errors.notSubmitted");
    if (row.version !== null && input.version !== undefined && input.version !== row.version) throw staleRecord();
    const now = appClock.now();
    const decided = { status, review_comment: comment, reviewed_at: now };
    const result =
      input.subject === "drawing"
        ? await trx.updateTable("booth_drawings").set(decided).where("id", "=", row.id).where("status", "=", "submitted").executeTakeFirst()
        : await trx
            .updateTable(VERSIONED[input.subject] as "booth_insurances")
            .set({ ...decided, version: row.version! + 1, updated_at: now })
            .where("id", "=", row.id)
            .where("status", "=", "submitted")
            .where("version", "=", row.version!)
            .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new ApiError(ApiCode.conflict, "boothConstruction.errors.alreadyDecided");
    await recordEvent(trx, {
      exhibitionId: caller.exhibitionId,
      userId: row.user_id,
      boothId: row.booth_id,
      subject: input.subject,
      recordId: row.id,
      action: input.decision,
      comment,
      actor: { id: caller.userId, label: caller.label },
    });
  });
  return reviewItem(db, caller, input.subject, input.id, language);
}

/** One record's submissions and decisions, oldest first; only of the organizer's own exhibition. */
export async function reviewHistory(db: Database, caller: Caller, subject: ReviewSubject, id: number): Promise<ConstructionEvent[]> {
  const table = TABLE[subject] as "booth_insurances";
  const row = await db.selectFrom(table).select("id").where("id", "=", id).where("exhibition_id", "=", caller.exhibitionId).executeTakeFirst();
  if (!row) throw notFound();
  return historyOf(db, subject, [id]);
}
