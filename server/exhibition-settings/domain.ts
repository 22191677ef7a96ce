import { defineServerDomain, menu } from "../domain";
import { exhibitionSettingsRoutes } from "../api/routes/exhibition-settings";

/** What the exhibition-settings domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "exhibition-settings",
  routes: [exhibitionSettingsRoutes],
  menus: [
    // The organizer's settings of the exhibition: names, footer, contact code, mail and SMS (issue 52): roleId 1 only.
    menu(8, 1, 16, "/index/settings", "展会设置", "Exhibition settings", "setting", { grant: "organizer" }),
  ],
  fileColumns: {
    // The organizer's settings: the contact code picture (key contactQrFileId) among plain texts.
    exhibition_settings: ["value"],
  },
});
