import { Router, type Request, type Response } from "express";
import { exhibitorEndpoints } from "../../../app/contracts/exhibitor/endpoints.server";
import type { ReviewDetail } from "../../../app/contracts/exhibitor/api-types";
import { LIST_FIELDS, STEP_FIELDS, profileDraftSchema, type ProfileDraft, type ProfileStep } from "../../../app/contracts/exhibitor/schema";
import { getGroupInfo, saveGroupInfo } from "../../exhibitor/group-info";
import type { CheckContext, ContactCodes } from "../../exhibitor/profile-checks";
import { stepErrors } from "../../exhibitor/profile-checks";
import {
  findProfile,
  isPublished,
  readDraft,
  readProfile,
  profileView,
  reviewProfile,
  saveDraftStep,
  StepsIncomplete,
  submitProfile,
  updateContacts,
  type Actor,
} from "../../exhibitor/profiles";
import { listReviews } from "../../exhibitor/review-queue";
import { listAreaClassify, listExhibitClasses, listIndustries } from "../../exhibitor/reference-lists";
import type { ApiDeps } from "../context";
import { ApiCode, ApiError, parseInput, requestLanguage, notFound } from "../envelope";
import { mount } from "../mount";
import { assertOrganizer, requireSession, type SessionUser } from "../require-session";
import { ORGANIZER_ROLE_ID } from "../../../app/contracts/permission/roles";

/**
 * /smeb/exhibitor/info/* (docs/product.md § The exhibition API): the exhibitor's own profile and group data, the choice
 * lists, and the organizer's review. The profile owner is always the session's user; only the
 * review endpoints (roleId 1) name another user, and only within the organizer's exhibition.
 */

const EXHIBITION_LETTER_URL = "/exhibitorInfo/exhibitorData/letter";

const flag = (value: unknown) => value === "1" || value === "true" || value === true || value === 1;

/** A posted body as declared (request-schema.ts): the step's fields travel beside the declared ones. */
type Body = Record<string, unknown>;

/** A form value or JSON value as the draft schema takes it: text, or a list of texts. */
function asDraftValue(value: unknown): string | string[] {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((v) => ["string", "number"].includes(typeof v))) return value.map(String);
  throw new ApiError(ApiCode.badRequest, "errors.badRequest");
}

/** One step's fields from the body; an absent field counts as empty, so unticking everything clears it. */
function stepValues(body: Body, step: ProfileStep): ProfileDraft {
  const input: Record<string, string | string[]> = {};
  for (const field of STEP_FIELDS[step]) {
    // Forms may name a list "field[]"; urlencoded bodies arrive as arrays when repeated.
    const raw = body[field] ?? body[`${field}[]`];
    const value = asDraftValue(raw);
    input[field] = LIST_FIELDS.has(field) && value === "" ? [] : value;
  }
  return parseInput(profileDraftSchema, input);
}

function contactCodes(body: Body): ContactCodes {
  const code = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
  return { contact1MobileCode: code(body.contact1MobileCode), contact1EmailCode: code(body.contact1EmailCode) };
}

