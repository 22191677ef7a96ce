import { defineServerDomain } from "../domain";
import { reminderRoutes } from "../api/routes/reminders";

/** What the reminders domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "reminders",
  routes: [reminderRoutes],
});
