import * as z from "zod";
import "../common/zod-messages";
import { endpoint, publicEndpoint } from "../api/endpoint";
import type { HomeContentPage, WorksheetItem } from "../permission/api-types";
import { idValue, listPaging } from "../common/validation";
import type { ChecklistOverview, NotDonePage } from "./overview-types";
import { extensionRequestSchema, type ScheduleMailResult } from "./schedule-schema";
import { contentSaveSchema } from "./content-schema";

const notDoneSchema = z.object({ itemId: idValue("home.overview.item"), ...listPaging });
const notDoneExportSchema = z.object({ itemId: idValue("home.overview.item") });

/** GET /smeb/content/page?slug */
const contentPageSchema = z.object({
  slug: z.string({ message: "errors.badRequest" }).trim().min(1, "errors.badRequest").max(64, "errors.badRequest"),
});

/**
 * The home area: content pages and the work sheet (public: a ticket, when sent, picks the caller's
 * exhibition and what they have done), and the schedule page's buttons (signed in).
 */
export const homeEndpoints = {
  contentPage: publicEndpoint.get("/smeb/content/page", contentPageSchema).answers<HomeContentPage>(),
  /** The organizer's (roleId 1): every content page of the exhibition, and a page saved (titles and texts in both languages). */
  contentPages: endpoint.get("/smeb/content/list").answers<HomeContentPage[]>(),
  saveContent: endpoint.post("/smeb/content/save", contentSaveSchema).answers<HomeContentPage>(),
  worksheet: publicEndpoint.get("/smeb/worksheet/worksheet").answers<WorksheetItem[]>(),
  /** The work sheet as CSV. */
  exportWorksheet: endpoint.get("/smeb/worksheet/export").file(),
  /** E-mails the caller the schedule with each item's status. */
  confirmWorksheet: endpoint.post("/smeb/worksheet/confirm").answers<ScheduleMailResult>(),
  /** Asks the organizer to extend one item's deadline. */
  requestExtension: endpoint.post("/smeb/worksheet/extension", extensionRequestSchema).answers<ScheduleMailResult>(),
  /** The organizer's (roleId 1): every checklist item's done, not done and overdue counts, and the review queues. */
  overview: endpoint.get("/smeb/worksheet/overview").answers<ChecklistOverview>(),
  /** The organizer's: the exhibitors not done with one item, paged, and as .xlsx. */
  notDone: endpoint.get("/smeb/worksheet/notDone", notDoneSchema).answers<NotDonePage>(),
  exportNotDone: endpoint.get("/smeb/worksheet/notDone/export", notDoneExportSchema).file(),
};
