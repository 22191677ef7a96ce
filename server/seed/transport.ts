import type { Database } from "../db/database";
import type { TransportService } from "../db/schema";
import { hashPassword } from "../auth/password";
import { quoteDeclaration } from "../../app/contracts/transport/pricing";
import { carrierPricing as carrierPricingRows } from "../transport/common";
import { addDays, type DemoCalendar } from "./demo-calendar";
import { CARRIER_ROLE_ID } from "../../app/contracts/permission/roles";

/**
 * The demo exhibition's appointed carriers (issue 17, decision 019): carrier01's company and a second
 * one with its own account (carrier02), their price lists in cents and discounts, and the hoisting
 * fee table by weight class. Idempotent: inserts only what is missing, never changes a row.
 */
export const SECOND_CARRIER_ACCOUNT = { username: "carrier02", password: "Expo#2026" } as const;

type Prices = Record<TransportService, [perM3: number, perTon: number, minimum: number]>;

const CARRIERS: {
  code: string;
  username: string;
  name_zh: string;
  name_en: string;
  contact_email: string;
  contact_phone: string;
  sort: number;
  prices: Prices;
}[] = [
  {
    code: "shunda",
    username: "carrier01",
    name_zh: "顺达国际物流有限公司",
    name_en: "Shunda International Logistics Co., Ltd.",
    contact_email: "dispatch@shunda.example.com",
    contact_phone: "0755-86001234",
    sort: 1,
    prices: {
      delivery: [18_000, 12_000, 50_000],
      return: [20_000, 14_000, 60_000],
      storage: [6_000, 4_000, 20_000],
      forklift: [8_000, 9_000, 30_000],
      crane: [15_000, 16_000, 80_000],
    },
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
    prices: {
      delivery: [16_000, 13_000, 40_000],
      return: [19_000, 15_000, 50_000],
      storage: [5_500, 4_500, 15_000],
      forklift: [9_000, 9_500, 25_000],
    } as Prices,
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
    await db
      .insertInto("carriers")
      .values({ ...row, exhibition_id: exhibitionId })
      .onConflict((oc) => oc.columns(["exhibition_id", "code"]).doNothing())
      .execute();
    const saved = await db
      .selectFrom("carriers")
      .select("id")
      .where("exhibition_id", "=", exhibitionId)
      .where("code", "=", carrier.code)
      .executeTakeFirstOrThrow();
    await db
      .insertInto("carrier_prices")
      .values(
        Object.entries(prices).map(([service, [perM3, perTon, minimum]]) => ({
          carrier_id: saved.id,
          service: service as TransportService,
          per_m3_cents: perM3,
          per_ton_cents: perTon,
          minimum_cents: minimum,
        })),
      )
      .onConflict((oc) => oc.columns(["carrier_id", "service"]).doNothing())
      .execute();
    await db
      .insertInto("carrier_discounts")
      .values([
        // Declared by the checklist's transport deadline: 10 % off.
        {
          carrier_id: saved.id,
          code: "early",
          name_zh: "提前申报优惠",
          name_en: "Early declaration",
          kind: "early",
          until_on: calendar.schedule["transport-booked"],
          percent_bp: 1_000,
        },
        // 20 m³ or more in one declaration: ¥300 off.
        {
          carrier_id: saved.id,
          code: "volume20",
          name_zh: "大批量优惠（20 m³ 以上）",
          name_en: "Volume (20 m³ or more)",
          kind: "volume",
          min_volume_cm3: 20_000_000,
          amount_cents: 30_000,
        },
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
    if (user)
      await db
        .insertInto("carrier_accounts")
        .values({ user_id: user.id, carrier_id: saved.id })
        .onConflict((oc) => oc.column("user_id").doNothing())
        .execute();
  }
  await db
    .insertInto("lifting_fee_classes")
    .values(LIFTING_FEES.map((fee) => ({ ...fee, exhibition_id: exhibitionId })))
    .onConflict((oc) => oc.columns(["exhibition_id", "kind", "max_weight_kg"]).doNothing())
    .execute();
}

type DemoExhibit = {
  name_zh: string;
  name_en: string;
  quantity: number;
  packages: number;
  gross_weight_g: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
};

/**
 * The demo's transport records: std01 has a declaration submitted to carrier01's company and a
 * hoisting booking not sent yet (so the send and its lock can be tried); raw01's declaration was
 * accepted and its order is in progress (goods received), so carrier01 has work in every list.
 * Added once per exhibition: skipped when the exhibition has any declaration.
 */
export async function seedTransportDemo(db: Database, exhibitionId: number, calendar: DemoCalendar) {
  if (await db.selectFrom("transport_declarations").select("id").where("exhibition_id", "=", exhibitionId).executeTakeFirst()) return;
  const carrier = await db.selectFrom("carriers").select("id").where("exhibition_id", "=", exhibitionId).where("code", "=", "shunda").executeTakeFirst();
  const booth = (no: string) =>
    db.selectFrom("booths").select(["id", "user_id"]).where("exhibition_id", "=", exhibitionId).where("booth_no", "=", no).executeTakeFirst();
  const [std01Booth, raw01Booth, carrierUser] = await Promise.all([
    booth("1A01"),
    booth("2B10"),
    db.selectFrom("users").select("id").where("username", "=", "carrier01").executeTakeFirst(),
  ]);
  if (!carrier || !std01Booth || !raw01Booth) return;
  const { prices, discounts } = await carrierPricingRows(db, carrier.id);
  const at = (day: string, time: string) => `${day}T${time}:00+08:00`;
  const buildUpFrom = calendar.rawMoveIn.from;

  async function declare(input: {
    booth: { id: number; user_id: number | null };
    services: TransportService[];
    exhibits: DemoExhibit[];
    contact: [string, string];
    submittedAt: string;
    status: "submitted" | "accepted";
  }) {
    const quote = quoteDeclaration({
      prices,
      discounts,
      services: input.services,
      declaredOn: calendar.seededOn,
      exhibits: input.exhibits.map((e) => ({
        packages: e.packages,
        grossWeightG: e.gross_weight_g,
        lengthCm: e.length_cm,
        widthCm: e.width_cm,
        heightCm: e.height_cm,
      })),
    });
    const row = await db
      .insertInto("transport_declarations")
      .values({
        exhibition_id: exhibitionId,
        user_id: input.booth.user_id!,
        booth_id: input.booth.id,
        carrier_id: carrier!.id,
        status: input.status,
        services: input.services.join(","),
        arrival_from: addDays(buildUpFrom, -1),
        arrival_to: buildUpFrom,
        contact_name: input.contact[0],
        contact_phone: input.contact[1],
        computed_cents: quote.subtotalCents,
        discount_cents: quote.discountCents,
        submitted_at: input.submittedAt,
        updated_at: input.submittedAt,
        ...(input.status === "accepted"
          ? {
              accepted_cents: quote.totalCents,
              accept_note: "已安排 12 月初提货，请按箱唛标注展位号。",
              decided_at: at(calendar.seededOn, "16:00"),
              decided_by: carrierUser?.id ?? null,
              version: 1,
            }
          : {}),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("transport_exhibits")
      .values(input.exhibits.map((e, sort) => ({ ...e, declaration_id: row.id, sort })))
      .execute();
    await db
      .insertInto("transport_events")
      .values({ declaration_id: row.id, kind: "declaration:submitted", actor_id: input.booth.user_id, created_at: input.submittedAt })
      .execute();
    return { id: row.id, totalCents: quote.totalCents };
  }

  const std01 = await declare({
    booth: std01Booth,
    services: ["delivery", "return"],
    contact: ["张三", "13812345678"],
    submittedAt: at(calendar.seededOn, "09:30"),
    status: "submitted",
    exhibits: [
      {
        name_zh: "智能巡检机器人",
        name_en: "Smart inspection robot",
        quantity: 2,
        packages: 2,
        gross_weight_g: 360_000,
        length_cm: 120,
        width_cm: 80,
        height_cm: 110,
      },
      {
        name_zh: "展示屏及支架",
        name_en: "Display screen with stand",
        quantity: 1,
        packages: 1,
        gross_weight_g: 85_500,
        length_cm: 180,
        width_cm: 30,
        height_cm: 120,
      },
    ],
  });
  await db
    .insertInto("transport_messages")
    .values({
      declaration_id: std01.id,
      side: "exhibitor",
      author_id: std01Booth.user_id,
      body: "机器人箱体较重，请安排尾板车送货，谢谢。",
      created_at: at(calendar.seededOn, "09:40"),
    })
    .execute();

  const raw01 = await declare({
    booth: raw01Booth,
    services: ["delivery", "forklift", "return"],
    contact: ["李四", "13698765432"],
    submittedAt: at(addDays(calendar.seededOn, -2), "14:00"),
    status: "accepted",
    exhibits: [
      {
        name_zh: "工业机械臂",
        name_en: "Industrial robot arm",
        quantity: 1,
        packages: 1,
        gross_weight_g: 1_850_000,
        length_cm: 220,
        width_cm: 150,
        height_cm: 180,
      },
    ],
  });
  await db
    .insertInto("transport_orders")
    .values({
      declaration_id: raw01.id,
      carrier_id: carrier.id,
      order_no: `TR${calendar.seededOn.replace(/-/g, "")}-${String(raw01.id).padStart(5, "0")}`,
      step: "received",
      amount_cents: raw01.totalCents,
      updated_at: at(calendar.seededOn, "11:00"),
    })
    .execute();
  await db
    .insertInto("transport_events")
    .values([
      {
        declaration_id: raw01.id,
        kind: "declaration:accepted",
        actor_id: carrierUser?.id ?? null,
        note: "已安排 12 月初提货，请按箱唛标注展位号。",
        created_at: at(calendar.seededOn, "16:00"),
      },
      { declaration_id: raw01.id, kind: "order:received", actor_id: carrierUser?.id ?? null, created_at: at(calendar.seededOn, "17:30") },
    ])
    .execute();

  const fee = await db
    .selectFrom("lifting_fee_classes")
    .select("fee_cents")
    .where("exhibition_id", "=", exhibitionId)
    .where("kind", "=", "forklift")
    .where("max_weight_kg", ">=", 2_500)
    .orderBy("max_weight_kg")
    .executeTakeFirst();
  await db
    .insertInto("lifting_bookings")
    .values({
      exhibition_id: exhibitionId,
      user_id: std01Booth.user_id!,
      booth_id: std01Booth.id,
      carrier_id: carrier.id,
      kind: "forklift",
      weight_kg: 2_500,
      length_cm: 180,
      width_cm: 120,
      height_cm: 150,
      pieces: 1,
      work_day: buildUpFrom,
      slot: "10:00-12:00",
      fee_cents: Number(fee?.fee_cents ?? 40_000),
    })
    .execute();
}
