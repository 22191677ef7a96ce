import { appClock } from "../clock";
import crypto from "node:crypto";
import type { Selectable, Updateable } from "kysely";
import { REVIEW_DAYS, STEP_FIELDS, type ProfileDraft, type ProfileStatus, type ProfileStep } from "../../app/contracts/exhibitor/schema";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import type { Language } from "../../app/contracts/i18n/config";
import type { Database } from "../db/database";
import type { ExhibitorProfileTable } from "../db/schema";
import { profileErrors, stepErrors, type CheckContext, type ContactCodes, type FieldErrors } from "./profile-checks";
import type { ProfileEvent, ProfileView } from "../../app/contracts/exhibitor/api-types";
import { iso } from "../db/column-values";

/**
 * The exhibitor profile's life (docs/product.md § Version check and other tabs): draft → under_review (submit) → approved | returned
 * (review). Every write bumps `version` and is applied only if nobody wrote in between (retried on
 * the fresh row otherwise), with its audit event in the same transaction.
 */

export type ProfileRow = Selectable<ExhibitorProfileTable>;
export type Actor = { id: number | null; label: string };
export type ProfileOwner = { userId: number; exhibitionId: number };

// The answers' shapes are the API contract, written once in app/features/exhibitor/api-types.ts.
export type { ProfileView };

const HISTORY_LENGTH = 20;
const WRITE_ATTEMPTS = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

export const readDraft = (value: unknown): ProfileDraft => (value && typeof value === "object" ? (value as ProfileDraft) : {});

/** Catalogue-visible: approved, or edited since approval but not yet submitted again. */
export function isPublished(row: Pick<ProfileRow, "status" | "approved_at">) {
  return row.status === "approved" || (row.status === "draft" && row.approved_at !== null);
}

export async function findProfile(db: Database, userId: number) {
  return db.selectFrom("exhibitor_profiles").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/**
 * For reading: the caller's profile, or an empty draft that is not stored (no unique id yet).
 * Reading never writes (tests/api/anti-forgery.test.ts: no GET changes data).
 */
export async function readProfile(db: Database, owner: ProfileOwner): Promise<ProfileRow> {
  return (
    (await findProfile(db, owner.userId)) ?? {
      user_id: owner.userId,
      exhibition_id: owner.exhibitionId,
      unique_id: "",
      status: "draft",
      draft: {},
      submitted: null,
      approved: null,
      review_comment: null,
      submitted_at: null,
      reviewed_at: null,
      reviewed_by: null,
      approved_at: null,
      version: 0,
      updated_at: new Date(),
    }
  );
}

/** For writing: the caller's profile, created (draft, empty, random unique id) on the first write. */
async function loadProfile(db: Database, owner: ProfileOwner): Promise<ProfileRow> {
  const existing = await findProfile(db, owner.userId);
  if (existing) return existing;
  await db
    .insertInto("exhibitor_profiles")
    .values({
      user_id: owner.userId,
      exhibition_id: owner.exhibitionId,
      unique_id: crypto.randomBytes(16).toString("base64url"),
      status: "draft",
      draft: "{}",
      submitted: null,
      review_comment: null,
      submitted_at: null,
      reviewed_at: null,
      reviewed_by: null,
      approved_at: null,
      updated_at: new Date(),
    })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  return (await findProfile(db, owner.userId))!;
}

type Change = {
  set: Omit<Updateable<ExhibitorProfileTable>, "version" | "user_id">;
  action: string;
  comment?: string | null;
  details?: Record<string, unknown>;
};

/**
 * Applies `plan` to the current row and writes it only if the version is still the one read;
 * on a race, plans again on the fresh row, so concurrent writers never drop each other's changes.
 * `plan` runs outside the transaction (it may query; the embedded database has one connection).
 */
async function applyChange(db: Database, load: () => Promise<ProfileRow>, actor: Actor, plan: (row: ProfileRow) => Promise<Change> | Change) {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const row = await load();
    const change = await plan(row);
    const written = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("exhibitor_profiles")
        .set({ ...change.set, version: row.version + 1, updated_at: new Date() })
        .where("user_id", "=", row.user_id)
        .where("version", "=", row.version)
        .returningAll()
        .executeTakeFirst();
      if (!updated) return undefined;
      await trx
        .insertInto("exhibitor_profile_events")
        .values({
          user_id: row.user_id,
          actor_id: actor.id,
          actor_label: actor.label,
          action: change.action,
          from_status: row.status,
          to_status: updated.status,
          comment: change.comment ?? null,
          details: change.details ? JSON.stringify(change.details) : null,
          // Business time, as the profile's own dates: the history agrees with the status beside it.
          created_at: appClock.now(),
        })
        .execute();
      return updated;
    });
    if (written) return written;
    // Someone wrote in between: back off a random while so racing writers spread out.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * (attempt + 1)));
  }
  throw new ApiError(ApiCode.conflict, "exhibitor.api.busy");
}

