import type { ColumnType, Generated } from "kysely";
import type { CreatedAt, Timestamp } from "./columns";

// Promotion (0017-exhibits).
interface ExhibitTable {
  id: Generated<number>;
  user_id: number;
  exhibition_id: number;
  class_id: number | null;
  name_zh: string;
  name_en: ColumnType<string, string | undefined, string>;
  description_zh: ColumnType<string, string | undefined, string>;
  description_en: ColumnType<string, string | undefined, string>;
  /** Stored file ids, in the order shown (JSON text in, array out). */
  image_file_ids: ColumnType<string[], string, string>;
  sort: ColumnType<number, number | undefined, number>;
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** The promotion tables, part of DB (./index.ts). */
export interface PromotionTables {
  exhibits: ExhibitTable;
}
