import type { Database } from "../db/database";

/**
 * The exhibitor profile's choice lists for a smart-technology fair: exhibit classes, industries
 * served and exhibition themes (area classification), each theme held in some halls (its pavilions).
 * Rows are keyed by (exhibition_id, name_en), so seeding again adds what is missing and changes nothing else.
 */

type Named = { zh: string; en: string };

const EXHIBIT_CLASSES: Named[] = [
  { zh: "人工智能", en: "Artificial intelligence" },
  { zh: "机器人", en: "Robotics" },
  { zh: "半导体与集成电路", en: "Semiconductors" },
  { zh: "智能家居", en: "Smart home" },
  { zh: "物联网", en: "Internet of Things" },
  { zh: "新能源汽车", en: "New energy vehicles" },
  { zh: "无人机", en: "Drones" },
  { zh: "增强现实与虚拟现实", en: "AR/VR" },
  { zh: "云计算与大数据", en: "Cloud & data" },
  { zh: "网络安全", en: "Cybersecurity" },
  { zh: "智能制造", en: "Smart manufacturing" },
  { zh: "健康科技", en: "Health tech" },
];

const INDUSTRIES: Named[] = [
  { zh: "制造业", en: "Manufacturing" },
  { zh: "汽车与交通", en: "Automotive & transport" },
  { zh: "能源与电力", en: "Energy & utilities" },
  { zh: "医疗健康", en: "Healthcare" },
  { zh: "金融", en: "Finance" },
  { zh: "零售与电商", en: "Retail & e-commerce" },
  { zh: "物流", en: "Logistics" },
  { zh: "教育", en: "Education" },
  { zh: "智慧城市与政务", en: "Smart city & government" },
  { zh: "农业", en: "Agriculture" },
  { zh: "建筑与地产", en: "Construction & real estate" },
  { zh: "文化娱乐", en: "Media & entertainment" },
];

/** Themes with the codes of the halls they occupy (the demo exhibition has halls 1 to 12). */
const EXHIBITION_THEMES: (Named & { hallCodes: string[] })[] = [
  { zh: "人工智能与机器人", en: "AI & Robotics", hallCodes: ["1", "2"] },
  { zh: "芯片与电子元器件", en: "Chips & Components", hallCodes: ["3", "4"] },
  { zh: "智能家居与消费电子", en: "Smart Home & Consumer Electronics", hallCodes: ["5", "6"] },
  { zh: "智能网联与新能源汽车", en: "Connected & New Energy Vehicles", hallCodes: ["7", "8"] },
  { zh: "数字基建与网络安全", en: "Digital Infrastructure & Security", hallCodes: ["9", "10"] },
  { zh: "智能制造与健康科技", en: "Smart Manufacturing & Health Tech", hallCodes: ["11", "12"] },
];

const rows = (exhibitionId: number, list: Named[]) => list.map((item, i) => ({ exhibition_id: exhibitionId, name_zh: item.zh, name_en: item.en, sort: i + 1 }));

/** Idempotent: safe on a fresh database and on one seeded before these lists existed. */
export async function seedExhibitorReference(db: Database, exhibitionId: number) {
  for (const [table, list] of [
    ["exhibit_classes", EXHIBIT_CLASSES],
    ["industries", INDUSTRIES],
    ["exhibition_themes", EXHIBITION_THEMES],
  ] as const) {
    await db
      .insertInto(table)
      .values(rows(exhibitionId, list))
      .onConflict((oc) => oc.columns(["exhibition_id", "name_en"]).doNothing())
      .execute();
  }

  const themes = await db.selectFrom("exhibition_themes").select(["id", "name_en"]).where("exhibition_id", "=", exhibitionId).execute();
  const halls = await db.selectFrom("halls").select(["id", "code"]).where("exhibition_id", "=", exhibitionId).execute();
  const links = EXHIBITION_THEMES.flatMap((theme) => {
    const themeId = themes.find((t) => t.name_en === theme.en)?.id;
    // An exhibition without these halls simply gets themes without pavilions.
    return theme.hallCodes.flatMap((code) => {
      const hallId = halls.find((h) => h.code === code)?.id;
      return themeId && hallId ? [{ theme_id: themeId, hall_id: hallId }] : [];
    });
  });
  if (links.length)
    await db
      .insertInto("theme_halls")
      .values(links)
      .onConflict((oc) => oc.columns(["theme_id", "hall_id"]).doNothing())
      .execute();
}
