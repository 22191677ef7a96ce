import { defineServerDomain, menu } from "../domain";
import { accountRoutes } from "../api/routes/accounts";

/** What the accounts domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "accounts",
  routes: [accountRoutes],
  menus: [
    // The organizer's import of exhibitors and booths from Excel (issue 39): roleId 1 only. The 10s are full: 100.
    menu(100, 10, 10, "/exhibitorInfo/exhibitorImport", "导入展商和展位", "Import exhibitors and booths", "upload", { grant: "organizer" }),
    // The organizer's invitations to the portal for imported accounts, and who activated (issue 39): roleId 1 only.
    menu(101, 10, 11, "/exhibitorInfo/exhibitorInvite", "邀请展商开通账号", "Invite exhibitors to the portal", "mail", { grant: "organizer" }),
  ],
  notFileColumns: {
    exhibitor_import_stages: ["file_base64"],
  },
});
