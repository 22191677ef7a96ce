import { portalLink } from "../exhibition-settings/public-url";
import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { sql } from "kysely";
import {
  ACCESS_CODE_ALPHABET,
  ACCESS_CODE_LENGTH,
  ACCESS_CODE_MAX_FAILURES,
  ACCESS_CODE_RESEND_MS,
  ACCESS_CODE_TTL_MS,
  MAX_ACTIVE_ACCESSES,
  type EntrustInput,
} from "../../app/contracts/contractors/schema";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import type { ContractorAccessView } from "../../app/contracts/contractors/api-types";
import { ApiCode, ApiError, fieldError, notFound } from "../api/envelope";
import type { ApiDeps } from "../api/context";
import { deleteContractorSessions } from "../auth/sessions";
import type { Database } from "../db/database";
import type { ContractorAccessTable } from "../db/schema";
import { iso } from "../db/column-values";

/**
 * The exhibitor's grants to entrusted contractors (spec: ECReservation). A grant names the
 * contractor and the booth; its one-time code (hashed here, sent by e-mail) opens one contractor
 * session, after which the code is gone. Revoking ends that session and empties the
 * contractor's cart; the grant row stays so orders keep naming who placed them.
 */

export type AccessRow = Selectable<ContractorAccessTable>;
export type { ContractorAccessView };
type Exhibitor = { id: number; username: string; exhibitionId: number; businessName: string | null; businessNameEn: string | null };

function newAccessCode() {
  const bytes = crypto.randomBytes(ACCESS_CODE_LENGTH);
  return Array.from(bytes, (b) => ACCESS_CODE_ALPHABET[b % ACCESS_CODE_ALPHABET.length]).join("");
}

/** The grant's id is in the hash: a code is only ever good for the grant it was sent for. */
function accessCodeHash(accessId: number, code: string) {
  return crypto.createHash("sha256").update(`contractor-access:${accessId}:${code}`).digest("hex");
}

function accessView(row: AccessRow, boothNo: string, orders: { count: number; totalCents: number }, now: Date): ContractorAccessView {
  const codeLive =
    row.status === "active" &&
    row.code_hash !== null &&
    (row.code_expires_at?.getTime() ?? 0) > now.getTime() &&
    row.failed_attempts < ACCESS_CODE_MAX_FAILURES;
  return {
    accessId: row.id,
    companyName: row.company_name,
    contactName: row.contact_name,
    email: row.email,
    boothId: row.booth_id,
    boothNo,
    status: row.status,
    codeState: row.status === "revoked" ? "none" : codeLive ? "sent" : row.last_signed_in_at && row.code_hash === null ? "used" : "expired",
    codeSentAt: iso(row.code_sent_at),
    codeExpiresAt: codeLive ? iso(row.code_expires_at) : null,
    lastSignedInAt: iso(row.last_signed_in_at),
    revokedAt: iso(row.revoked_at),
    createdAt: row.created_at.toISOString(),
    orderCount: orders.count,
    orderTotalCents: orders.totalCents,
  };
}

/** The exhibitor's grants, newest first, with what each contractor has ordered. */
export async function listAccesses(db: Database, userId: number, now: Date): Promise<ContractorAccessView[]> {
  const rows = await db
    .selectFrom("contractor_accesses")
    .innerJoin("booths", "booths.id", "contractor_accesses.booth_id")
    .selectAll("contractor_accesses")
    .select("booths.booth_no")
    .where("contractor_accesses.user_id", "=", userId)
    .orderBy("contractor_accesses.id", "desc")
    .execute();
  const totals = rows.length
    ? await db
        .selectFrom("service_orders")
        .select(["contractor_access_id", sql<number>`count(*)::int`.as("count"), sql<number>`coalesce(sum(total_cents), 0)::int`.as("total")])
        .where("user_id", "=", userId)
        .where("deleted_at", "is", null)
        .where(
          "contractor_access_id",
          "in",
          rows.map((r) => r.id),
        )
        .groupBy("contractor_access_id")
        .execute()
    : [];
  return rows.map((row) => {
    const t = totals.find((x) => x.contractor_access_id === row.id);
    return accessView(row, row.booth_no, { count: t?.count ?? 0, totalCents: t?.total ?? 0 }, now);
  });
}

