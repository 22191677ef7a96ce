import { defineServerDomain } from "../domain";
import { lookupRoutes } from "../api/routes/lookups";

/** What the lookups domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "lookups",
  routes: [lookupRoutes],
});
