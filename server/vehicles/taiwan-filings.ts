import { sql, type Transaction } from "kysely";
import { TAIWAN_LINES_MAX, type TaiwanHeaderInput, type TaiwanLineInput } from "../../app/contracts/vehicles/schema";
import type {
  TaiwanFilingView,
  TaiwanFind,
  TaiwanLineView,
  TaiwanReviewDetail,
  TaiwanReviewList,
  TaiwanStatus,
} from "../../app/contracts/vehicles/taiwan/types";
import { lineValueCents, totalsByCurrency } from "../../app/contracts/vehicles/taiwan/values";
import type { Language } from "../../app/contracts/i18n/config";
import { unitsToDecimal } from "../../app/contracts/common/quantity";
import { ApiCode, ApiError, notFound, fieldError } from "../api/envelope";
import { exhibitorNameIn, exhibitorNamesOf } from "../exhibitor/names";
import { appClock } from "../clock";
import type { Database, Db } from "../db/database";
import type { DB } from "../db/schema";
import { ownBooth, ownBooths } from "../transport/common";
import type { Caller } from "../auth/caller";
import { iso } from "../db/column-values";
import { sendQuietly } from "../notify/send-quietly";
import type { Mailer } from "../api/context";
import { portalLink } from "../exhibition-settings/public-url";

/**
 * The Taiwan exhibits customs filing (spec /exhibitTL twExhibitsDeclaration, issue 18, decision 020):
 * one filing per exhibitor booth, its importer in the header and its exhibits added one line at a
 * time while a draft or returned; submitted, the customs agent (the organizer) accepts it or returns
 * it with comments. Every write locks the filing row and checks the version the page read, so two
 * tabs cannot overwrite each other; another exhibitor's filing answers like an unknown one (404).
 */
const REVIEW_PAGE_SIZE = 20;
const DECLARATION_PAGE = "/exhibitTL/twExhibitsDeclaration";
const REVIEWED: Exclude<TaiwanStatus, "draft">[] = ["submitted", "accepted", "returned"];

const stale = () => new ApiError(ApiCode.conflict, "vehicles.taiwan.errors.stale");
const notEditable = () => new ApiError(ApiCode.conflict, "vehicles.taiwan.errors.notEditable");
const isEditable = (status: TaiwanStatus) => status === "draft" || status === "returned";

function selectFilings(db: Db, exhibitionId: number) {
  return db
    .selectFrom("tw_filings as f")
    .innerJoin("booths as b", "b.id", "f.booth_id")
    .select([
      "f.id",
      "f.version",
      "f.user_id",
      "f.booth_id",
      "b.booth_no",
      "f.importer_name",
      "f.importer_contact",
      "f.importer_phone",
      "f.status",
      "f.review_comment",
      "f.submitted_at",
      "f.reviewed_at",
    ])
    .where("f.exhibition_id", "=", exhibitionId);
}
type FilingRow = Awaited<ReturnType<ReturnType<typeof selectFilings>["execute"]>>[number];

/** The lines of some filings, in their order, as the pages show them. */
export async function linesOf(db: Db, filingIds: number[]): Promise<Map<number, TaiwanLineView[]>> {
  const lines = new Map<number, TaiwanLineView[]>();
  if (!filingIds.length) return lines;
  const rows = await db.selectFrom("tw_filing_lines").selectAll().where("filing_id", "in", filingIds).orderBy("filing_id").orderBy("sort").execute();
  for (const row of rows) {
    const unitValueCents = Number(row.unit_value_cents);
    const grossWeightG = Number(row.gross_weight_g);
    const line: TaiwanLineView = {
      sort: row.sort,
      nameZh: row.name_zh,
      nameEn: row.name_en,
      hsCode: row.hs_code,
      quantity: row.quantity,
      unit: row.unit,
      unitValueCents,
      currency: row.currency,
      disposition: row.disposition,
      packages: row.packages,
      grossWeightG,
      grossWeightKg: unitsToDecimal(grossWeightG, 3),
      valueCents: lineValueCents({ quantity: row.quantity, unitValueCents }),
    };
    lines.set(row.filing_id, [...(lines.get(row.filing_id) ?? []), line]);
  }
  return lines;
}