/** The draft with one step's fields replaced; empty values are dropped (absent means empty). */
function mergeStep(draft: ProfileDraft, fields: readonly string[], values: ProfileDraft) {
  const merged: ProfileDraft = { ...draft };
  for (const field of fields) {
    const value = values[field];
    if (value === undefined || value === "" || (Array.isArray(value) && !value.length)) delete merged[field];
    else merged[field] = value;
  }
  return merged;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function refuseWhileUnderReview(row: ProfileRow) {
  if (row.status === "under_review") throw new ApiError(ApiCode.conflict, "exhibitor.api.underReview");
}

/** Save draft (docs/product.md § Exhibitor data): merges one step; an approved profile turns draft (approved_at kept). */
export async function saveDraftStep(db: Database, owner: ProfileOwner, actor: Actor, step: ProfileStep, values: ProfileDraft) {
  return applyChange(
    db,
    () => loadProfile(db, owner),
    actor,
    (row) => {
      refuseWhileUnderReview(row);
      const before = readDraft(row.draft);
      const draft = mergeStep(before, STEP_FIELDS[step], values);
      const changed = STEP_FIELDS[step].filter((field) => !sameValue(before[field], draft[field]));
      // Returned stays returned, so the organizer's comment stays in view until the next submission.
      const status: ProfileStatus = row.status === "approved" ? "draft" : row.status;
      return { set: { draft: JSON.stringify(draft), status }, action: "draft_saved", details: { step, changed } };
    },
  );
}

export class StepsIncomplete extends ApiError {
  constructor(
    public readonly step: ProfileStep,
    fields: FieldErrors,
    extra: Record<string, unknown> = {},
  ) {
    const first = Object.values(fields)[0]?.[0] ?? "errors.badRequest";
    super(ApiCode.badRequest, first, {}, { fields, step, ...extra });
  }
}

/** Submit: every step must pass on the stored draft; then under review, the draft frozen as `submitted`. */
export async function submitProfile(ctx: CheckContext, actor: Actor, codes: ContactCodes, extra: Record<string, unknown> = {}) {
  // Read without creating: a profile that was never saved is empty, so this submit is refused
  // and a refusal writes nothing.
  return applyChange(
    ctx.db,
    () => readProfile(ctx.db, ctx),
    actor,
    async (row) => {
      refuseWhileUnderReview(row);
      const draft = readDraft(row.draft);
      const { firstStep, fields } = await profileErrors(ctx, draft, codes);
      if (firstStep) throw new StepsIncomplete(firstStep, fields, extra);
      return {
        set: {
          status: "under_review",
          submitted: JSON.stringify(draft),
          submitted_at: appClock.now(),
          review_comment: null,
          reviewed_at: null,
          reviewed_by: null,
        },
        action: "submitted",
      };
    },
  );
}

/** Organizer's decision; only a profile under review can be decided. */
export async function reviewProfile(db: Database, userId: number, decision: "approve" | "return", comment: string | undefined, actor: Actor) {
  const load = async () => {
    const row = await findProfile(db, userId);
    if (!row) throw notFound();
    return row;
  };
  return applyChange(db, load, actor, (row) => {
    if (row.status !== "under_review") throw new ApiError(ApiCode.conflict, "exhibitor.api.notUnderReview");
    const now = appClock.now();
    const reviewed = { review_comment: comment ?? null, reviewed_at: now, reviewed_by: actor.id };
    return decision === "approve"
      ? // What it approves is kept apart: public outputs show it while a later submission waits (server/exhibitor/public-profile.ts).
        { set: { ...reviewed, status: "approved", approved_at: now, approved: JSON.stringify(readDraft(row.submitted)) }, action: "approved", comment }
      : { set: { ...reviewed, status: "returned" }, action: "returned", comment };
  });
}

/** Contact changes need no new review: allowed in every status, applied to draft and submitted alike. */
export async function updateContacts(ctx: CheckContext, actor: Actor, values: ProfileDraft, codes: ContactCodes) {
  const fields = STEP_FIELDS.contacts;
  const errors = await stepErrors(ctx, "contacts", mergeStep({}, fields, values), codes);
  if (Object.keys(errors).length) throw new StepsIncomplete("contacts", errors);
  return applyChange(
    ctx.db,
    () => loadProfile(ctx.db, ctx),
    actor,
    (row) => {
      const submitted = row.submitted ? mergeStep(readDraft(row.submitted), fields, values) : null;
      return {
        set: { draft: JSON.stringify(mergeStep(readDraft(row.draft), fields, values)), submitted: submitted ? JSON.stringify(submitted) : null },
        action: "contact_updated",
      };
    },
  );
}

async function profileHistory(db: Database, userId: number): Promise<ProfileEvent[]> {
  const rows = await db
    .selectFrom("exhibitor_profile_events")
    .select(["action", "from_status", "to_status", "comment", "actor_label", "details", "created_at"])
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(HISTORY_LENGTH)
    .execute();
  return rows.map((r) => ({
    action: r.action,
    fromStatus: r.from_status,
    toStatus: r.to_status,
    comment: r.comment,
    actorLabel: r.actor_label,
    step: ((r.details as { step?: string } | null)?.step as string | undefined) ?? null,
    createdAt: iso(r.created_at)!,
  }));
}

/** The profile fields the account itself holds (the exhibitor import fills them), by the draft's names. */
const ACCOUNT_FIELDS = {
  companyNameZh: "business_name",
  companyNameEn: "business_name_en",
  contact1Name: "contact_name",
  contact1Mobile: "contact_phone",
  contact1Email: "contact_email",
} as const;

/**
 * The account's values for the profile fields the draft has no value for (issue 51): a new profile
 * starts from what the account already says; a value saved in the draft is never replaced.
 */
async function accountDefaults(db: Database, userId: number, draft: ProfileDraft): Promise<ProfileDraft> {
  const account = await db.selectFrom("users").select(Object.values(ACCOUNT_FIELDS)).where("id", "=", userId).executeTakeFirst();
  const defaults: ProfileDraft = {};
  if (!account) return defaults;
  for (const [field, column] of Object.entries(ACCOUNT_FIELDS)) {
    const value = account[column]?.trim();
    if (value && draft[field] === undefined) defaults[field] = value;
  }
  return defaults;
}

/** What findByUserId and the other profile endpoints answer; checked as the owner (their verified contacts). */
export async function profileView(db: Database, row: ProfileRow, language: Language): Promise<ProfileView> {
  const ctx: CheckContext = { db, userId: row.user_id, exhibitionId: row.exhibition_id, language };
  const draft = readDraft(row.draft);
  const [history, check] = [await profileHistory(ctx.db, row.user_id), await profileErrors(ctx, draft)];
  const fromAccount = row.status === "under_review" ? {} : await accountDefaults(db, row.user_id, draft);
  const submittedAt = iso(row.submitted_at);
  return {
    uniqueId: row.unique_id,
    status: row.status,
    draft,
    submitted: row.submitted ? readDraft(row.submitted) : null,
    reviewComment: row.review_comment,
    submittedAt,
    reviewedAt: iso(row.reviewed_at),
    approvedAt: iso(row.approved_at),
    expectedReviewBy: row.status === "under_review" && submittedAt ? new Date(Date.parse(submittedAt) + REVIEW_DAYS * DAY_MS).toISOString() : null,
    version: row.version,
    history,
    complete: check.firstStep === null,
    firstIncompleteStep: check.firstStep,
    fromAccount,
  };
}
