import { sql } from "kysely";
import type { Database } from "../db/database";
import { hashPassword } from "../auth/password";
import { loadReferenceData } from "../lookups/reference-data";
import { appClock } from "../clock";
import { demoCalendar, demoCalendarForOpening } from "./demo-calendar";
import { seedExhibitorReference } from "./exhibitor-reference";
import { demoExhibitionName, seedHomeContent } from "./home-content";
import { deadlineButtonAuths, deadlineRoleButtons, demoButtonAuths, demoMenus, demoRoleButtons, demoRoleMenus } from "./menus";
import { seedServiceCatalogue } from "./service-catalogue";
import { roles } from "./roles";

import { seedBadges } from "./badges";
import { seedBoothConstruction } from "./booth-construction";
import { seedDemoExhibitionSettings } from "./exhibition-settings";
import { seedInvoices } from "./invoices";
import { SECOND_CARRIER_ACCOUNT, seedCarriers, seedTransportDemo } from "./transport";
import { seedOverseasAgents } from "../vehicles/overseas";
import { seedExpressDemo } from "../vehicles/express";
import { seedTrucksDemo } from "../vehicles/trucks";
import { seedTaiwanDemo } from "../vehicles/taiwan-filings";
import { seedInvitationTemplates } from "../promotion/invitations";
import { seedDemoVisitors } from "../promotion/demo-visitors";
import { seedLeadsDemo } from "../leads/demo-leads";
import type { ObjectStore } from "../uploads/object-store";
import { seedPromotionDemo } from "./promotion";
import { seedShowcaseDemo } from "./showcase";
import { seedDataAreaDemo } from "./data-area";
import { seedBlueCarDemo } from "./blue-cars";
import { seedTrafficGuidesDemo } from "./traffic-guides";
import { seedReservationsDemo } from "./reservations";
import { seedEpidemicDemo } from "./epidemic";
import { seedVideoDemo } from "./video";
import { DEMO_TEAM_ACCOUNTS, seedTeamDemo } from "./team";
import { seedHistoryDemo } from "./history";
import { databaseKind, MixedDatabaseRefusal } from "../setup/database-kind";
import { addButtonsOnce, addPortalMenus } from "../setup/portal-structure";
import { CARRIER_ROLE_ID, EXHIBITOR_ROLE_ID, ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";

const demoAccounts = [
  { username: "admin", password: "Admin#2026", roleId: ORGANIZER_ROLE_ID, note: "administrator (roleId 1)" },
  { username: "std01", password: "Expo#2026", roleId: EXHIBITOR_ROLE_ID, note: "exhibitor, standard booth 1A01 (3x3, 9 m²)" },
  { username: "raw01", password: "Expo#2026", roleId: EXHIBITOR_ROLE_ID, note: "exhibitor, raw space 2B10 and 2B12" },
  { username: "carrier01", password: "Expo#2026", roleId: CARRIER_ROLE_ID, note: "carrier (review and carrier orders)" },
] as const;

/** The demo's passwords, printed in the README: never a real exhibition's (cli.js setup refuses them). */
export const PUBLISHED_DEMO_PASSWORDS: readonly string[] = [...new Set(demoAccounts.map((a) => a.password))];

/** Accounts seeded with their records rather than here (the second carrier comes with its company). */
const laterAccounts = [{ ...SECOND_CARRIER_ACCOUNT, note: "a second appointed carrier" }, ...DEMO_TEAM_ACCOUNTS];

/** Reference data every installation needs (roles, countries, regions). Idempotent. */
export async function seedReferenceData(db: Database) {
  await db
    .insertInto("roles")
    .values(roles)
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  return loadReferenceData(db);
}

/** The demo's exhibition is here (marked by the seed, 0041-demo-marker). */
async function hasDemoData(db: Database) {
  return Boolean(await db.selectFrom("exhibitions").select("id").where("is_demo", "=", true).executeTakeFirst());
}

const DEMO_REFUSED_IN_REAL_EXHIBITION =
  "This database holds a real exhibition: the demo (its exhibitors and its accounts with published passwords) is never loaded into it. Nothing was changed. For the demo, use an empty data directory or database (docs/operations.md).";

export const DEMO_EXHIBITION_CODE = "PITF2026";

/**
 * Rows added to the demo data after it was first seeded (menus, exhibitor choice lists, service catalogue), so an
 * existing data directory gets them too. Inserts only what is missing; never changes a row.
 */
async function addMissingDemoRows(db: Database, store?: ObjectStore) {
  await addPortalMenus(db);
  // The calendar's buttons came later too (0024-exhibition-calendar).
  await addButtonsOnce(db, deadlineButtonAuths(), deadlineRoleButtons);
  const exhibition = await db
    .selectFrom("exhibitions")
    .select(["id", sql<string>`to_char(starts_on, 'YYYY-MM-DD')`.as("opens_on")])
    .where("code", "=", DEMO_EXHIBITION_CODE)
    .executeTakeFirst();
  if (exhibition) {
    await seedExhibitorReference(db, exhibition.id);
    await seedDemoExhibitionSettings(db, exhibition.id);
    // Rows added later take the dates of the demo as it was first seeded, not of today.
    await seedServiceCatalogue(db, exhibition.id, demoCalendarForOpening(exhibition.opens_on));
    await seedBadges(db, exhibition.id);
    await seedBoothConstruction(db, exhibition.id, demoCalendarForOpening(exhibition.opens_on), store);
    await seedInvoices(db, exhibition.id, demoCalendarForOpening(exhibition.opens_on));
    await seedCarriers(db, exhibition.id, demoCalendarForOpening(exhibition.opens_on));
    await seedTransportDemo(db, exhibition.id, demoCalendarForOpening(exhibition.opens_on));
    await seedOverseasAgents(db, exhibition.id);
    await seedExpressDemo(db, exhibition.id, demoCalendarForOpening(exhibition.opens_on));
    await seedTrucksDemo(db, exhibition.id, demoCalendarForOpening(exhibition.opens_on), store);
    await seedTaiwanDemo(db, exhibition.id);
    await seedInvitationTemplates(db, exhibition.id);
    await seedDemoVisitors(db, exhibition.id, appClock.now());
    await seedPromotionDemo(db, exhibition.id, store);
    await seedShowcaseDemo(db, exhibition.id);
    await seedVideoDemo(db, exhibition.id);
    await seedDataAreaDemo(db, exhibition.id, store);
    const firstCalendar = demoCalendarForOpening(exhibition.opens_on);
    await seedBlueCarDemo(db, exhibition.id, firstCalendar, store);
    await seedTrafficGuidesDemo(db, exhibition.id, firstCalendar, store);
    await seedReservationsDemo(db, exhibition.id, firstCalendar, store);
    await seedEpidemicDemo(db, exhibition.id, firstCalendar, store);
    await seedTeamDemo(db, exhibition.id);
    await seedLeadsDemo(db, exhibition.id, appClock.now());
    await seedHistoryDemo(db, exhibition.id);
  }
}

/**
 * The demo exhibition, menus, button windows and the four demo accounts, every date placed relative
 * to `now` (business time; seed/demo-calendar.ts). Only adds missing rows if present. With the object
 * store, demo rows that need files (a special booth's drawings) get them; without, they are left out.
 */
export async function seedDemoData(db: Database, now = appClock.now(), options: { store?: ObjectStore } = {}) {
  if ((await databaseKind(db)) === "real") throw new MixedDatabaseRefusal(DEMO_REFUSED_IN_REAL_EXHIBITION);
  await seedReferenceData(db);
  if (await hasDemoData(db)) {
    await addMissingDemoRows(db, options.store);
    return { created: false as const };
  }
  // Hash outside the transaction: the embedded database has one connection.
  const hashes = await Promise.all(demoAccounts.map((a) => hashPassword(a.password)));
  const calendar = demoCalendar(now);
  const name = demoExhibitionName(calendar);

  await db.transaction().execute(async (trx) => {
    // Beside a setup running at once (PostgreSQL): whichever locks first decides what the database holds.
    await sql`lock table exhibitions in exclusive mode`.execute(trx);
    if (await trx.selectFrom("exhibitions").select("id").where("is_demo", "=", false).executeTakeFirst()) {
      throw new MixedDatabaseRefusal(DEMO_REFUSED_IN_REAL_EXHIBITION);
    }
    const exhibition = await trx
      .insertInto("exhibitions")
      .values({
        code: DEMO_EXHIBITION_CODE,
        name_zh: name.zh,
        name_en: name.en,
        starts_on: calendar.opensOn,
        ends_on: calendar.endsOn,
        venue_zh: "鹏城国际会展中心",
        venue_en: "Pengcheng International Convention and Exhibition Center",
        is_current: true,
        is_demo: true,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const halls = await trx
      .insertInto("halls")
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          exhibition_id: exhibition.id,
          code: `${i + 1}`,
          name_zh: `${i + 1}号馆`,
          name_en: `Hall ${i + 1}`,
          sort: i + 1,
        })),
      )
      .returning(["id", "code"])
      .execute();
    const hallId = (code: string) => halls.find((h) => h.code === code)!.id;

    const users = await trx
      .insertInto("users")
      .values([
        {
          username: "admin",
          password_hash: hashes[0]!,
          role_id: ORGANIZER_ROLE_ID,
          exhibition_id: exhibition.id,
          business_name: "主办方运营",
          business_name_en: "Organizer operations",
          contact_phone: "13900000001",
          contact_email: "ops@pitf.example.org",
        },
        {
          username: "std01",
          password_hash: hashes[1]!,
          role_id: EXHIBITOR_ROLE_ID,
          exhibition_id: exhibition.id,
          business_name: "深圳星河智能科技有限公司",
          business_name_en: "Shenzhen Galaxy Smart Technology Co., Ltd.",
          contact_phone: "13812345678",
          contact_email: "zhangsan@galaxy-smart.example.com",
        },
        {
          username: "raw01",
          password_hash: hashes[2]!,
          role_id: EXHIBITOR_ROLE_ID,
          exhibition_id: exhibition.id,
          business_name: "广州远航机器人有限公司",
          business_name_en: null,
          contact_phone: "13698765432",
          contact_email: "lisi@yuanhang.example.cn",
        },
        {
          username: "carrier01",
          password_hash: hashes[3]!,
          role_id: CARRIER_ROLE_ID,
          exhibition_id: exhibition.id,
          business_name: "顺达国际物流有限公司",
          business_name_en: "Shunda International Logistics Co., Ltd.",
          contact_phone: "13512340000",
          contact_email: "dispatch@shunda.example.com",
        },
      ])
      .returning(["id", "username"])
      .execute();
    const userId = (username: string) => users.find((u) => u.username === username)!.id;

    await trx
      .insertInto("booths")
      .values([
        { exhibition_id: exhibition.id, user_id: userId("std01"), hall_id: hallId("1"), booth_no: "1A01", booth_type: 1, width_m: 3, depth_m: 3, area_m2: 9 },
        { exhibition_id: exhibition.id, user_id: userId("raw01"), hall_id: hallId("2"), booth_no: "2B10", booth_type: 2, width_m: 9, depth_m: 6, area_m2: 54 },
        { exhibition_id: exhibition.id, user_id: userId("raw01"), hall_id: hallId("2"), booth_no: "2B12", booth_type: 2, width_m: 6, depth_m: 6, area_m2: 36 },
      ])
      .execute();

    await trx.insertInto("menus").values(demoMenus).execute();
    await trx.insertInto("role_menus").values(demoRoleMenus).execute();
    await trx
      .insertInto("button_auths")
      .values([...demoButtonAuths(now), ...deadlineButtonAuths()])
      .execute();
    await trx.insertInto("role_buttons").values(demoRoleButtons).execute();
    await seedHomeContent(trx, exhibition.id, calendar);
    await seedDemoExhibitionSettings(trx, exhibition.id);
    await seedExhibitorReference(trx, exhibition.id);
    await seedServiceCatalogue(trx, exhibition.id, calendar);
    await seedBadges(trx, exhibition.id);
    await seedBoothConstruction(trx, exhibition.id, calendar, options.store);
    await seedInvoices(trx, exhibition.id, calendar);
    await seedCarriers(trx, exhibition.id, calendar);
    await seedTransportDemo(trx, exhibition.id, calendar);
    await seedOverseasAgents(trx, exhibition.id);
    await seedExpressDemo(trx, exhibition.id, calendar);
    await seedTrucksDemo(trx, exhibition.id, calendar, options.store);
    await seedTaiwanDemo(trx, exhibition.id);
    await seedInvitationTemplates(trx, exhibition.id);
    await seedDemoVisitors(trx, exhibition.id, now);
    await seedPromotionDemo(trx, exhibition.id, options.store);
    await seedShowcaseDemo(trx, exhibition.id);
    await seedVideoDemo(trx, exhibition.id);
    await seedDataAreaDemo(trx, exhibition.id, options.store);
    await seedBlueCarDemo(trx, exhibition.id, calendar, options.store);
    await seedTrafficGuidesDemo(trx, exhibition.id, calendar, options.store);
    await seedReservationsDemo(trx, exhibition.id, calendar, options.store);
    await seedEpidemicDemo(trx, exhibition.id, calendar, options.store);
    await seedTeamDemo(trx, exhibition.id);
    await seedLeadsDemo(trx, exhibition.id, now);
    await seedHistoryDemo(trx, exhibition.id);
  });
  return { created: true as const };
}

export function formatDemoAccounts() {
  return ["Demo accounts:", ...[...demoAccounts, ...laterAccounts].map((a) => `  ${a.username.padEnd(10)} ${a.password.padEnd(11)} ${a.note}`)].join("\n");
}
