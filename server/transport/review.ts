import { portalLink } from "../exhibition-settings/public-url";
import { sql } from "kysely";
import type { DeclarationDetail, DeclarationStatus, ReviewList } from "../../app/contracts/transport/api-types";
import { DECLARATION_STATUSES } from "../../app/contracts/transport/schema";
import type { Language } from "../../app/contracts/i18n/config";
import { formatCny } from "../../app/contracts/common/format";
import type { Mailer } from "../api/context";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import type { Database, Db } from "../db/database";
import { requireCarrier, stale, type Viewer } from "./common";
import { declarationSummaries, readDeclaration } from "./detail";
import { exhibitionDate } from "../../app/contracts/common/exhibition-time";

/**
 * The carrier's review (spec /exhibitTL review, issue 17): the declarations addressed to this carrier
 * (the organizer: every carrier's, read only), and the carrier's decision on one: accept it, with an
 * adjusted amount and a note, which makes it an order, or return it with a reason for the exhibitor
 * to correct. Another carrier's declaration answers like an unknown one (404) and is not touched.
 */
export const PAGE_SIZE = 20;
type CarrierSide = Extract<Viewer, { kind: "carrier" | "organizer" }>;

/** The carrier's own declarations, or every one of the exhibition for the organizer; never a draft never submitted. */
function everSubmitted(db: Db, viewer: CarrierSide) {
  let rows = db
    .selectFrom("transport_declarations")
    .where("exhibition_id", "=", viewer.caller.exhibitionId)
    .where("deleted_at", "is", null)
    .where("submitted_at", "is not", null);
  if (viewer.kind === "carrier") rows = rows.where("carrier_id", "=", viewer.carrierId);
  return rows;
}

export async function reviewList(
  db: Database,
  viewer: CarrierSide,
  query: { status?: DeclarationStatus; page: number },
  language: Language,
): Promise<ReviewList> {
  const grouped = await everSubmitted(db, viewer)
    .select(["status", (eb) => eb.fn.countAll<string>().as("n")])
    .groupBy("status")
    .execute();
  const counts = Object.fromEntries(DECLARATION_STATUSES.map((status) => [status, 0])) as Record<DeclarationStatus, number>;
  for (const row of grouped) counts[row.status] = Number(row.n);
  const total = query.status ? counts[query.status] : Object.values(counts).reduce((sum, n) => sum + n, 0);
  const scope = { carrierId: viewer.kind === "carrier" ? viewer.carrierId : undefined, exhibitionId: viewer.caller.exhibitionId, everSubmitted: true };
  const offset = (query.page - 1) * PAGE_SIZE;
  return {
    carrier: viewer.kind === "carrier" ? { id: viewer.carrierId, name: viewer.carrierName } : null,
    items: query.status
      ? await declarationSummaries(db, { ...scope, status: query.status }, language, { limit: PAGE_SIZE, offset })
      : await waitingFirst(db, scope, counts.submitted, offset, language),
    counts,
    total,
    page: query.page,
    pageSize: PAGE_SIZE,
  };
}

/**
 * One page of every status, the declarations waiting for the carrier first, then the newest
 * (declarationSummaries lists one status newest first): the page's share of the waiting ones, then
 * the decided ones of every other status merged by id.
 */
async function waitingFirst(
  db: Database,
  scope: { carrierId?: number; exhibitionId: number; everSubmitted: boolean },
  waiting: number,
  offset: number,
  language: Language,
) {
  const waitingPart = offset < waiting ? await declarationSummaries(db, { ...scope, status: "submitted" }, language, { limit: PAGE_SIZE, offset }) : [];
  const wanted = PAGE_SIZE - waitingPart.length;
  if (!wanted) return waitingPart;
  const skip = Math.max(0, offset - waiting);
  const others = await Promise.all(
    DECLARATION_STATUSES.filter((status) => status !== "submitted").map((status) =>
      declarationSummaries(db, { ...scope, status }, language, { limit: skip + wanted, offset: 0 }),
    ),
  );
  const decided = others.flat().sort((a, b) => b.id - a.id);
  return [...waitingPart, ...decided.slice(skip, skip + wanted)];
}

export type ReviewDecision = { id: number; version?: number; decision: "accept" | "return"; amount?: number; note?: string; reason?: string };

