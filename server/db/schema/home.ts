import type { Generated } from "kysely";
import type { Timestamp } from "./columns";

interface ContentPageTable {
  exhibition_id: number;
  slug: string;
  title_zh: string;
  title_en: string;
  body_zh: string;
  body_en: string;
  updated_at: Timestamp;
}

interface ScheduleItemTable {
  id: Generated<number>;
  exhibition_id: number;
  title_zh: string;
  title_en: string;
  deadline: Timestamp;
  link: string;
  done_check: string | null;
  sort: number;
}

/** The home tables, part of DB (./index.ts). */
export interface HomeTables {
  content_pages: ContentPageTable;
  schedule_items: ScheduleItemTable;
}
