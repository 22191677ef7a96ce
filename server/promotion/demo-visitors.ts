import crypto from "node:crypto";
import { exhibitionDate } from "../../app/contracts/common/exhibition-time";
import { EXHIBITOR_ROLE_ID } from "../../app/contracts/permission/roles";
import { hashPassword } from "../auth/password";
import type { Database, Db } from "../db/database";
import { CHINA_COUNTRY_ID } from "../lookups/reference-data";
import { trackingCodeOf } from "./tracking";
import { shiftDay } from "./views";
import { newPassKey } from "../leads/pass-codes";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Exhibitors that only exist so the demo rankings have a shape: no one signs in with them (a random password). */
const RANKING_EXHIBITORS = [
  { username: "promo-east", zh: "东方精密机械有限公司", en: "Orient Precision Machinery Co., Ltd.", visitors: 7, views: 4 },
  { username: "promo-blue", zh: "蓝海新能源科技有限公司", en: "Blue Ocean New Energy Technology Co., Ltd.", visitors: 5, views: 3 },
  { username: "promo-south", zh: "华南智造装备有限公司", en: "South China Smart Equipment Co., Ltd.", visitors: 2, views: 2 },
];

const SURNAMES = ["王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周", "徐", "孙", "马", "朱", "胡", "郭"];
const GIVEN = ["伟", "芳", "娜", "敏", "静", "磊", "洋", "勇", "艳", "杰", "军", "涛", "明", "超", "霞", "平"];
const COMPANIES = [
  "深圳市前海贸易有限公司",
  "东莞精工电子厂",
  "佛山家居用品有限公司",
  "Hanover Automation GmbH",
  "Osaka Robotics K.K.",
  "杭州云启科技有限公司",
];
const POSITIONS = ["采购经理", "总经理", "工程师", "Buyer", "技术总监", ""];
const PROVINCES = ["440000", "330000", "310000", "110000", "320000"];

/**
 * Demo visitors (issue 38): std01 12 over the last 10 days, raw01 5, three more exhibitors a few so
 * the rankings have ties and a shape, two visitors invited by no one; views of each link on several
 * days. Consent on about a third. Dated back from `now` (business time). Only when the exhibition has
 * no visitors yet.
 */
export async function seedDemoVisitors(db: Db, exhibitionId: number, now: Date) {
  const existing = await db.selectFrom("visitors").select("id").where("exhibition_id", "=", exhibitionId).executeTakeFirst();
  if (existing) return;
  const users = await db
    .selectFrom("users")
    .select(["id", "username"])
    .where("username", "in", ["std01", "raw01"])
    .where("exhibition_id", "=", exhibitionId)
    .execute();
  const idOf = (username: string) => users.find((u) => u.username === username)?.id;
  const inviters: { userId: number | null; visitors: number; views: number }[] = [];
  for (const [username, visitors, views] of [
    ["std01", 12, 6],
    ["raw01", 5, 4],
  ] as const) {
    const id = idOf(username);
    if (id) inviters.push({ userId: id, visitors, views });
  }
  for (const exhibitor of RANKING_EXHIBITORS) {
    let user = await db.selectFrom("users").select("id").where("username", "=", exhibitor.username).executeTakeFirst();
    user ??= await db
      .insertInto("users")
      .values({
        username: exhibitor.username,
        password_hash: await hashPassword(crypto.randomBytes(24).toString("base64url")),
        role_id: EXHIBITOR_ROLE_ID,
        exhibition_id: exhibitionId,
        business_name: exhibitor.zh,
        business_name_en: exhibitor.en,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    inviters.push({ userId: user.id, visitors: exhibitor.visitors, views: exhibitor.views });
  }
  inviters.push({ userId: null, visitors: 2, views: 0 });

  const classes = await db
    .selectFrom("exhibit_classes")
    .select("id")
    .where("exhibition_id", "=", exhibitionId)
    .orderBy("sort")
    .orderBy("id")
    .limit(6)
    .execute();
  const germany = (await db.selectFrom("countries").select("id").where("iso2", "=", "DE").executeTakeFirst())?.id ?? CHINA_COUNTRY_ID;
  const today = exhibitionDate(now);
  let n = 0;
  for (const inviter of inviters) {
    const code = inviter.userId ? await trackingCodeOf(db as Database, { userId: inviter.userId, exhibitionId }) : null;
    for (let i = 0; i < inviter.visitors; i++) {
      n++;
      // Spread over the last 10 days (today included), a few hours apart, never after `now`.
      const at = new Date(now.getTime() - ((i * 7 + n) % 10) * DAY_MS - ((n * 5) % 9) * HOUR_MS);
      const china = n % 5 !== 4;
      await db
        .insertInto("visitors")
        .values({
          exhibition_id: exhibitionId,
          visitor_no: n,
          inviter_user_id: inviter.userId,
          source_code: code,
          name: china ? `${SURNAMES[n % SURNAMES.length]}${GIVEN[(n * 3) % GIVEN.length]}` : `Alex Demo ${n}`,
          company: COMPANIES[n % COMPANIES.length]!,
          position: POSITIONS[n % POSITIONS.length]!,
          mobile: china ? `139${String(20_000_000 + n * 7919).padStart(8, "0")}` : `+4915${String(10_000_000 + n * 3571).padStart(8, "0")}`,
          email: `visitor${n}@example.com`,
          country_id: china ? CHINA_COUNTRY_ID : germany,
          province_code: china || germany === CHINA_COUNTRY_ID ? PROVINCES[n % PROVINCES.length]! : null,
          interest_class_ids: JSON.stringify(classes.filter((_, c) => (n + c) % 3 === 0).map((c) => c.id)),
          consent: n % 3 === 0,
          // Every demo visitor has a pass; about half let scanning exhibitors see their contacts.
          pass_key: newPassKey(),
          lead_consent: n % 2 === 0,
          lead_consent_at: n % 2 === 0 ? at : null,
          language: china ? "zh" : "en",
          created_at: at,
        })
        .execute();
    }
    if (!code) continue;
    // Views: a few visitors a day over the last days (each a made-up key: no address is kept).
    const rows = Array.from({ length: 10 }, (_, back) => back).flatMap((back) =>
      Array.from({ length: (inviter.views + back) % (inviter.views + 1) }, () => ({
        code,
        day: shiftDay(today, -back),
        visitor_key: crypto.randomBytes(32).toString("hex"),
        created_at: new Date(now.getTime() - back * DAY_MS),
      })),
    );
    if (rows.length) await db.insertInto("promotion_views").values(rows).execute();
  }
}
