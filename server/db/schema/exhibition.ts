import type { ColumnType, Generated } from "kysely";
import type { CreatedAt } from "./columns";

interface ExhibitionTable {
  id: Generated<number>;
  code: string;
  name_zh: string;
  name_en: string;
  starts_on: string;
  ends_on: string;
  venue_zh: string;
  venue_en: string;
  is_current: boolean;
  /** Seeded by the demo (0041-demo-marker): its pages carry the demo mark and real operations refuse. */
  is_demo: Generated<boolean>;
  /** Exhibitors may see the contacts of visitors who consented unmasked (0020-visitors). */
  visitor_contacts_shared: Generated<boolean>;
  /** The epidemic declaration page is open to exhibitors, and its commitment text (0033-epidemic-declarations). */
  epidemic_declaration_on: Generated<boolean>;
  epidemic_commitment_zh: Generated<string>;
  epidemic_commitment_en: Generated<string>;
  /** The English /HT/blueCarGuide redirects to this traffic page (0030-blue-cars). */
  traffic_page_url_en: ColumnType<string | null, string | null | undefined, string | null>;
}

interface HallTable {
  id: Generated<number>;
  exhibition_id: number;
  code: string;
  name_zh: string;
  name_en: string;
  sort: number;
}

export interface BoothTable {
  id: Generated<number>;
  exhibition_id: number;
  user_id: number;
  hall_id: number | null;
  booth_no: string;
  booth_type: number;
  width_m: number;
  depth_m: number;
  area_m2: number;
}

interface AppSettingTable {
  key: string;
  value: string;
  updated_at: CreatedAt;
}

/** One setting of one exhibition (0039-exhibition-settings); keys in app/contracts/exhibition-settings/values.ts. */
interface ExhibitionSettingTable {
  exhibition_id: number;
  key: string;
  value: string;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  updated_by: number | null;
}

/** The exhibition tables, part of DB (./index.ts). */
export interface ExhibitionTables {
  exhibitions: ExhibitionTable;
  halls: HallTable;
  booths: BoothTable;
  app_settings: AppSettingTable;
  exhibition_settings: ExhibitionSettingTable;
}
