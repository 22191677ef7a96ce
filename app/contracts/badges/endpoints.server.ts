import { endpoint } from "../api/endpoint";
import type { BadgeDetail, BadgeList, BadgesDeleted, BadgeView, HolderFieldAvailable } from "./api-types";
import { badgePrintQuerySchema, badgeQrQuerySchema, checkInSchema } from "./check-in-schema";
import type { CheckInResult } from "./check-in-types";
import { badgeUploadFieldsSchema } from "./excel-schema";
import type { BadgeImportResult } from "./excel-types";
import { badgeDecisionSchema, badgeReviewQuerySchema } from "./review-schema";
import type { BadgeReviewInfo, BadgeReviewList } from "./review-types";
import { badgeIdSchema, badgeIdsSchema, badgeListQuerySchema, badgeSchema, badgeUpdateSchema, validateEmailSchema, validateMobileSchema } from "./schema";

/**
 * Badges (/smeb/pass/ticket/*): the exhibitor's own, in Excel, printed and checked in on site, and
 * the organizer's review. save and update are checked with the caller's language's schema (the
 * mobile's rule: mainland numbers in the Chinese portal), so the server parses them with
 * badgeSchema(language); the declared one is the Chinese portal's, the fields are the same.
 */
export const badgeEndpoints = {
  list: endpoint.get("/smeb/pass/ticket/list", badgeListQuerySchema).answers<BadgeList>(),
  info: endpoint.get("/smeb/pass/ticket/info", badgeIdSchema).answers<BadgeDetail>(),
  save: endpoint.post("/smeb/pass/ticket/save", badgeSchema("zh")).answers<BadgeView>(),
  update: endpoint.post("/smeb/pass/ticket/update", badgeUpdateSchema("zh")).answers<BadgeView>(),
  remove: endpoint.post("/smeb/pass/ticket/delete", badgeIdSchema).answers<BadgesDeleted>(),
  removeMany: endpoint.post("/smeb/pass/ticket/batchDelete", badgeIdsSchema).answers<BadgesDeleted>(),
  /** As the user types: 409 when one of the caller's own badges holds it already. */
  validateMobile: endpoint.get("/smeb/pass/ticket/validateMobile", validateMobileSchema).answers<HolderFieldAvailable>(),
  validateEmail: endpoint.get("/smeb/pass/ticket/validateEmail", validateEmailSchema).answers<HolderFieldAvailable>(),

  // Excel (decision 015).
  template: endpoint.get("/smeb/pass/ticket/downloadTemplate").file(),
  /** Multipart: the .xlsx (BADGE_EXCEL_FILE_FIELD) and the booth. */
  upload: endpoint.upload("/smeb/pass/ticket/upload", badgeUploadFieldsSchema).answers<BadgeImportResult>(),
  /** Every own badge the keyword matches (paging checked, then ignored). */
  export: endpoint.get("/smeb/pass/ticket/export", badgeListQuerySchema).file(),

  // Printing and on-site check-in (docs/decisions/016).
  print: endpoint.get("/smeb/pass/ticket/print", badgePrintQuerySchema).file(),
  qr: endpoint.get("/smeb/pass/ticket/qr", badgeQrQuerySchema).file(),
  /** The organizer's staff (roleId 1). */
  checkIn: endpoint.post("/smeb/pass/ticket/checkIn", checkInSchema).answers<CheckInResult>(),

  // The organizer's review (roleId 1).
  reviewList: endpoint.get("/smeb/pass/ticket/review/list", badgeReviewQuerySchema).answers<BadgeReviewList>(),
  reviewInfo: endpoint.get("/smeb/pass/ticket/review/info", badgeIdSchema).answers<BadgeReviewInfo>(),
  decide: endpoint.post("/smeb/pass/ticket/review/decide", badgeDecisionSchema).answers<BadgeReviewInfo>(),
  /** The .xlsx of every badge the filters match (paging ignored), a column naming each one's exhibitor. */
  exportReviews: endpoint.get("/smeb/pass/ticket/review/export", badgeReviewQuerySchema).file(),
};
