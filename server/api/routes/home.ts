import { appClock } from "../../clock";
import type { Request } from "express";
import { Router } from "express";
import { homeEndpoints } from "../../../app/contracts/home/endpoints.server";
import type { ApiDeps } from "../context";
import { findCaller } from "../require-session";
import { notFound } from "../envelope";
import { mount, withMessage } from "../mount";
import { organizerFor } from "../caller";
import { requestLanguage } from "../envelope";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { listContentPages, saveContentPage } from "../../home/content-pages";
import { doneStatuses } from "../../schedule/done-checks";
import { scheduleItems } from "../../schedule/overview";

/** One content page of the home area, both languages (the web app picks and falls back). */
import type { HomeContentPage, ScheduleStatus, WorksheetItem } from "../../../app/contracts/permission/api-types";

export type { HomeContentPage, ScheduleStatus, WorksheetItem };

/** "Due soon" = the deadline is at most this far ahead. */
const DUE_SOON_MS = 7 * 24 * 60 * 60 * 1000;

/** done (when known) wins; otherwise overdue after the deadline, dueSoon within 7 days, open. */
export function scheduleStatus(deadline: Date, now: Date, done: boolean | null = null): ScheduleStatus {
  if (done === true) return "done";
  const left = deadline.getTime() - now.getTime();
  if (left < 0) return "overdue";
  if (left <= DUE_SOON_MS) return "dueSoon";
  return "open";
}

/**
 * Home area: content pages and the work sheet (important dated checklist). Both are public
 * (docs/product.md § Public pages: /index/* subpages need no login); a valid ticket, when sent, picks the caller's
 * exhibition and lets the work sheet say which items the caller has done.
 */
export function homeRoutes(deps: ApiDeps): Router {
  const router = Router();
  const { db } = deps;

  /** The caller, if a live ticket came along; never throws for a missing or stale one. */
  async function optionalCaller(req: Request) {
    const found = await findCaller(deps, req);
    // A contractor acts for the exhibitor only in booking: here it reads like a visitor.
    if (!found || found.contractor) return null;
    return { userId: found.user.id, exhibitionId: found.user.exhibitionId };
  }

  async function exhibitionFor(caller: { exhibitionId: number } | null) {
    if (caller) return caller.exhibitionId;
    const current = await db.selectFrom("exhibitions").select("id").where("is_current", "=", true).orderBy("id", "desc").executeTakeFirst();
    if (!current) throw notFound();
    return current.id;
  }

  // The organizer edits the content pages (roleId 1), in both languages.
  mount(router, homeEndpoints.contentPages, async ({ req, res }) => listContentPages(db, (await organizerFor(deps, req, res)).exhibitionId));
  mount(router, homeEndpoints.saveContent, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    return withMessage(await saveContentPage(db, organizer.exhibitionId, input), translate(requestLanguage(req), "home.contentEdit.saved"));
  });

  mount(router, homeEndpoints.contentPage, async (call) => {
    const { req } = call;
    const { slug } = call.input;
    const exhibitionId = await exhibitionFor(await optionalCaller(req));
    const page = await db
      .selectFrom("content_pages")
      .select(["slug", "title_zh", "title_en", "body_zh", "body_en"])
      .where("exhibition_id", "=", exhibitionId)
      .where("slug", "=", slug)
      .executeTakeFirst();
    if (!page) throw notFound();
    const result: HomeContentPage = { slug: page.slug, title: page.title_zh, titleEn: page.title_en, body: page.body_zh, bodyEn: page.body_en };
    return result;
  });

  mount(router, homeEndpoints.worksheet, async ({ req }) => {
    const caller = await optionalCaller(req);
    const exhibitionId = await exhibitionFor(caller);
    const rows = await scheduleItems(db, exhibitionId);
    const now = appClock.now();
    const done = caller
      ? await doneStatuses(
          db,
          caller.userId,
          rows.map((row) => row.done_check),
        )
      : new Map<string, boolean | null>();
    return rows.map(
      (row): WorksheetItem => ({
        id: row.id,
        title: row.title_zh,
        titleEn: row.title_en,
        deadline: new Date(row.deadline).toISOString(),
        link: row.link,
        status: scheduleStatus(new Date(row.deadline), now, row.done_check ? (done.get(row.done_check) ?? null) : null),
      }),
    );
  });

  return router;
}