export function exhibitorInfoRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  const caller = async (req: Request, res: Response) => {
    const { user } = await requireSession(deps, req, res);
    const ctx: CheckContext = { db, userId: user.id, exhibitionId: user.exhibitionId, language: requestLanguage(req) };
    const actor: Actor = { id: user.id, label: user.username };
    return { user, ctx, actor };
  };
  const requireAdmin = (user: SessionUser["user"]) => {
    assertOrganizer(user.roleId);
  };
  const ownView = async (req: Request, ctx: CheckContext) => profileView(db, await readProfile(db, ctx), requestLanguage(req));

  mount(router, exhibitorEndpoints.profile, async ({ req, res }) => ownView(req, (await caller(req, res)).ctx));

  mount(router, exhibitorEndpoints.saveDraft, async (call) => {
    const { ctx, actor } = await caller(call.req, call.res);
    const body = call.input;
    const { step } = body;
    const row = await saveDraftStep(db, ctx, actor, step, stepValues(body, step));
    if (flag(body.validate)) {
      const fields = await stepErrors(ctx, step, readDraft(row.draft), contactCodes(body));
      // The draft is kept either way; `saved` tells the form so.
      if (Object.keys(fields).length) throw new StepsIncomplete(step, fields, { saved: true });
    }
    return profileView(db, row, ctx.language);
  });

  mount(router, exhibitorEndpoints.submit, async (call) => {
    const { ctx, actor } = await caller(call.req, call.res);
    const body = call.input;
    const { step } = body;
    if (step) await saveDraftStep(db, ctx, actor, step, stepValues(body, step));
    const row = await submitProfile(ctx, actor, contactCodes(body), step ? { saved: true } : {});
    return profileView(db, row, ctx.language);
  });

  mount(router, exhibitorEndpoints.updateContacts, async (call) => {
    const { ctx, actor } = await caller(call.req, call.res);
    const body = call.input;
    const row = await updateContacts(ctx, actor, stepValues(body, "contacts"), contactCodes(body));
    return profileView(db, row, ctx.language);
  });

  mount(router, exhibitorEndpoints.byUniqueId, async (call) => {
    const { req, res } = call;
    const { user } = await caller(req, res);
    const { uniqueId } = call.input;
    const row = await db.selectFrom("exhibitor_profiles").selectAll().where("unique_id", "=", uniqueId).executeTakeFirst();
    const allowed = row && (row.user_id === user.id || (user.roleId === ORGANIZER_ROLE_ID && row.exhibition_id === user.exhibitionId));
    // Someone else's id answers exactly like an unknown one.
    if (!row || !allowed) throw notFound();
    return profileView(db, row, requestLanguage(req));
  });

  mount(router, exhibitorEndpoints.letter, async ({ req, res }) => {
    const { ctx } = await caller(req, res);
    const row = await readProfile(db, ctx);
    if (!isPublished(row)) throw new ApiError(ApiCode.badRequest, "errors.improveInfo");
    return { url: EXHIBITION_LETTER_URL };
  });

  mount(router, exhibitorEndpoints.groupInfo, async ({ req, res }) => getGroupInfo(db, (await caller(req, res)).user.id));

  mount(router, exhibitorEndpoints.saveGroupInfo, async (call) => {
    const { user } = await caller(call.req, call.res);
    return saveGroupInfo(db, user.id, call.input);
  });

  mount(router, exhibitorEndpoints.themes, async ({ req, res }) => listAreaClassify(db, (await caller(req, res)).user.exhibitionId));
  mount(router, exhibitorEndpoints.classes, async ({ req, res }) => listExhibitClasses(db, (await caller(req, res)).user.exhibitionId));
  mount(router, exhibitorEndpoints.industries, async ({ req, res }) => listIndustries(db, (await caller(req, res)).user.exhibitionId));

  // The organizer's review (roleId 1), limited to the organizer's own exhibition.
  mount(router, exhibitorEndpoints.reviewList, async (call) => {
    const { user } = await caller(call.req, call.res);
    requireAdmin(user);
    const query = call.input;
    return listReviews(db, { ...query, exhibitionId: user.exhibitionId });
  });

  mount(router, exhibitorEndpoints.reviewDetail, async (call): Promise<ReviewDetail> => {
    const { req, res } = call;
    const { user } = await caller(req, res);
    requireAdmin(user);
    const { userId } = call.input;
    const row = await findProfile(db, userId);
    if (!row || row.exhibition_id !== user.exhibitionId) throw notFound();
    const owner = await db.selectFrom("users").select("username").where("id", "=", userId).executeTakeFirstOrThrow();
    return { userId, username: owner.username, ...(await profileView(db, row, requestLanguage(req))) };
  });

  mount(router, exhibitorEndpoints.decide, async (call) => {
    const { req, res } = call;
    const { user, actor } = await caller(req, res);
    requireAdmin(user);
    const decision = call.input;
    const target = await findProfile(db, decision.userId);
    if (!target || target.exhibition_id !== user.exhibitionId) throw notFound();
    const row = await reviewProfile(db, decision.userId, decision.decision, decision.comment, actor);
    return profileView(db, row, requestLanguage(req));
  });

  return router;
}
