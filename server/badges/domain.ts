import { defineServerDomain, menu } from "../domain";
import { badgeRoutes } from "../api/routes/badges";
import { badgeExcelRoutes } from "../api/routes/badges-excel";
import { badgePrintRoutes } from "../api/routes/badges-print";
import { badgeReviewRoutes } from "../api/routes/badges-review";

/** What the badges domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "badges",
  routes: [badgeRoutes, badgeExcelRoutes, badgePrintRoutes, badgeReviewRoutes],
  menus: [
    menu(14, 10, 4, "/exhibitorInfo/exhibitorCertificateApply", "展商证件申请", "Exhibitor badge application", "badge"),
    // The organizer's badge review and the on-site check-in desk (issue 14): roleId 1 only, too.
    menu(18, 10, 8, "/exhibitorInfo/badgeReview", "展商证件审核", "Badge review", "audit", { grant: "organizer" }),
    menu(19, 10, 9, "/exhibitorInfo/badgeCheckIn", "现场证件签到", "On-site badge check-in", "scan", { grant: "organizer" }),
  ],
  fileColumns: {
    badges: ["photo_file_id"],
    badge_events: ["details"],
  },
});
