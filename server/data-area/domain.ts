import { defineServerDomain, menu } from "../domain";
import { dataAreaRoutes } from "../api/routes/data-area";

/** What the data-area domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "data-area",
  routes: [dataAreaRoutes],
  menus: [
    // Data area /dataArea
    menu(90, 0, 90, "/dataArea", "资料专区", "Data area", "folder"),
    menu(91, 90, 1, "/dataArea/index", "资料下载", "Data download", "download"),
    // The organizer's classes and files of the data area (issue 41): roleId 1 only.
    menu(92, 90, 2, "/dataArea/files", "资料管理", "Data area files", "folder", { grant: "organizer" }),
  ],
  fileColumns: {
    data_files: ["stored_file_id"],
  },
  notFileColumns: {
    data_file_classes: ["banner"],
  },
});
