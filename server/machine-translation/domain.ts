import { defineServerDomain } from "../domain";
import { machineTranslationRoutes } from "../api/routes/machine-translation";

/** What the machine-translation domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "machine-translation",
  routes: [machineTranslationRoutes],
});
