import { idCardCheckChar } from "../../app/contracts/badges/id-documents";
import type { Db } from "../db/database";
import type { ObjectStore } from "../uploads/object-store";
import type { DemoCalendar } from "./demo-calendar";

const COMMITMENT_ZH = [
  "本单位承诺：",
  "1. 所有进馆人员均已如实登记，身份信息真实有效；",
  "2. 进馆人员如有发热、咳嗽等症状，将主动报告并停止进馆；",
  "3. 配合主办方及场馆的防疫检查，遵守现场防疫要求；",
  "4. 如有隐瞒或虚报，本单位愿承担相应责任。",
].join("\n");
const COMMITMENT_EN = [
  "Our company commits that:",
  "1. Every person entering the venue for us is listed truthfully, with valid identity details;",
  "2. Anyone with a fever, a cough or similar symptoms will report it and stay away from the venue;",
  "3. We follow the organizer's and the venue's epidemic prevention checks and on-site rules;",
  "4. We bear the consequences of any concealment or false statement.",
].join("\n");

/** An 18-digit ID number with its check character (GB 11643), from 17 made-up digits. */
const idNumber = (first17: string) => `${first17}${idCardCheckChar(first17)}`;
const STD01_STAFF = [
  { name: "李明", id_number: idNumber("44030519880512341"), mobile: "13912345678" },
  { name: "王芳", id_number: idNumber("44030419920817262"), mobile: "13512349876" },
  { name: "陈伟", id_number: idNumber("11010819850203153"), mobile: "18612340001" },
];

/**
 * The demo's epidemic declaration (issue 41): the switch on with the commitment texts (only the first
 * time: an organizer who turned it off later keeps it off), std01's accepted commitment and three
 * listed staff (valid ID numbers, mainland mobiles). Only once: the commitment text marks it done.
 */
export async function seedEpidemicDemo(db: Db, exhibitionId: number, calendar: DemoCalendar, _store?: ObjectStore) {
  const first = await db
    .updateTable("exhibitions")
    .set({ epidemic_declaration_on: true, epidemic_commitment_zh: COMMITMENT_ZH, epidemic_commitment_en: COMMITMENT_EN })
    .where("id", "=", exhibitionId)
    .where("epidemic_commitment_zh", "=", "")
    .returning("id")
    .executeTakeFirst();
  // Seeded before: what the organizer and std01 did since stays as it is.
  if (!first) return;
  const std01 = await db.selectFrom("users").select("id").where("username", "=", "std01").where("exhibition_id", "=", exhibitionId).executeTakeFirst();
  if (!std01) return;
  await db
    .insertInto("epidemic_commitments")
    .values({ exhibition_id: exhibitionId, user_id: std01.id, signer_name: "李明", accepted_at: `${calendar.seededOn}T10:00:00+08:00` })
    .onConflict((oc) => oc.columns(["exhibition_id", "user_id"]).doNothing())
    .execute();
  await db
    .insertInto("epidemic_staff")
    .values(STD01_STAFF.map((person) => ({ exhibition_id: exhibitionId, user_id: std01.id, ...person })))
    .onConflict((oc) => oc.columns(["exhibition_id", "user_id", "id_number"]).doNothing())
    .execute();
}
