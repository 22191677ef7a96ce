import type { Database } from "../db/database";
import type { TransportService } from "../db/schema";
import { hashPassword } from "../auth/password";
import type { DemoCalendar } from "./demo-calendar";
import { CARRIER_ROLE_ID } from "./roles";

/**
 * The demo exhibition's appointed carriers (issue 17, decision 019): carrier01's company and a second
 * one with its own account (carrier02), their price lists in cents and discounts, and the hoisting
 * fee table by weight class. Idempotent: inserts only what is missing, never changes a row.
 */
export const SECOND_CARRIER_ACCOUNT = { username: "carrier02", password: "Expo#2026" } as const;

type Prices = Record<TransportService, [perM3: number, perTon: number, minimum: number]>;

const CARRIERS: { code: string; username: string; name_zh: string; name_en: string; contact_email: string; contact_phone: string; sort: number; prices: Prices }[] = [
  {
    code: "shunda",
    username: "carrier01",
    name_zh: "顺达国际物流有限公司",
    name_en: "Shunda International Logistics Co., Ltd.",
    contact_email: "dispatch@shunda.example.com",
    contact_phone: "0755-86001234",
    sort: 1,
    prices: { delivery: [18_000, 12_000, 50_000], return: [20_000, 14_000, 60_000], storage: [6_000, 4_000, 20_000], forklift: [8_000, 9_000, 30_000], crane: [15_000, 16_000, 80_000] },
  },
  {
    code: "hengtong",
    username: SECOND_CARRIER_ACCOUNT.username,
    name_zh: "恒通会展物流有限公司",
    name_en: "Hengtong Exhibition Logistics Co., Ltd.",
    contact_email: "ops@hengtong.example.com",
    contact_phone: "020-83005678",
    sort: 2,
    // No crane of its own: a declaration asking for one cannot go to this carrier.
    prices: { delivery: [16_000, 13_000, 40_000], return: [19_000, 15_000, 50_000], storage: [5_500, 4_500, 15_000], forklift: [9_000, 9_500, 25_000] } as Prices,
  },
];

/** Per piece, the lightest class that takes its weight (kg). */
const LIFTING_FEES: { kind: "forklift" | "crane"; max_weight_kg: number; fee_cents: number }[] = [
  { kind: "forklift", max_weight_kg: 1_000, fee_cents: 20_000 },
  { kind: "forklift", max_weight_kg: 3_000, fee_cents: 40_000 },
  { kind: "forklift", max_weight_kg: 5_000, fee_cents: 70_000 },
  { kind: "crane", max_weight_kg: 5_000, fee_cents: 120_000 },
  { kind: "crane", max_weight_kg: 10_000, fee_cents: 200_000 },
  { kind: "crane", max_weight_kg: 20_000, fee_cents: 350_000 },
  { kind: "crane", max_weight_kg: 30_000, fee_cents: 550_000 },
];

export async function seedCarriers(db: Database, exhibitionId: number, calendar: DemoCalendar) {
  for (const carrier of CARRIERS) {
    const { prices, username, ...row } = carrier;
    await db.insertInto("carriers").values({ ...row, exhibition_id: exhibitionId }).onConflict((oc) => oc.columns(["exhibition_id", "code"]).doNothing()).execute();
    const saved = await db.selectFrom("carriers").select("id").where("exhibition_id", "=", exhibitionId).where("code", "=", carrier.code).executeTakeFirstOrThrow();
    await db
      .insertInto("carrier_prices")
      .values(Object.entries(prices).map(([service, [perM3, perTon, minimum]]) => ({ carrier_id: saved.id, service: service as TransportService, per_m3_cents: perM3, per_ton_cents: perTon, minimum_cents: minimum })))
      .onConflict((oc) => oc.columns(["carrier_id", "service"]).doNothing())
      .execute();
    await db
      .insertInto("carrier_discounts")
      .values([
        // Declared by the checklist's transport deadline: 10 % off.
        { carrier_id: saved.id, code: "early", name_zh: "提前申报优惠", name_en: "Early declaration", kind: "early", until_on: calendar.schedule["transport-booked"], percent_bp: 1_000 },
        // 20 m³ or more in one declaration: ¥300 off.
        { carrier_id: saved.id, code: "volume20", name_zh: "大批量优惠（20 m³ 以上）", name_en: "Volume (20 m³ or more)", kind: "volume", min_volume_cm3: 20_000_000, amount_cents: 30_000 },
      ])
      .onConflict((oc) => oc.columns(["carrier_id", "code"]).doNothing())
      .execute();
    let user = await db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirst();
    if (!user && username === SECOND_CARRIER_ACCOUNT.username) {
      user = await db
        .insertInto("users")
        .values({
          username,
          password_hash: await hashPassword(SECOND_CARRIER_ACCOUNT.password),
          role_id: CARRIER_ROLE_ID,
          exhibition_id: exhibitionId,
          business_name: row.name_zh,
          business_name_en: row.name_en,
          contact_phone: "13622220000",
          contact_email: row.contact_email,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    }
    if (user) await db.insertInto("carrier_accounts").values({ user_id: user.id, carrier_id: saved.id }).onConflict((oc) => oc.column("user_id").doNothing()).execute();
  }
  await db
    .insertInto("lifting_fee_classes")
    .values(LIFTING_FEES.map((fee) => ({ ...fee, exhibition_id: exhibitionId })))
    .onConflict((oc) => oc.columns(["exhibition_id", "kind", "max_weight_kg"]).doNothing())
    .execute();
}