async function findOwnAccess(db: Database, userId: number, accessId: number) {
  const row = await db.selectFrom("contractor_accesses").selectAll().where("id", "=", accessId).where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** The e-mail in both languages: the contractor's language is not known. */
async function codeEmail(deps: ApiDeps, exhibitor: Exhibitor, access: AccessRow, boothNo: string, code: string, expiresAt: Date) {
  const link = await portalLink(deps.db, exhibitor.exhibitionId, deps.config, `/contractor?no=${encodeURIComponent(exhibitor.username)}`);
  const expires = `${expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  const texts = (language: Language) => {
    const values = {
      company: access.company_name,
      contact: access.contact_name,
      exhibitor: (language === "en" ? exhibitor.businessNameEn : null) ?? exhibitor.businessName ?? exhibitor.username,
      exhibitorNo: exhibitor.username,
      booth: boothNo,
      code,
      link,
      expires,
    };
    return { subject: translate(language, "contractors.email.subject", values), text: translate(language, "contractors.email.text", values) };
  };
  const zh = texts("zh");
  const en = texts("en");
  return {
    kind: "contractorCode",
    exhibitionId: exhibitor.exhibitionId,
    to: access.email,
    subject: `${zh.subject} / ${en.subject}`,
    text: `${zh.text}\n\n----------\n\n${en.text}`,
  };
}

async function sendCode(deps: ApiDeps, exhibitor: Exhibitor, access: AccessRow, code: string, expiresAt: Date) {
  const booth = await deps.db.selectFrom("booths").select("booth_no").where("id", "=", access.booth_id).executeTakeFirstOrThrow();
  try {
    await deps.notifier.sendEmail(await codeEmail(deps, exhibitor, access, booth.booth_no, code, expiresAt));
  } catch (error) {
    deps.logger.error({ err: error, accessId: access.id }, "contractor code e-mail could not be sent");
    throw new ApiError(ApiCode.unavailable, "contractors.errors.sendFailed");
  }
}

/** The exhibitor entrusts a contractor with one of their booths; the code goes out by e-mail. */
export async function entrustContractor(deps: ApiDeps, exhibitor: Exhibitor, sessionBoothId: number | null, input: EntrustInput, now: Date) {
  const { db } = deps;
  const booths = await db
    .selectFrom("booths")
    .select(["id", "booth_no"])
    .where("user_id", "=", exhibitor.id)
    .where("exhibition_id", "=", exhibitor.exhibitionId)
    .orderBy("id")
    .execute();
  const booth = input.boothId !== undefined ? booths.find((b) => b.id === input.boothId) : (booths.find((b) => b.id === sessionBoothId) ?? booths[0]);
  if (input.boothId !== undefined && !booth) throw notFound();
  if (!booth) throw new ApiError(ApiCode.badRequest, "orders.errors.noBooth");
  const email = input.email.toLowerCase();
  const code = newAccessCode();
  const expiresAt = new Date(now.getTime() + ACCESS_CODE_TTL_MS);

  const access = await db.transaction().execute(async (trx) => {
    // One exhibitor's grants are counted and checked one request at a time, across processes.
    await sql`select pg_advisory_xact_lock(${0x436f6e74}, ${exhibitor.id})`.execute(trx);
    const active = await trx
      .selectFrom("contractor_accesses")
      .select(["id", "email", "booth_id"])
      .where("user_id", "=", exhibitor.id)
      .where("status", "=", "active")
      .execute();
    if (active.some((a) => a.email === email && a.booth_id === booth.id)) {
      throw fieldError("contractors.errors.alreadyEntrusted", "email", {}, ApiCode.conflict);
    }
    if (active.length >= MAX_ACTIVE_ACCESSES) throw new ApiError(ApiCode.conflict, "contractors.errors.tooMany", { max: MAX_ACTIVE_ACCESSES });
    const row = await trx
      .insertInto("contractor_accesses")
      .values({
        user_id: exhibitor.id,
        exhibition_id: exhibitor.exhibitionId,
        booth_id: booth.id,
        company_name: input.companyName,
        contact_name: input.contactName,
        email,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return trx
      .updateTable("contractor_accesses")
      .set({ code_hash: accessCodeHash(row.id, code), code_expires_at: expiresAt, code_sent_at: now })
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  try {
    await sendCode(deps, exhibitor, access, code, expiresAt);
  } catch (error) {
    // Nobody was told: the grant would only be a dead row in the exhibitor's list.
    await db.deleteFrom("contractor_accesses").where("id", "=", access.id).execute();
    throw error;
  }
  return accessView(access, booth.booth_no, { count: 0, totalCents: 0 }, now);
}

/** A new code for an active grant (the old one stops working); at most one e-mail a minute. */
export async function resendCode(deps: ApiDeps, exhibitor: Exhibitor, accessId: number, now: Date) {
  const { db } = deps;
  const before = await findOwnAccess(db, exhibitor.id, accessId);
  if (before.status !== "active") throw new ApiError(ApiCode.conflict, "contractors.errors.revoked");
  const code = newAccessCode();
  const expiresAt = new Date(now.getTime() + ACCESS_CODE_TTL_MS);
  // Claiming the send slot and replacing the code is one statement: two clicks send one e-mail.
  const claimed = await db
    .updateTable("contractor_accesses")
    .set({ code_hash: accessCodeHash(accessId, code), code_expires_at: expiresAt, code_sent_at: now, failed_attempts: 0, updated_at: now })
    .where("id", "=", accessId)
    .where("user_id", "=", exhibitor.id)
    .where("status", "=", "active")
    .where((eb) => eb.or([eb("code_sent_at", "is", null), eb("code_sent_at", "<=", new Date(now.getTime() - ACCESS_CODE_RESEND_MS))]))
    .returningAll()
    .executeTakeFirst();
  if (!claimed) {
    const waited = before.code_sent_at ? now.getTime() - before.code_sent_at.getTime() : ACCESS_CODE_RESEND_MS;
    throw new ApiError(ApiCode.tooManyRequests, "contractors.errors.resendTooSoon", {
      seconds: Math.max(1, Math.ceil((ACCESS_CODE_RESEND_MS - waited) / 1000)),
    });
  }
  try {
    await sendCode(deps, exhibitor, claimed, code, expiresAt);
  } catch (error) {
    // Not delivered: the code the contractor already has keeps working.
    await db
      .updateTable("contractor_accesses")
      .set({ code_hash: before.code_hash, code_expires_at: before.code_expires_at, code_sent_at: before.code_sent_at, failed_attempts: before.failed_attempts })
      .where("id", "=", accessId)
      .where("code_hash", "=", accessCodeHash(accessId, code))
      .execute();
    throw error;
  }
  const [view] = (await listAccesses(db, exhibitor.id, now)).filter((a) => a.accessId === accessId);
  return view!;
}

/** Ends the contractor's access: code void, sessions ended, their cart emptied. Revoking twice is fine. */
export async function revokeAccess(db: Database, userId: number, accessId: number, now: Date) {
  await findOwnAccess(db, userId, accessId);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("contractor_accesses")
      .set({ status: "revoked", revoked_at: now, code_hash: null, code_expires_at: null, updated_at: now })
      .where("id", "=", accessId)
      .where("status", "=", "active")
      .execute();
    await trx.deleteFrom("cart_items").where("contractor_access_id", "=", accessId).execute();
    await deleteContractorSessions(trx, accessId);
  });
  const [view] = (await listAccesses(db, userId, now)).filter((a) => a.accessId === accessId);
  return view!;
}

/**
 * The grant a contractor's code opens, consumed on the way (one-time), or null. Every live code
 * of the exhibitor is tried (the code does not say which grant it is for); a wrong code costs
 * each of them a try, so guessing is bounded by ACCESS_CODE_MAX_FAILURES per code as well as
 * by the sign-in throttle.
 */
export async function redeemAccessCode(db: Database, exhibitorNo: string, code: string, now: Date) {
  const user = await db.selectFrom("users").select(["id"]).where(sql`lower(username)`, "=", exhibitorNo.trim().toLowerCase()).executeTakeFirst();
  if (!user) return null;
  const live = await db
    .selectFrom("contractor_accesses")
    .selectAll()
    .where("user_id", "=", user.id)
    .where("status", "=", "active")
    .where("code_hash", "is not", null)
    .where("code_expires_at", ">", now)
    .where("failed_attempts", "<", ACCESS_CODE_MAX_FAILURES)
    .execute();
  const match = live.find((row) => crypto.timingSafeEqual(Buffer.from(row.code_hash!, "hex"), Buffer.from(accessCodeHash(row.id, code), "hex")));
  if (!match) {
    if (live.length)
      await db
        .updateTable("contractor_accesses")
        .set({ failed_attempts: sql`failed_attempts + 1` })
        .where(
          "id",
          "in",
          live.map((r) => r.id),
        )
        .execute();
    return null;
  }
  // Only one of two simultaneous sign-ins with the same code gets through.
  return (
    (await db
      .updateTable("contractor_accesses")
      .set({ code_hash: null, code_expires_at: null, failed_attempts: 0, last_signed_in_at: now, updated_at: now })
      .where("id", "=", match.id)
      .where("code_hash", "=", match.code_hash)
      .where("status", "=", "active")
      .returningAll()
      .executeTakeFirst()) ?? null
  );
}

/** The grant behind a contractor's session, if it is still in force. */
export async function activeAccess(db: Database, accessId: number, userId: number) {
  const row = await db
    .selectFrom("contractor_accesses")
    .selectAll()
    .where("id", "=", accessId)
    .where("user_id", "=", userId)
    .where("status", "=", "active")
    .executeTakeFirst();
  return row ?? null;
}

/** Files a contractor's session may open: those of the orders placed through its grant, while the grant stands. */
export async function contractorMayReadFile(db: Database, accessId: number, userId: number, fileId: string) {
  if (!(await activeAccess(db, accessId, userId))) return false;
  const url = `/files/${fileId}`;
  const row = await db
    .selectFrom("service_orders")
    .select("id")
    .where("contractor_access_id", "=", accessId)
    .where("deleted_at", "is", null)
    .where((eb) =>
      eb.or([
        eb("installation_drawing_url", "=", url),
        eb("contract_pdf_url", "=", url),
        eb(sql<boolean>`contract_urls @> ${JSON.stringify([url])}::jsonb`, "=", true),
      ]),
    )
    .executeTakeFirst();
  return Boolean(row);
}
