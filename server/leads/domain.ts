import { defineServerDomain, menu } from "../domain";
import { leadRoutes } from "../api/routes/leads";

/** What the leads domain brings to the server, read through server/domains.ts (docs/decisions/063, 070). */
export default defineServerDomain({
  folder: "leads",
  routes: [leadRoutes],
  menus: [
    // Leads at the show: the exhibitor's list, scan page and tags; the organizer's counts.
    menu(130, 0, 25, "/leads", "现场线索", "Leads", "scan"),
    menu(131, 130, 1, "/leads/list", "我的线索", "My leads", "list"),
    menu(132, 130, 2, "/leads/scan", "扫描观众证", "Scan passes", "scan"),
    menu(133, 130, 3, "/leads/tags", "线索标签", "Lead tags", "edit"),
    menu(134, 130, 4, "/leads/overview", "现场线索统计", "Leads at the show", "chart", { grant: "organizer" }),
  ],
  notFileColumns: {
    leads: ["tag_ids", "scanned_by_user_id", "scanned_by_label", "first_scanned_at"],
    lead_scans: ["device_scan_id", "scanned_by_user_id", "scanned_at"],
  },
});
