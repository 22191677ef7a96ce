import { defineServerDomain } from "../domain";
import { logisticsSettingsRoutes } from "../api/routes/logistics-settings";

/** What the logistics-settings domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "logistics-settings",
  routes: [logisticsSettingsRoutes],
});
