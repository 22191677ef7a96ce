import type { Generated } from "kysely";

interface CountryTable {
  id: number;
  iso2: string;
  name_zh: string;
  name_en: string;
  sort: number;
}

interface RegionTable {
  code: string;
  parent_code: string | null;
  level: number;
  name_zh: string;
  name_en: string;
}

interface ClassificationTable {
  id: Generated<number>;
  exhibition_id: number;
  name_zh: string;
  name_en: string;
  sort: number;
}

interface ThemeHallTable {
  theme_id: number;
  hall_id: number;
}

/** The lookups tables, part of DB (./index.ts). */
export interface LookupTables {
  countries: CountryTable;
  regions: RegionTable;
  exhibit_classes: ClassificationTable;
  industries: ClassificationTable;
  exhibition_themes: ClassificationTable;
  theme_halls: ThemeHallTable;
}