function filingView(row: FilingRow, lines: TaiwanLineView[]): TaiwanFilingView {
  const editable = isEditable(row.status);
  return {
    id: row.id,
    version: row.version,
    boothId: row.booth_id,
    boothNo: row.booth_no,
    importerName: row.importer_name,
    importerContact: row.importer_contact,
    importerPhone: row.importer_phone,
    status: row.status,
    reviewComment: row.review_comment,
    submittedAt: iso(row.submitted_at),
    reviewedAt: iso(row.reviewed_at),
    editable,
    submittable: editable && lines.length > 0,
    lines,
    totals: totalsByCurrency(lines),
    packagesTotal: lines.reduce((sum, l) => sum + l.packages, 0),
    grossWeightKgTotal: unitsToDecimal(
      lines.reduce((sum, l) => sum + l.grossWeightG, 0),
      3,
    ),
  };
}

async function readOwnFiling(db: Db, caller: Caller, id: number): Promise<TaiwanFilingView> {
  const row = await selectFilings(db, caller.exhibitionId).where("f.id", "=", id).where("f.user_id", "=", caller.userId).executeTakeFirst();
  if (!row) throw notFound();
  return filingView(row, (await linesOf(db, [row.id])).get(row.id) ?? []);
}

/** GET /smeb/twExhibit/find: the filing of one of the caller's booths (the first when none is named); another's booth answers 404. */
export async function findFiling(db: Db, caller: Caller, boothId: number | undefined): Promise<TaiwanFind> {
  const booths = await ownBooths(db, caller);
  const booth = boothId === undefined ? booths[0] : booths.find((b) => b.boothId === boothId);
  if (boothId !== undefined && !booth) throw notFound();
  const row = booth
    ? await selectFilings(db, caller.exhibitionId).where("f.user_id", "=", caller.userId).where("f.booth_id", "=", booth.boothId).executeTakeFirst()
    : undefined;
  const filing = row ? filingView(row, (await linesOf(db, [row.id])).get(row.id) ?? []) : null;
  return { booths, boothId: booth?.boothId ?? null, filing, linesMax: TAIWAN_LINES_MAX };
}

