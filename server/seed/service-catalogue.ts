import type { Database } from "../db/database";
import type { ServiceCategory } from "../db/schema";
import type { DemoCalendar } from "./demo-calendar";

/**
 * The demo exhibition's on-site service catalogue (official contractor price list style). Prices
 * are CNY in cents: advance, standard (about +20%) and on-site (about +50%). Advance prices run
 * through the demo calendar's advanceUntil (exhibition time); on-site prices start on the opening day.
 * Rows are keyed by (exhibition_id, code), so seeding again adds what is missing and changes nothing.
 */

type ServiceSeed = {
  code: string;
  category: ServiceCategory;
  zh: string;
  en: string;
  unitZh: string;
  unitEn: string;
  /** Advance, standard and on-site price in cents. */
  cents: [number, number, number];
  /** Services the contractor must prepare ahead stop taking orders before the show (00:00 of that demo day). */
  closesOn?: keyof DemoCalendar["serviceCloses"];
};

const yuan = (advance: number, standard: number, onsite: number): [number, number, number] => [advance * 100, standard * 100, onsite * 100];

export const DEMO_SERVICES: ServiceSeed[] = [
  {
    code: "elec-3kw-220v",
    category: "electricity",
    zh: "电箱 3 kW / 220 V（单相，展期用电）",
    en: "Electricity box 3 kW / 220 V (single phase, show days)",
    unitZh: "个",
    unitEn: "box",
    cents: yuan(800, 960, 1200),
  },
  {
    code: "elec-5kw-380v",
    category: "electricity",
    zh: "电箱 5 kW / 380 V（三相，展期用电）",
    en: "Electricity box 5 kW / 380 V (three phase, show days)",
    unitZh: "个",
    unitEn: "box",
    cents: yuan(1200, 1440, 1800),
  },
  {
    code: "elec-10kw-380v",
    category: "electricity",
    zh: "电箱 10 kW / 380 V（三相，展期用电）",
    en: "Electricity box 10 kW / 380 V (three phase, show days)",
    unitZh: "个",
    unitEn: "box",
    cents: yuan(1800, 2160, 2700),
  },
  {
    code: "elec-20kw-380v",
    category: "electricity",
    zh: "电箱 20 kW / 380 V（三相，展期用电）",
    en: "Electricity box 20 kW / 380 V (three phase, show days)",
    unitZh: "个",
    unitEn: "box",
    cents: yuan(3000, 3600, 4500),
  },
  {
    code: "elec-24h-3kw-220v",
    category: "electricity",
    zh: "24 小时电箱 3 kW / 220 V",
    en: "24-hour electricity box 3 kW / 220 V",
    unitZh: "个",
    unitEn: "box",
    cents: yuan(1500, 1800, 2250),
    closesOn: "allDayPower",
  },
  {
    code: "socket-500w-220v",
    category: "electricity",
    zh: "五孔插座 220 V / 500 W",
    en: "Five-hole socket 220 V / 500 W",
    unitZh: "个",
    unitEn: "socket",
    cents: yuan(100, 120, 150),
  },
  {
    code: "air-1m3-08mpa",
    category: "compressedAir",
    zh: "压缩空气 0.8 MPa，≤1 m³/min（含接驳）",
    en: "Compressed air 0.8 MPa, up to 1 m³/min (connection included)",
    unitZh: "处",
    unitEn: "point",
    cents: yuan(2000, 2400, 3000),
  },
  {
    code: "air-2m3-08mpa",
    category: "compressedAir",
    zh: "压缩空气 0.8 MPa，≤2 m³/min（含接驳）",
    en: "Compressed air 0.8 MPa, up to 2 m³/min (connection included)",
    unitZh: "处",
    unitEn: "point",
    cents: yuan(3200, 3840, 4800),
  },
  {
    code: "water-dn15",
    category: "water",
    zh: "给排水 DN15（含接驳）",
    en: "Water supply and drain DN15 (connection included)",
    unitZh: "处",
    unitEn: "point",
    cents: yuan(1500, 1800, 2250),
    closesOn: "water",
  },
  {
    code: "water-dn25",
    category: "water",
    zh: "给排水 DN25（含接驳）",
    en: "Water supply and drain DN25 (connection included)",
    unitZh: "处",
    unitEn: "point",
    cents: yuan(2200, 2640, 3300),
    closesOn: "water",
  },
  { code: "light-spot-100w", category: "lighting", zh: "射灯 100 W", en: "Spotlight 100 W", unitZh: "盏", unitEn: "lamp", cents: yuan(150, 180, 225) },
  {
    code: "light-led-flood-50w",
    category: "lighting",
    zh: "LED 投光灯 50 W",
    en: "LED floodlight 50 W",
    unitZh: "盏",
    unitEn: "lamp",
    cents: yuan(200, 240, 300),
  },
  { code: "furn-folding-chair", category: "furniture", zh: "折椅", en: "Folding chair", unitZh: "把", unitEn: "chair", cents: yuan(30, 36, 45) },
  {
    code: "furn-info-desk",
    category: "furniture",
    zh: "咨询台 1.0 × 0.5 × 0.75 m",
    en: "Information desk 1.0 × 0.5 × 0.75 m",
    unitZh: "张",
    unitEn: "desk",
    cents: yuan(200, 240, 300),
  },
  {
    code: "furn-round-table",
    category: "furniture",
    zh: "洽谈圆桌 Ø0.8 m",
    en: "Round meeting table Ø0.8 m",
    unitZh: "张",
    unitEn: "table",
    cents: yuan(150, 180, 225),
  },
  {
    code: "furn-glass-showcase",
    category: "furniture",
    zh: "高玻璃展柜 1.0 × 0.5 × 2.0 m",
    en: "Tall glass showcase 1.0 × 0.5 × 2.0 m",
    unitZh: "个",
    unitEn: "showcase",
    cents: yuan(600, 720, 900),
  },
  { code: "furn-brochure-rack", category: "furniture", zh: "资料架", en: "Brochure rack", unitZh: "个", unitEn: "rack", cents: yuan(100, 120, 150) },
  {
    code: "net-wired-10m",
    category: "network",
    zh: "有线宽带 10 Mbps（展期）",
    en: "Wired internet 10 Mbps (show days)",
    unitZh: "条",
    unitEn: "line",
    cents: yuan(1200, 1440, 1800),
  },
  {
    code: "net-booth-wifi",
    category: "network",
    zh: "展位无线网络（5 台设备，展期）",
    en: "Booth Wi-Fi (5 devices, show days)",
    unitZh: "套",
    unitEn: "set",
    cents: yuan(800, 960, 1200),
  },
  {
    code: "clean-daily-m2",
    category: "cleaning",
    zh: "展位日常清洁（展期，按面积）",
    en: "Daily booth cleaning (show days, by area)",
    unitZh: "平方米",
    unitEn: "m²",
    cents: yuan(10, 12, 15),
  },
  {
    code: "clean-carpet-once",
    category: "cleaning",
    zh: "地毯深度清洁（开展前一次）",
    en: "Deep carpet cleaning (once before opening)",
    unitZh: "次",
    unitEn: "time",
    cents: yuan(300, 360, 450),
  },
];

/** Idempotent: safe on a fresh database and on one seeded before the catalogue existed. */
export async function seedServiceCatalogue(db: Database, exhibitionId: number, calendar: DemoCalendar) {
  await db
    .insertInto("service_price_dates")
    .values({ exhibition_id: exhibitionId, advance_until: calendar.advanceUntil })
    .onConflict((oc) => oc.column("exhibition_id").doNothing())
    .execute();
  await db
    .insertInto("services")
    .values(
      DEMO_SERVICES.map((s, i) => ({
        exhibition_id: exhibitionId,
        code: s.code,
        category: s.category,
        name_zh: s.zh,
        name_en: s.en,
        unit_zh: s.unitZh,
        unit_en: s.unitEn,
        photo_url: null,
        advance_cents: s.cents[0],
        standard_cents: s.cents[1],
        onsite_cents: s.cents[2],
        order_opens_at: null,
        order_closes_at: s.closesOn ? `${calendar.serviceCloses[s.closesOn]}T00:00:00+08:00` : null,
        sort: i + 1,
      })),
    )
    .onConflict((oc) => oc.columns(["exhibition_id", "code"]).doNothing())
    .execute();
}
