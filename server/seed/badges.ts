import crypto from "node:crypto";
import { idCardCheckChar } from "../../app/contracts/badges/id-documents";
import { DEFAULT_QUOTA_RULE } from "../../app/contracts/badges/quota";
import type { Db } from "../db/database";
import { saveQuotaRule } from "../badges/badges";

/**
 * The demo exhibition's badge quota (2 free up to 9 m², 1 more per further 9 m², up to 10 paid at
 * ¥80) and demo badges: std01 has two (one approved), raw01 one. Adds only what is missing.
 */
export async function seedBadges(db: Db, exhibitionId: number) {
  await saveQuotaRule(db, exhibitionId, DEFAULT_QUOTA_RULE, { keep: true });

  const booths = await db
    .selectFrom("booths as b")
    .innerJoin("users as u", "u.id", "b.user_id")
    .select(["b.id", "b.user_id", "b.booth_no", "u.username", "u.business_name"])
    .where("b.exhibition_id", "=", exhibitionId)
    .where("b.booth_no", "in", ["1A01", "2B10"])
    .execute();
  const boothOf = (boothNo: string) => booths.find((b) => b.booth_no === boothNo);
  const demo = [
    {
      boothNo: "1A01",
      holder: "张三",
      idType: "idCard" as const,
      idNumber: "11010519491231002X",
      mobile: "13800000011",
      email: "zhangsan.badge@galaxy-smart.example.com",
      position: "销售经理",
      status: "approved" as const,
    },
    {
      boothNo: "1A01",
      holder: "Li Si",
      idType: "passport" as const,
      idNumber: "E12345678",
      mobile: "13800000012",
      email: "lisi.badge@galaxy-smart.example.com",
      position: "Engineer",
      status: "submitted" as const,
    },
    {
      boothNo: "2B10",
      holder: "王五",
      idType: "idCard" as const,
      idNumber: `44030419900101123${idCardCheckChar("44030419900101123")}`,
      mobile: "13800000021",
      email: "wangwu.badge@yuanhang.example.cn",
      position: "技术总监",
      status: "submitted" as const,
    },
  ];
  for (const badge of demo) {
    const booth = boothOf(badge.boothNo);
    if (!booth) continue;
    const present = await db
      .selectFrom("badges")
      .select("id")
      .where("exhibition_id", "=", exhibitionId)
      .where("id_number", "=", badge.idNumber)
      .executeTakeFirst();
    if (present) continue;
    await db
      .insertInto("badges")
      .values({
        user_id: booth.user_id,
        exhibition_id: exhibitionId,
        booth_id: booth.id,
        holder_name: badge.holder,
        id_type: badge.idType,
        id_number: badge.idNumber,
        mobile: badge.mobile,
        email: badge.email,
        company: booth.business_name ?? booth.username,
        position: badge.position,
        photo_file_id: null,
        kind: "free",
        status: badge.status,
        code: crypto.randomBytes(16).toString("base64url"),
      })
      .execute();
  }
}
