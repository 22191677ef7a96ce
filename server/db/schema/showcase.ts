import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "./columns";

/** The exhibitor's public showcase page (migration 0026, decision 036). */
interface ShowcaseTable {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  public_code: string;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  hidden_by_organizer: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: Timestamp;
}

/** The chosen exhibits, 1 to 3, at positions 1..3. */
interface ShowcaseExhibitTable {
  showcase_id: number;
  exhibit_id: number;
  position: number;
}

/** The showcase tables, part of DB (./index.ts). */
export interface ShowcaseTables {
  showcases: ShowcaseTable;
  showcase_exhibits: ShowcaseExhibitTable;
}