/** "TR20261123-00042": the day of the decision (exhibition time) and the declaration. */
const orderNumber = (now: Date, declarationId: number) => `TR${exhibitionDate(now).replace(/-/g, "")}-${String(declarationId).padStart(5, "0")}`;

/**
 * Accept or return a submitted declaration of the caller's own carrier, at the version it read.
 * The row is locked for the decision, so of two decisions at once the second finds it decided.
 */
export async function decideDeclaration(
  db: Database,
  mailer: Mailer,
  viewer: CarrierSide,
  input: ReviewDecision,
  language: Language,
  now: Date,
): Promise<DeclarationDetail> {
  const carrier = requireCarrier(viewer);
  const accept = input.decision === "accept";
  const decided = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("transport_declarations")
      .select(["id", "user_id", "status", "version", "computed_cents", "discount_cents"])
      .where("id", "=", input.id)
      .where("carrier_id", "=", carrier.carrierId)
      .where("exhibition_id", "=", carrier.caller.exhibitionId)
      .where("deleted_at", "is", null)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.status !== "submitted") throw new ApiError(ApiCode.conflict, "transport.errors.notSubmitted");
    if (input.version !== undefined && input.version !== row.version) throw stale();
    const amountCents = input.amount ?? Number(row.computed_cents) - Number(row.discount_cents);
    const decision = { decided_at: now, decided_by: carrier.caller.userId, version: row.version + 1, updated_at: now };
    if (accept) {
      await trx
        .updateTable("transport_declarations")
        .set({ ...decision, status: "accepted", accepted_cents: amountCents, accept_note: input.note ?? null, return_reason: null })
        .where("id", "=", row.id)
        .execute();
      await trx
        .insertInto("transport_orders")
        .values({ declaration_id: row.id, carrier_id: carrier.carrierId, order_no: orderNumber(now, row.id), amount_cents: amountCents, updated_at: now })
        .execute();
    } else {
      await trx
        .updateTable("transport_declarations")
        .set({ ...decision, status: "returned", return_reason: input.reason ?? null, accepted_cents: null, accept_note: null })
        .where("id", "=", row.id)
        .execute();
    }
    await trx
      .insertInto("transport_events")
      .values({
        declaration_id: row.id,
        kind: accept ? "declaration:accepted" : "declaration:returned",
        note: (accept ? input.note : input.reason) ?? null,
        actor_id: carrier.caller.userId,
        created_at: now,
      })
      .execute();
    return { userId: row.user_id, amountCents };
  });
  const outcome = accept
    ? {
        subject: `运输申报已被承运商接受（申报编号 ${input.id}）`,
        line: `${carrier.carrierName}已接受您的展品运输申报，金额 ${formatCny(decided.amountCents)}。${input.note ? `备注：${input.note}` : ""}`,
      }
    : {
        subject: `运输申报被承运商退回（申报编号 ${input.id}）`,
        line: `${carrier.carrierName}退回了您的展品运输申报。退回原因：${input.reason ?? ""}。请修改后重新提交。`,
      };
  await notifyExhibitor(db, mailer, { declarationId: input.id, userId: decided.userId }, outcome.subject, [outcome.line]);
  return readDeclaration(db, viewer, input.id, language);
}

/**
 * Tells a declaration's exhibitor what its carrier did (in Chinese: the area is Chinese only). A
 * mail that fails is logged; it does not undo the decision or the step.
 */
export async function notifyExhibitor(db: Db, mailer: Mailer, target: { declarationId: number; userId: number }, subject: string, lines: string[]) {
  try {
    const user = await db
      .selectFrom("users")
      .select([sql<string | null>`nullif(trim(contact_email), '')`.as("email"), "exhibition_id"])
      .where("id", "=", target.userId)
      .executeTakeFirst();
    if (!user?.email) return;
    const page = `/exhibitTL/carriage/${target.declarationId}`;
    const link = await portalLink(db, user.exhibition_id, mailer.config, page);
    await mailer.notifier.sendEmail({
      kind: "transportReview",
      userId: target.userId,
      to: user.email,
      subject,
      text: ["您好：", "", ...lines, `请登录展商服务平台查看：${link}`, "", "此邮件由系统自动发送，请勿直接回复。"].join("\n"),
    });
  } catch (error) {
    mailer.logger.error({ err: error, declarationId: target.declarationId }, "transport e-mail to the exhibitor could not be sent");
  }
}
