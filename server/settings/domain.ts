import { defineServerDomain, menu } from "../domain";
import { settingsRoutes } from "../api/routes/settings";
import { feedbackInboxRoutes } from "../api/routes/settings-feedback";

/** What the settings domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "settings",
  routes: [settingsRoutes, feedbackInboxRoutes],
  menus: [
    // The organizer's inbox of the feedback every account sends (issue 51): roleId 1 only.
    menu(6, 1, 14, "/index/feedbackInbox", "意见反馈处理", "Feedback inbox", "mail", { grant: "organizer" }),
  ],
  fileColumns: {
    feedback: ["img_url"],
  },
});