/** The caller's filing locked for a change: 404 if not theirs, 409 once with the agent or at another version. */
async function lockEditable(trx: Transaction<DB>, caller: Caller, id: number, version: number | undefined) {
  const row = await trx
    .selectFrom("tw_filings")
    .select(["id", "booth_id", "status", "version"])
    .where("id", "=", id)
    .where("user_id", "=", caller.userId)
    .where("exhibition_id", "=", caller.exhibitionId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound();
  if (!isEditable(row.status)) throw notEditable();
  if (version !== undefined && version !== row.version) throw stale();
  return row;
}

const bump = (trx: Transaction<DB>, row: { id: number; version: number }, now: Date) =>
  trx
    .updateTable("tw_filings")
    .set({ version: row.version + 1, updated_at: now })
    .where("id", "=", row.id)
    .execute();

/** POST /smeb/twExhibit/save: a new draft for a booth of the caller's, or its header changed (with id and version). */
export async function saveHeader(db: Database, caller: Caller, input: TaiwanHeaderInput, now: Date): Promise<TaiwanFilingView> {
  const id = await db.transaction().execute(async (trx) => {
    await ownBooth(trx, caller, input.boothId);
    const importer = { importer_name: input.importerName, importer_contact: input.importerContact, importer_phone: input.importerPhone };
    if (input.id !== undefined) {
      const row = await lockEditable(trx, caller, input.id, input.version);
      // The filing is the booth's: another booth gets a filing of its own.
      if (row.booth_id !== input.boothId) throw fieldError("vehicles.taiwan.errors.boothFixed", "boothId");
      await trx
        .updateTable("tw_filings")
        .set({ ...importer, version: row.version + 1, updated_at: now })
        .where("id", "=", row.id)
        .execute();
      return row.id;
    }
    const created = await trx
      .insertInto("tw_filings")
      .values({ ...importer, exhibition_id: caller.exhibitionId, user_id: caller.userId, booth_id: input.boothId, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(["user_id", "booth_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    // Another tab made it first: saving over it unseen would lose what that tab typed.
    if (!created) throw new ApiError(ApiCode.conflict, "vehicles.taiwan.errors.exists");
    return created.id;
  });
  return readOwnFiling(db, caller, id);
}

/** POST /smeb/twExhibit/line/add: one exhibit after the others (unit value in cents, gross weight in grams, as parsed). */
export async function addLine(db: Database, caller: Caller, input: TaiwanLineInput, now: Date): Promise<TaiwanFilingView> {
  await db.transaction().execute(async (trx) => {
    const row = await lockEditable(trx, caller, input.filingId, input.version);
    const { n, last } = await trx
      .selectFrom("tw_filing_lines")
      .select((eb) => [eb.fn.countAll<string>().as("n"), eb.fn.max("sort").as("last")])
      .where("filing_id", "=", row.id)
      .executeTakeFirstOrThrow();
    if (Number(n) >= TAIWAN_LINES_MAX) throw new ApiError(ApiCode.badRequest, "vehicles.taiwan.errors.tooManyLines", { max: TAIWAN_LINES_MAX });
    await trx
      .insertInto("tw_filing_lines")
      .values({
        filing_id: row.id,
        sort: last === null ? 0 : Number(last) + 1,
        name_zh: input.nameZh,
        name_en: input.nameEn,
        hs_code: input.hsCode,
        quantity: input.quantity,
        unit: input.unit,
        unit_value_cents: input.unitValue,
        currency: input.currency,
        disposition: input.disposition,
        packages: input.packages,
        gross_weight_g: input.grossWeight,
      })
      .execute();
    await bump(trx, row, now);
  });
  return readOwnFiling(db, caller, input.filingId);
}

/** POST /smeb/twExhibit/line/delete: the line at `sort` (an unknown one answers 404). */
export async function deleteLine(
  db: Database,
  caller: Caller,
  input: { filingId: number; sort: number; version?: number },
  now: Date,
): Promise<TaiwanFilingView> {
  await db.transaction().execute(async (trx) => {
    const row = await lockEditable(trx, caller, input.filingId, input.version);
    const deleted = await trx.deleteFrom("tw_filing_lines").where("filing_id", "=", row.id).where("sort", "=", input.sort).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw notFound();
    await bump(trx, row, now);
  });
  return readOwnFiling(db, caller, input.filingId);
}

/** POST /smeb/twExhibit/submit: to the customs agent, with at least one line. */
export async function submitFiling(db: Database, caller: Caller, input: { id: number; version?: number }, now: Date): Promise<TaiwanFilingView> {
  await db.transaction().execute(async (trx) => {
    const row = await lockEditable(trx, caller, input.id, input.version);
    const line = await trx.selectFrom("tw_filing_lines").select("sort").where("filing_id", "=", row.id).limit(1).executeTakeFirst();
    if (!line) throw new ApiError(ApiCode.badRequest, "vehicles.taiwan.errors.noLines");
    await trx
      .updateTable("tw_filings")
      .set({ status: "submitted", submitted_at: now, version: row.version + 1, updated_at: now })
      .where("id", "=", row.id)
      .execute();
  });
  return readOwnFiling(db, caller, input.id);
}

// ---------- the customs agent (the organizer) ----------

/** Filings that reached the agent at least once; a draft never submitted is the exhibitor's alone. */
const everSubmitted = (db: Db, exhibitionId: number) => selectFilings(db, exhibitionId).where("f.submitted_at", "is not", null);

/** GET /smeb/twExhibit/review/list: waiting ones first (oldest first), then the decided ones, newest first. */
export async function reviewList(db: Db, organizer: Caller, query: { status?: string; page: number }, language: Language): Promise<TaiwanReviewList> {
  const status = query.status === undefined ? undefined : REVIEWED.find((s) => s === query.status);
  if (query.status !== undefined && !status) throw fieldError("validation.correct|vehicles.fields.status", "status");
  const grouped = await db
    .selectFrom("tw_filings")
    .select(["status", (eb) => eb.fn.countAll<string>().as("n")])
    .where("exhibition_id", "=", organizer.exhibitionId)
    .where("submitted_at", "is not", null)
    .groupBy("status")
    .execute();
  const counts = { submitted: 0, accepted: 0, returned: 0 };
  for (const row of grouped) if (row.status !== "draft") counts[row.status] = Number(row.n);
  let rows = everSubmitted(db, organizer.exhibitionId);
  if (status) rows = rows.where("f.status", "=", status);
  const page = await rows
    .orderBy(sql`case when f.status = 'submitted' then 0 else 1 end`)
    .orderBy(sql`case when f.status = 'submitted' then f.submitted_at end`)
    .orderBy("f.id", "desc")
    .limit(REVIEW_PAGE_SIZE)
    .offset((query.page - 1) * REVIEW_PAGE_SIZE)
    .execute();
  const [lines, names] = await Promise.all([
    linesOf(
      db,
      page.map((r) => r.id),
    ),
    exhibitorNamesOf(
      db,
      organizer.exhibitionId,
      page.map((r) => r.user_id),
    ),
  ]);
  return {
    items: page.map((row) => {
      const own = lines.get(row.id) ?? [];
      return {
        id: row.id,
        status: row.status,
        exhibitorName: exhibitorNameIn(names.get(row.user_id), language),
        boothNo: row.booth_no,
        importerName: row.importer_name,
        lineCount: own.length,
        totals: totalsByCurrency(own),
        submittedAt: iso(row.submitted_at),
        reviewedAt: iso(row.reviewed_at),
      };
    }),
    counts,
    total: status ? counts[status] : counts.submitted + counts.accepted + counts.returned,
    page: query.page,
    pageSize: REVIEW_PAGE_SIZE,
  };
}

/** GET /smeb/twExhibit/review/detail: one filing that reached the agent; a draft never submitted answers 404. */
export async function reviewDetail(db: Db, organizer: Caller, id: number, language: Language): Promise<TaiwanReviewDetail> {
  const row = await everSubmitted(db, organizer.exhibitionId).where("f.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  const names = await exhibitorNamesOf(db, organizer.exhibitionId, [row.user_id]);
  const view = filingView(row, (await linesOf(db, [row.id])).get(row.id) ?? []);
  return { ...view, exhibitorName: exhibitorNameIn(names.get(row.user_id), language), decidable: row.status === "submitted" };
}

export type TaiwanDecision = { id: number; version?: number; decision: "accept" | "return"; comment?: string };

/**
 * POST /smeb/twExhibit/review/decide: accept a submitted filing or return it with comments, at the
 * version the agent read, then tell the exhibitor by e-mail (in Chinese: the area is Chinese only).
 */
export async function decideFiling(
  deps: Mailer & { db: Database },
  organizer: Caller,
  input: TaiwanDecision,
  language: Language,
  now: Date,
): Promise<TaiwanReviewDetail> {
  const { db } = deps;
  const decided = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("tw_filings as f")
      .innerJoin("booths as b", "b.id", "f.booth_id")
      .innerJoin("users as u", "u.id", "f.user_id")
      .select(["f.id", "f.status", "f.version", "b.id as booth_id", "b.booth_no", sql<string | null>`nullif(trim(u.contact_email), '')`.as("email")])
      .where("f.id", "=", input.id)
      .where("f.exhibition_id", "=", organizer.exhibitionId)
      .where("f.submitted_at", "is not", null)
      .forUpdate("f")
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.status !== "submitted") throw new ApiError(ApiCode.conflict, "vehicles.taiwan.errors.notSubmitted");
    if (input.version !== undefined && input.version !== row.version) throw stale();
    await trx
      .updateTable("tw_filings")
      .set({
        status: input.decision === "accept" ? "accepted" : "returned",
        review_comment: input.comment ?? null,
        reviewed_at: now,
        reviewed_by: organizer.userId,
        version: row.version + 1,
        updated_at: now,
      })
      .where("id", "=", row.id)
      .execute();
    return row;
  });
  if (decided.email) {
    const accepted = input.decision === "accept";
    const link = await portalLink(deps.db, organizer.exhibitionId, deps.config, `${DECLARATION_PAGE}?booth=${decided.booth_id}`);
    await sendQuietly(
      deps,
      {
        kind: "taiwanFilingReview",
        exhibitionId: organizer.exhibitionId,
        to: decided.email,
        subject: accepted ? `台湾展品报备已通过审核（展位 ${decided.booth_no}）` : `台湾展品报备被退回（展位 ${decided.booth_no}）`,
        text: [
          "您好：",
          "",
          accepted
            ? `您在展位 ${decided.booth_no} 的台湾展品报备已由报关代理审核通过。`
            : `您在展位 ${decided.booth_no} 的台湾展品报备被报关代理退回，请按意见修改后重新提交。`,
          ...(input.comment ? [`审核意见：${input.comment}`] : []),
          "",
          `请登录展商服务平台查看：${link}`,
          "",
          "此邮件由系统自动发送，请勿直接回复。",
        ].join("\n"),
      },
      { message: "transport e-mail could not be sent", context: { taiwanFilingId: decided.id } },
    );
  }
  return reviewDetail(db, organizer, input.id, language);
}

// ---------- demo data ----------

/**
 * The demo's Taiwan filing: raw01's booth 2B12 has a submitted filing with two lines (a Taiwan
 * importer), so the customs agent's page has work. Skipped when the exhibition has any filing.
 */
export async function seedTaiwanDemo(db: Database, exhibitionId: number) {
  if (await db.selectFrom("tw_filings").select("id").where("exhibition_id", "=", exhibitionId).executeTakeFirst()) return;
  const booth = await db
    .selectFrom("booths")
    .select(["id", "user_id"])
    .where("exhibition_id", "=", exhibitionId)
    .where("booth_no", "=", "2B12")
    .executeTakeFirst();
  if (!booth?.user_id) return;
  const now = appClock.now();
  const filing = await db
    .insertInto("tw_filings")
    .values({
      exhibition_id: exhibitionId,
      user_id: booth.user_id,
      booth_id: booth.id,
      importer_name: "台湾隆兴精密机械股份有限公司",
      importer_contact: "陈志明",
      importer_phone: "+886 2 2345 6789",
      status: "submitted",
      submitted_at: now,
      version: 3,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const line = { filing_id: filing.id, packages: 1 };
  await db
    .insertInto("tw_filing_lines")
    .values([
      {
        ...line,
        sort: 0,
        name_zh: "数控车床",
        name_en: "CNC lathe",
        hs_code: "8458110090",
        quantity: 1,
        unit: "台",
        unit_value_cents: 4_500_000,
        currency: "USD",
        disposition: "sold",
        gross_weight_g: 3_200_000,
      },
      {
        ...line,
        sort: 1,
        name_zh: "精密量具",
        name_en: "Precision gauges",
        hs_code: "9031809090",
        quantity: 20,
        unit: "套",
        unit_value_cents: 1_200_000,
        currency: "TWD",
        disposition: "returned",
        packages: 2,
        gross_weight_g: 85_500,
      },
    ])
    .execute();
}
