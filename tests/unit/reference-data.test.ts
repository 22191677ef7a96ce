import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "../../server/db/database";
import {
  CHINA_COUNTRY_ID,
  SPECIAL_REGION_PROVINCE_CODES,
  cityEnglishName,
  districtEnglishName,
  loadReferenceData,
  provinceEnglishName,
} from "../../server/lookups/reference-data";

let handle: DatabaseHandle;
let dataDir: string;
let firstLoad: { countries: number; regions: number };

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "reference-data-"));
  handle = await openDatabase({ dataDir });
  await migrateToLatest(handle.db);
  firstLoad = await loadReferenceData(handle.db);
});

afterAll(async () => {
  await handle?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const children = (parent: string) => handle.db.selectFrom("regions").selectAll().where("parent_code", "=", parent).orderBy("code").execute();

describe("countries", () => {
  it("has China as id 37, first in sort order", async () => {
    const china = await handle.db.selectFrom("countries").selectAll().where("id", "=", CHINA_COUNTRY_ID).executeTakeFirstOrThrow();
    expect(china).toMatchObject({ iso2: "CN", name_zh: "中国", name_en: "China" });
    const first = await handle.db.selectFrom("countries").select("id").orderBy("sort").executeTakeFirstOrThrow();
    expect(first.id).toBe(CHINA_COUNTRY_ID);
  });

  it("loads every ISO country with Chinese and English names and unique ids", async () => {
    const rows = await handle.db.selectFrom("countries").selectAll().orderBy("sort").execute();
    expect(rows.length).toBeGreaterThanOrEqual(240);
    expect(firstLoad.countries).toBe(rows.length);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    for (const row of rows) {
      expect(row.name_zh).toMatch(/\p{Script=Han}/u);
      expect(row.name_en).not.toBe("");
    }
    // Other countries keep alpha-2 order in their ids, skipping 37.
    const others = rows.filter((r) => r.id !== CHINA_COUNTRY_ID).sort((a, b) => a.id - b.id);
    expect(others.map((r) => r.iso2)).toEqual(others.map((r) => r.iso2).sort());
    expect(others[0]!.id).toBe(1);
    // After China, the list is ordered by English name.
    const names = rows.slice(1).map((r) => r.name_en);
    expect(names).toEqual([...names].sort(new Intl.Collator("en", { sensitivity: "base" }).compare));
    expect(rows.find((r) => r.iso2 === "US")).toMatchObject({ name_zh: "美国", name_en: "United States" });
  });
});

describe("regions", () => {
  it("has three consistent levels", async () => {
    const rows = await handle.db.selectFrom("regions").selectAll().execute();
    expect(firstLoad.regions).toBe(rows.length);
    const byCode = new Map(rows.map((r) => [r.code, r]));
    for (const row of rows) {
      expect(row.code).toMatch(/^\d{6}$/);
      expect(row.name_en).toMatch(/^[A-Z]/);
      if (row.level === 1) expect(row.parent_code).toBeNull();
      else expect(byCode.get(row.parent_code!)?.level).toBe(row.level - 1);
    }
    expect(rows.filter((r) => r.level === 1)).toHaveLength(34);
    expect(rows.some((r) => r.name_zh === "市辖区")).toBe(false);
  });

  it("has Guangdong → Guangzhou → its districts", async () => {
    const provinces = await handle.db.selectFrom("regions").selectAll().where("level", "=", 1).execute();
    expect(provinces.find((p) => p.code === "440000")).toMatchObject({ name_zh: "广东省", name_en: "Guangdong" });
    const cities = await children("440000");
    expect(cities.find((c) => c.code === "440100")).toMatchObject({ name_zh: "广州市", name_en: "Guangzhou", level: 2 });
    const districts = await children("440100");
    expect(districts.length).toBeGreaterThanOrEqual(10);
    expect(districts.find((d) => d.name_zh === "天河区")).toMatchObject({ name_en: "Tianhe District", level: 3 });
  });

  it("puts a municipality's districts under one synthetic city", async () => {
    const cities = await children("110000");
    expect(cities).toEqual([{ code: "110100", parent_code: "110000", level: 2, name_zh: "北京市", name_en: "Beijing" }]);
    const districts = await children("110100");
    expect(districts).toHaveLength(16);
    expect(districts.find((d) => d.name_zh === "朝阳区")?.name_en).toBe("Chaoyang District");
  });

  it("gives Hong Kong one city with its 18 districts, Macao one with 8", async () => {
    const hk = await children("810000");
    expect(hk).toHaveLength(1);
    expect(hk[0]).toMatchObject({ code: "810100", name_en: "Hong Kong" });
    const hkDistricts = await children("810100");
    expect(hkDistricts).toHaveLength(18);
    expect(hkDistricts.find((d) => d.name_zh === "湾仔区")?.name_en).toBe("Wan Chai District");
    const macao = await children("820000");
    expect(macao.map((c) => c.code)).toEqual(["820100"]);
    expect(await children("820100")).toHaveLength(8);
  });

  it("leaves Taiwan without children", async () => {
    const taiwan = await handle.db.selectFrom("regions").selectAll().where("code", "=", "710000").executeTakeFirstOrThrow();
    expect(taiwan).toMatchObject({ level: 1, name_en: "Taiwan" });
    expect(await children("710000")).toHaveLength(0);
    expect(SPECIAL_REGION_PROVINCE_CODES).toEqual(["710000", "810000", "820000"]);
  });

  it("is idempotent", async () => {
    const before = await handle.db
      .selectFrom("regions")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    const again = await loadReferenceData(handle.db);
    expect(again).toEqual({ countries: 0, regions: 0 });
    const after = await handle.db
      .selectFrom("regions")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const countries = await handle.db
      .selectFrom("countries")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(countries.n)).toBe(firstLoad.countries);
  });
});

describe("English region names", () => {
  it("follows one rule with a few conventional exceptions", () => {
    expect(provinceEnglishName("广东省")).toBe("Guangdong");
    expect(provinceEnglishName("内蒙古自治区")).toBe("Inner Mongolia");
    expect(provinceEnglishName("西藏自治区")).toBe("Tibet");
    expect(provinceEnglishName("陕西省")).toBe("Shaanxi");
    expect(provinceEnglishName("山西省")).toBe("Shanxi");
    expect(provinceEnglishName("广西壮族自治区")).toBe("Guangxi");
    expect(provinceEnglishName("新疆维吾尔自治区")).toBe("Xinjiang");
    expect(provinceEnglishName("香港特别行政区")).toBe("Hong Kong");
    expect(provinceEnglishName("澳门特别行政区")).toBe("Macao");
    expect(cityEnglishName("西安市")).toBe("Xi'an");
    expect(cityEnglishName("成都市")).toBe("Chengdu");
    expect(cityEnglishName("延边朝鲜族自治州")).toBe("Yanbian Autonomous Prefecture");
    expect(districtEnglishName("花都区")).toBe("Huadu District");
    expect(districtEnglishName("泾县")).toBe("Jing County");
    expect(districtEnglishName("青龙满族自治县")).toBe("Qinglong Autonomous County");
  });
});
