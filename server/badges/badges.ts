import { countRows, pageRows } from "../db/paging";
import { containsPattern } from "../db/keyword-search";
import crypto from "node:crypto";
import { sql, type Transaction } from "kysely";
import type { BadgeList, BadgeView } from "../../app/contracts/badges/api-types";
import { badgeQuota, DEFAULT_QUOTA_RULE, kindsOfNext, type BadgeQuotaRule } from "../../app/contracts/badges/quota";
import type { BadgeInput, BadgeListQuery, BadgeUpdateInput } from "../../app/contracts/badges/schema";
import { maskEmail, maskPhone } from "../../app/contracts/common/format";
import { ApiCode, ApiError, notFound, fieldError } from "../api/envelope";
import type { Database, Db } from "../db/database";
import type { DB } from "../db/schema";
import { storedFileUrl } from "../uploads/files";
import type { Booth } from "../booking-forms/common";
import { resolveCallerBooth } from "../auth/caller-booths";
import { ownUpload, type UploadRule } from "../uploads/own-upload";
import { noteProbes, requireProbesLeft } from "./holder-probes";
import { ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";

/**
 * Exhibitor badges (issue 14): the caller's own, per booth, within the exhibition's quota. Every
 * lookup is scoped to the caller (another's badge answers like an unknown one, 404); duplicates of
 * an ID number, mobile or e-mail in one exhibition are refused by the unique indexes, so two saves
 * at once cannot both get in; the quota is counted with the booth row locked.
 */
import type { Caller } from "../auth/caller";
import { iso } from "../db/column-values";
import { isUniqueViolation } from "../db/unique-violation";

/** The photo: the caller's own upload to the icon folder, else 404 at its field. */
const PHOTO_UPLOAD: UploadRule = { folder: "icon", field: "photoUrl", message: "bookingForms.errors.fileInvalid", code: ApiCode.notFound };

/** The exhibition's rule from the database; the demo's default when none is configured. */
export async function quotaRule(db: Db, exhibitionId: number): Promise<BadgeQuotaRule> {
  const row = await db.selectFrom("badge_quota_rules").selectAll().where("exhibition_id", "=", exhibitionId).executeTakeFirst();
  if (!row) return DEFAULT_QUOTA_RULE;
  return {
    freeBase: row.free_base,
    baseAreaM2: Number(row.base_area_m2),
    stepAreaM2: Number(row.step_area_m2),
    freePerStep: row.free_per_step,
    paidMax: row.paid_max,
    paidPriceCents: row.paid_price_cents,
  };
}

/** Sets the exhibition's rule (the ops command); `keep` leaves an existing one as it is (the seed). */
export async function saveQuotaRule(db: Db, exhibitionId: number, rule: BadgeQuotaRule, { keep = false } = {}) {
  const row = {
    free_base: rule.freeBase,
    base_area_m2: rule.baseAreaM2,
    step_area_m2: rule.stepAreaM2,
    free_per_step: rule.freePerStep,
    paid_max: rule.paidMax,
    paid_price_cents: rule.paidPriceCents,
  };
  await db
    .insertInto("badge_quota_rules")
    .values({ exhibition_id: exhibitionId, ...row })
    .onConflict((oc) => (keep ? oc.column("exhibition_id").doNothing() : oc.column("exhibition_id").doUpdateSet(row)))
    .execute();
}

/** The booth named (the caller's own only), else the session's, else the caller's first. */
export const resolveBooth = (db: Database, caller: Caller, requested?: number): Promise<Booth> =>
  resolveCallerBooth(db, caller, requested, "badges.errors.noBooth");

/** The session's booth, or null for an account without one (the organizer): no quota to count. */
async function currentBooth(db: Database, caller: Caller) {
  try {
    return await resolveBooth(db, caller);
  } catch (error) {
    if (error instanceof ApiError && error.messageKey === "badges.errors.noBooth") return null;
    throw error;
  }
}

function selectOwn(db: Db, caller: Caller) {
  return db
    .selectFrom("badges as g")
    .innerJoin("booths as b", "b.id", "g.booth_id")
    .selectAll("g")
    .select("b.booth_no")
    .where("g.user_id", "=", caller.userId)
    .where("g.exhibition_id", "=", caller.exhibitionId)
    .where("g.deleted_at", "is", null);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectOwn>["executeTakeFirstOrThrow"]>>;

/** docs/product.md § Masked personal data: roleId 1 sees contacts and ID numbers as typed; everyone else masked (the list, details and exports). */
export function view(row: Row, roleId: number): BadgeView {
  const full = roleId === ORGANIZER_ROLE_ID;
  return {
    id: row.id,
    boothId: row.booth_id,
    boothNo: row.booth_no,
    holderName: row.holder_name,
    idType: row.id_type,
    idNumber: full ? row.id_number : maskPhone(row.id_number),
    mobile: full ? row.mobile : maskPhone(row.mobile),
    email: full ? row.email : maskEmail(row.email),
    company: row.company,
    position: row.position,
    photoUrl: row.photo_file_id ? storedFileUrl(row.photo_file_id) : null,
    kind: row.kind,
    priceCents: row.price_cents,
    status: row.status,
    reviewComment: row.review_comment,
    checkedInAt: iso(row.checked_in_at),
    version: row.version,
    createdAt: iso(row.created_at)!,
  };
}

export async function liveCount(db: Db, boothId: number) {
  const row = await db
    .selectFrom("badges")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("booth_id", "=", boothId)
    .where("deleted_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listBadges(db: Database, caller: Caller, query: BadgeListQuery): Promise<Omit<BadgeList, "window" | "arrivedAt">> {
  const rows = matching(selectOwn(db, caller), query.keyword);
  const total = await countRows(rows);
  const page = await pageRows(rows.orderBy("g.id", "desc"), query.page, query.pageSize);
  const rule = await quotaRule(db, caller.exhibitionId);
  const booth = await currentBooth(db, caller);
  // Without a booth there is nothing to apply for: a quota of none.
  const quota = booth
    ? badgeQuota(rule, booth.areaM2, await liveCount(db, booth.id))
    : { free: 0, paidMax: 0, applied: 0, freeLeft: 0, paidLeft: 0, remaining: 0 };
  return {
    rows: page.map((row) => view(row, caller.roleId)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    quota: { ...quota, paidPriceCents: rule.paidPriceCents },
  };
}

/** The list's search: name, company, mobile or booth number containing the keyword. */
function matching(rows: ReturnType<typeof selectOwn>, keyword: string | undefined) {
  if (!keyword) return rows;
  const like = containsPattern(keyword);
  return rows.where((eb) =>
    eb.or([eb("g.holder_name", "ilike", like), eb("g.company", "ilike", like), eb("g.mobile", "like", like), eb("b.booth_no", "ilike", like)]),
  );
}

/** Every live badge of the caller's the keyword matches, by booth, not paged (the Excel export). */
export async function allOwnBadges(db: Database, caller: Caller, keyword?: string): Promise<BadgeView[]> {
  const rows = await matching(selectOwn(db, caller), keyword).orderBy("b.booth_no").orderBy("g.id").execute();
  return rows.map((row) => view(row, caller.roleId));
}

export async function findBadge(db: Db, caller: Caller, id: number) {
  const row = await selectOwn(db, caller).where("g.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  return view(row, caller.roleId);
}

/** 'The {prop} already exists' at the field that collides (docs/product.md § Validation). */
export const EXISTS = (field: "idNumber" | "mobile" | "email") => fieldError(`validation.exists|badges.fields.${field}`, field, {}, ApiCode.conflict);

/**
 * Which of the three is already held by another live badge of the exhibition (also the caller's own
 * others), and whose badge holds it: the caller may be told of its own, others only throttled.
 */
export async function duplicateField(db: Db, exhibitionId: number, values: { idNumber?: string; mobile?: string; email?: string }, exceptId?: number) {
  const checks = [
    ["idNumber", "id_number", values.idNumber],
    ["mobile", "mobile", values.mobile],
    ["email", "email", values.email],
  ] as const;
  for (const [field, column, value] of checks) {
    if (!value) continue;
    let query = db.selectFrom("badges").select("user_id").where("exhibition_id", "=", exhibitionId).where("deleted_at", "is", null);
    query = column === "email" ? query.where(sql`lower(email)`, "=", value.toLowerCase()) : query.where(column, "=", value);
    if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
    const holder = await query.executeTakeFirst();
    if (holder) return { field, holderId: holder.user_id };
  }
  return null;
}

/**
 * The save's uniqueness check: refused while the account has used up its matches with other
 * exhibitors' holders; a match with another's holder is counted, then refused like one of its own.
 */
async function refuseDuplicate(db: Database, caller: Caller, values: { idNumber?: string; mobile?: string; email?: string }, exceptId?: number) {
  await requireProbesLeft(db, caller.userId, "foreign");
  const duplicate = await duplicateField(db, caller.exhibitionId, values, exceptId);
  if (!duplicate) return;
  if (duplicate.holderId !== caller.userId) await noteProbes(db, caller.userId, "foreign");
  throw EXISTS(duplicate.field);
}

/** A unique index refused the row: name the field it guards. */
export function uniqueViolationField(error: unknown): "idNumber" | "mobile" | "email" | null {
  if (!isUniqueViolation(error)) return null;
  return isUniqueViolation(error, "badges_id_number_idx") ? "idNumber" : isUniqueViolation(error, "badges_mobile_idx") ? "mobile" : "email";
}

async function recordEvent(db: Db, caller: Caller, badgeId: number, action: string, details: Record<string, unknown> | null = null) {
  await db
    .insertInto("badge_events")
    .values({ badge_id: badgeId, actor_id: caller.userId, actor_label: caller.label, action, details: details ? JSON.stringify(details) : null })
    .execute();
}

/** A badge's code for its QR: random, so it says nothing about the holder. */
const newCode = () => crypto.randomBytes(16).toString("base64url");

/** Locks the booth's row for the transaction: saves and imports for one booth count the quota in turn. */
export async function lockBooth(trx: Transaction<DB>, boothId: number) {
  await trx.selectFrom("booths").select("id").where("id", "=", boothId).forUpdate().executeTakeFirstOrThrow();
}

export type NewBadge = {
  input: Pick<BadgeInput, "holderName" | "idType" | "idNumber" | "mobile" | "email" | "company" | "position">;
  photoId: string | null;
  kind: "free" | "paid";
};

/**
 * New badges and their 'created' events, two statements however many (the form's save and the Excel
 * import), in a transaction holding the booth's lock. The ids come back in the order given.
 */
/** The holder's columns, as the form (or an import row) gives them; on an edit, undefined leaves a column as it is. */
const holderColumns = <Input extends BadgeInput | BadgeUpdateInput>(input: Input, photoId: string | null) => ({
  holder_name: input.holderName,
  id_type: input.idType,
  // The masked ones may be left blank (undefined) on an edit only; the casts keep that per input type.
  id_number: input.idNumber as Input["idNumber"],
  mobile: input.mobile as Input["mobile"],
  email: input.email as Input["email"],
  company: input.company,
  position: input.position ?? null,
  photo_file_id: photoId,
});

export async function insertBadges(
  trx: Transaction<DB>,
  caller: Caller,
  booth: Booth,
  badges: NewBadge[],
  rule: BadgeQuotaRule,
  details: Record<string, unknown> = {},
) {
  const values = badges.map(({ input, photoId, kind }) => ({
    user_id: caller.userId,
    exhibition_id: caller.exhibitionId,
    booth_id: booth.id,
    ...holderColumns(input, photoId),
    kind,
    price_cents: kind === "paid" ? rule.paidPriceCents : 0,
    code: newCode(),
  }));
  const rows = await trx.insertInto("badges").values(values).returning(["id", "code"]).execute();
  // Matched by the unique code, not by the order the database returns the rows in.
  const idOf = new Map(rows.map((row) => [row.code, row.id]));
  const ids = values.map((value) => idOf.get(value.code)!);
  await trx
    .insertInto("badge_events")
    .values(
      values.map((value, i) => ({
        badge_id: ids[i]!,
        actor_id: caller.userId,
        actor_label: caller.label,
        action: "created",
        details: JSON.stringify({ boothNo: booth.boothNo, kind: value.kind, ...details }),
      })),
    )
    .execute();
  return ids;
}

export async function saveBadge(db: Database, caller: Caller, input: BadgeInput) {
  const booth = await resolveBooth(db, caller, input.boothId);
  const photoId = input.photoUrl ? (await ownUpload(db, caller.userId, input.photoUrl, PHOTO_UPLOAD)).id : null;
  await refuseDuplicate(db, caller, input);
  try {
    const id = await db.transaction().execute(async (trx) => {
      // The booth row is the lock: two saves for one booth count the quota one after the other.
      await lockBooth(trx, booth.id);
      const rule = await quotaRule(trx, caller.exhibitionId);
      const kinds = kindsOfNext(rule, booth.areaM2, await liveCount(trx, booth.id), 1);
      if (!kinds) {
        const free = badgeQuota(rule, booth.areaM2, 0).free;
        throw new ApiError(ApiCode.conflict, "badges.errors.quotaExceeded", { free, paidMax: rule.paidMax });
      }
      const [id] = await insertBadges(trx, caller, booth, [{ input, photoId, kind: kinds[0]! }], rule);
      return id!;
    });
    return findBadge(db, caller, id);
  } catch (error) {
    const field = uniqueViolationField(error);
    if (field) throw EXISTS(field);
    throw error;
  }
}

export async function updateBadge(db: Database, caller: Caller, input: BadgeUpdateInput) {
  const current = await findBadge(db, caller, input.id);
  if (current.status === "approved") throw new ApiError(ApiCode.conflict, "badges.errors.approvedLocked");
  // A blank ID number keeps the stored one (it is shown masked), but not under another ID type.
  if (input.idNumber === undefined && input.idType !== current.idType) {
    const required = "validation.required|badges.fields.idNumber";
    throw fieldError(required, "idNumber");
  }
  const photoId = input.photoUrl ? (await ownUpload(db, caller.userId, input.photoUrl, PHOTO_UPLOAD)).id : null;
  await refuseDuplicate(db, caller, input, input.id);
  try {
    const updated = await db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable("badges")
        .set({
          ...holderColumns(input, photoId),
          // A returned badge, edited, goes back to the organizer.
          status: "submitted",
          version: input.version + 1,
          updated_at: new Date(),
        })
        .where("id", "=", input.id)
        .where("user_id", "=", caller.userId)
        .where("version", "=", input.version)
        .where("deleted_at", "is", null)
        .where("status", "!=", "approved")
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      await recordEvent(trx, caller, input.id, current.status === "returned" ? "resubmitted" : "updated");
      return true;
    });
    if (!updated) throw new ApiError(ApiCode.conflict, "badges.errors.busy");
    return findBadge(db, caller, input.id);
  } catch (error) {
    const field = uniqueViolationField(error);
    if (field) throw EXISTS(field);
    throw error;
  }
}

/** Deletes the caller's badges named, all or none: an unknown, another's or an approved one refuses the lot. */
export async function deleteBadges(db: Database, caller: Caller, ids: number[]) {
  const unique = [...new Set(ids)];
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("badges")
      .select(["id", "status"])
      .where("id", "in", unique)
      .where("user_id", "=", caller.userId)
      .where("exhibition_id", "=", caller.exhibitionId)
      .where("deleted_at", "is", null)
      .forUpdate()
      .execute();
    if (rows.length !== unique.length) throw notFound();
    if (rows.some((row) => row.status === "approved")) throw new ApiError(ApiCode.conflict, "badges.errors.approvedLocked");
    await trx.updateTable("badges").set({ deleted_at: new Date(), updated_at: new Date() }).where("id", "in", unique).execute();
    for (const id of unique) await recordEvent(trx, caller, id, "deleted");
    return { deleted: unique.length };
  });
}
