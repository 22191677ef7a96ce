import { sql } from "kysely";
import { encryptablePassword } from "../../app/contracts/auth/change-password-schema";
import { translate } from "../../app/contracts/i18n/translate.server";
import { ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";
import { hashPassword } from "../auth/password";
import { appClock } from "../clock";
import type { Database } from "../db/database";
import { saveExhibitionSettings } from "../exhibition-settings/store";
import { PUBLISHED_DEMO_PASSWORDS, seedReferenceData } from "../seed/demo-data";
import { MixedDatabaseRefusal } from "./database-kind";
import { addPortalStructure } from "./portal-structure";

/** What `cli.js setup` asks for: the exhibition, its first organizer account and the public address. */
export type RealExhibitionInput = {
  code: string;
  nameZh: string;
  nameEn: string;
  startsOn: string;
  endsOn: string;
  venueZh?: string;
  venueEn?: string;
  username: string;
  password: string;
  publicUrl: string;
};

/** A value setup cannot take: its message names the value and the rule; nothing was saved. */
export class SetupRefusal extends Error {}

const SETUP_DONE_ALREADY = "This database already holds a real exhibition: setup runs once. Nothing was changed.";
const SETUP_ON_DEMO =
  "This database holds the demo, whose accounts have published passwords: a real exhibition is never set up beside it. Nothing was changed. Start the real show on an empty data directory or database (docs/operations.md).";

const CODE = /^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$/;
const USERNAME = /^[A-Za-z0-9][A-Za-z0-9_.@-]{2,99}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Today in China, where the show takes place (business time, server/clock.ts). */
function businessToday() {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit" }).format(appClock.now());
}

function isCalendarDay(value: string) {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The public address as links are made from it: https, a host, nothing after it but "/". */
function normalizedPublicUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || !url.hostname || url.username || url.password || url.search || url.hash) return null;
  if (url.pathname !== "/") return null;
  return url.origin;
}

const portalPassword = encryptablePassword("password.newRequired");

/** The portal's password rules (those of a changed password), and never a password the demo publishes. */
export function passwordProblem(password: string, username: string): string | null {
  const checked = portalPassword.safeParse(password);
  if (!checked.success) return translate("en", checked.error.issues[0]!.message);
  if (PUBLISHED_DEMO_PASSWORDS.includes(password)) return "That password is the demo's, printed in the README: choose your own.";
  if (password === username) return "The password is the user name: choose another.";
  return null;
}

/** Every value checked, each refusal with its own message. */
function checkRealExhibition(input: RealExhibitionInput): RealExhibitionInput {
  const trimmed = { ...input, code: input.code.trim(), nameZh: input.nameZh.trim(), nameEn: input.nameEn.trim(), username: input.username.trim() };
  if (!CODE.test(trimmed.code))
    throw new SetupRefusal(`The exhibition code "${input.code}" is not valid: 2 to 32 letters, digits, "-" or "_" (e.g. EXPO2027).`);
  if (!trimmed.nameZh) throw new SetupRefusal("The exhibition's Chinese name is empty.");
  if (!trimmed.nameEn) throw new SetupRefusal("The exhibition's English name is empty.");
  if (trimmed.nameZh.length > 200 || trimmed.nameEn.length > 200) throw new SetupRefusal("An exhibition name is longer than 200 characters.");
  for (const [label, day] of [
    ["opening day", input.startsOn],
    ["closing day", input.endsOn],
  ] as const) {
    if (!isCalendarDay(day.trim())) throw new SetupRefusal(`The ${label} "${day}" is not a date: write it as YYYY-MM-DD (e.g. 2027-03-18).`);
  }
  const startsOn = input.startsOn.trim();
  const endsOn = input.endsOn.trim();
  if (endsOn < startsOn) throw new SetupRefusal(`The closing day ${endsOn} is before the opening day ${startsOn}.`);
  if (endsOn < businessToday()) throw new SetupRefusal(`The closing day ${endsOn} has passed already (today is ${businessToday()}).`);
  if (!USERNAME.test(trimmed.username))
    throw new SetupRefusal(`The user name "${input.username}" is not valid: 3 to 100 letters, digits, ".", "_", "-" or "@", starting with a letter or digit.`);
  const problem = passwordProblem(input.password, trimmed.username);
  if (problem) throw new SetupRefusal(`${problem} Nothing was saved.`);
  const publicUrl = normalizedPublicUrl(input.publicUrl);
  if (!publicUrl)
    throw new SetupRefusal(
      `The public address "${input.publicUrl}" is not valid: the https:// address people open the portal at, without a path (e.g. https://expo.example.com).`,
    );
  return { ...trimmed, startsOn, endsOn, venueZh: input.venueZh?.trim() ?? "", venueEn: input.venueEn?.trim() ?? "", publicUrl };
}

/**
 * `cli.js setup`: the real exhibition, the portal's menus, its first organizer account (roleId 1,
 * the password its organizer chose) and the public address, in one transaction: either all of it
 * or nothing. Refused on a database that holds the demo, or an exhibition already.
 */
export async function setupRealExhibition(db: Database, raw: RealExhibitionInput) {
  const input = checkRealExhibition(raw);
  await seedReferenceData(db);
  // Hashed outside the transaction: the embedded database has one connection.
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    // Two runs at once (or setup beside a seed), on PostgreSQL: the second waits here, then sees the first's exhibition.
    await sql`lock table exhibitions in exclusive mode`.execute(trx);
    const existing = await trx.selectFrom("exhibitions").select("is_demo").execute();
    if (existing.some((e) => e.is_demo)) throw new MixedDatabaseRefusal(SETUP_ON_DEMO);
    if (existing.length) throw new SetupRefusal(SETUP_DONE_ALREADY);
    const exhibition = await trx
      .insertInto("exhibitions")
      .values({
        code: input.code,
        name_zh: input.nameZh,
        name_en: input.nameEn,
        starts_on: input.startsOn,
        ends_on: input.endsOn,
        venue_zh: input.venueZh ?? "",
        venue_en: input.venueEn ?? "",
        is_current: true,
        is_demo: false,
      })
      .returning(["id", "code"])
      .executeTakeFirstOrThrow();
    await addPortalStructure(trx);
    const organizer = await trx
      .insertInto("users")
      .values({
        username: input.username,
        password_hash: passwordHash,
        role_id: ORGANIZER_ROLE_ID,
        exhibition_id: exhibition.id,
        business_name: "主办方",
        business_name_en: "Organizer",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await saveExhibitionSettings(trx, exhibition.id, { publicUrl: input.publicUrl }, organizer.id);
    return { exhibitionId: exhibition.id, code: exhibition.code, organizerId: organizer.id, username: input.username, publicUrl: input.publicUrl };
  });
}
