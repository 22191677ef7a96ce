import { defineServerDomain, menu } from "../domain";
import { promotionRoutes } from "../api/routes/promotion";
import { promotionImageRoutes } from "../api/routes/promotion-images";
import { promotionVisitorRoutes } from "../api/routes/promotion-visitors";

/** What the promotion domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "promotion",
  routes: [promotionRoutes, promotionImageRoutes, promotionVisitorRoutes],
  menus: [
    menu(26, 1, 7, "/index/poster", "微海报", "Micro-poster", "image"),
    menu(28, 1, 10, "/index/posterCn", "中文邀请海报", "Chinese invitation poster", "image"),
    menu(29, 1, 11, "/index/posterEn", "英文邀请海报", "English invitation poster", "image"),
    // Invitation /invitation (its pages live under /exhibitorInfo/invitation)
    menu(110, 0, 20, "/invitation", "观众邀请", "Invitation", "mail"),
    menu(111, 110, 1, "/exhibitorInfo/invitation/custom", "定制邀请函", "Custom invitation", "edit"),
    menu(112, 110, 2, "/exhibitorInfo/invitation/exhibitorTopRanking", "人气排行榜", "Popularity ranking", "fire"),
    menu(113, 110, 3, "/exhibitorInfo/invitation/exhibitorRanking", "邀请排行榜", "Invitation ranking", "rank"),
    menu(114, 110, 4, "/exhibitorInfo/invitation/inviteAudienceData", "邀请观众数据", "Invited audience data", "chart"),
    // The organizer's invitation templates and registered visitors (issue 38): roleId 1 only.
    menu(115, 110, 5, "/exhibitorInfo/invitation/templates", "邀请函模板", "Invitation templates", "image", { grant: "organizer" }),
    menu(116, 110, 6, "/exhibitorInfo/invitation/visitors", "观众登记", "Registered visitors", "user", { grant: "organizer" }),
  ],
  fileColumns: {
    exhibits: ["image_file_ids"],
    invitation_templates: ["background_file_id"],
    promotion_images: ["file_id"],
  },
  notFileColumns: {
    invitations: ["exhibit_ids"],
    visitors: ["interest_class_ids"],
  },
});
