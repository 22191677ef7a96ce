import type { CreatedAt } from "./columns";

/** A previewed exhibitor import waiting for the organizer's confirmation (0021-account-activation). */
interface ExhibitorImportStageTable {
  id: string;
  user_id: number;
  exhibition_id: number;
  file_base64: string;
  created_at: CreatedAt;
}

/** The account tables, part of DB (./index.ts). */
export interface AccountTables {
  exhibitor_import_stages: ExhibitorImportStageTable;
}
