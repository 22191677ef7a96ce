import { defineServerDomain } from "../domain";

/** What the backup domain brings to the server, read through server/domains.ts (docs/decisions/063). */
export default defineServerDomain({
  folder: "backup",
  notFileColumns: {
    // How many files a backup copied (server/backup).
    backup_runs: ["files_count"],
  },
});
