import { defineServerDomain } from "../domain";

/** What the passes domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "passes",
});
