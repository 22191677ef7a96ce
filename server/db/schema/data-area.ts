import type { ColumnType, Generated } from "kysely";
import type { CreatedAt, Timestamp } from "./columns";

type Flag = ColumnType<boolean, boolean | undefined, boolean>;
type Counter = ColumnType<number, number | undefined, number>;
type Language = "all" | "zh" | "en";

/** A class of the data area (migration 0029-data-area). */
interface DataFileClassTable {
  id: Generated<number>;
  exhibition_id: number;
  name_zh: string;
  name_en: string;
  sort: Counter;
  hidden: Flag;
  /** The logo and banner class (at most one per exhibition). */
  banner: Flag;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A published file: its texts and the stored file it offers. */
interface DataFileTable {
  id: Generated<number>;
  exhibition_id: number;
  class_id: number;
  name_zh: string;
  name_en: ColumnType<string, string | undefined, string>;
  description_zh: ColumnType<string, string | undefined, string>;
  description_en: ColumnType<string, string | undefined, string>;
  language: ColumnType<Language, Language | undefined, Language>;
  stored_file_id: string;
  sort: Counter;
  hidden: Flag;
  downloads: Counter;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** The data area tables, part of DB (./index.ts). */
export interface DataAreaTables {
  data_file_classes: DataFileClassTable;
  data_files: DataFileTable;
}
