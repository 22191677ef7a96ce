import crypto from "node:crypto";
import { sql } from "kysely";
import { maskPhone } from "../../app/contracts/common/format";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import type { VisitorCodeSent, VisitorRegistered, VisitPage } from "../../app/contracts/promotion/visitors/api-types";
import type { VisitorRegisterInput } from "../../app/contracts/promotion/visitors/schema";
import { formatVisitorNo } from "../../app/contracts/promotion/visitors/values";
import type { ApiDeps } from "../api/context";
import { ApiCode, fieldError, notFound } from "../api/envelope";
import type { Database, Db } from "../db/database";
import { RATE_LIMITS } from "../rate-limits/named-limits";
import { DeliveryError } from "../notify/delivery-error";
import type { MessageDispatched } from "../notify/notifier";
import { CHINA_COUNTRY_ID } from "../lookups/reference-data";
import { companyNamesOf } from "./rankings";
import { ownerOfCode } from "./tracking";
import { addressKeyOf, COUNTED_PER_ADDRESS, countView } from "./views";
import { visitorThrottle } from "./visitor-throttle";
import { isUniqueViolation } from "../db/unique-violation";
import { newPassKey } from "../leads/pass-codes";
import { passPathOf, sendPass } from "../leads/visitor-pass";

/**
 * Visitor pre-registration behind an exhibitor's link (issue 38, decision 031). Public: the current
 * exhibition's page, an SMS code for the mobile, the registration. One registration per exhibition
 * and mobile; it counts for the exhibitor whose code the link carried (the first inviter keeps it),
 * for no one when the code is unknown or of another exhibition. Every send and registration counts
 * against the caller's address (./visitor-throttle.ts). SMS codes expire on business time (server/clock.ts).
 */

const E = (name: string) => `promotion.visitors.errors.${name}`;

/* ------------------------------------------------------------------ the exhibition */

type CurrentExhibition = { id: number; name_zh: string; name_en: string; venue_zh: string; venue_en: string; opens_on: string; ends_on: string };

/** The exhibition visitors register for: the current one. */
function currentExhibition(db: Database): Promise<CurrentExhibition | undefined> {
  return db
    .selectFrom("exhibitions")
    .select([
      "id",
      "name_zh",
      "name_en",
      "venue_zh",
      "venue_en",
      sql<string>`to_char(starts_on, 'YYYY-MM-DD')`.as("opens_on"),
      sql<string>`to_char(ends_on, 'YYYY-MM-DD')`.as("ends_on"),
    ])
    .where("is_current", "=", true)
    .orderBy("id", "desc")
    .executeTakeFirst();
}

async function openExhibition(db: Database) {
  const exhibition = await currentExhibition(db);
  if (!exhibition) throw notFound(E("notOpen"));
  return exhibition;
}

const nameIn = (language: Language, zh: string, en: string) => (language === "en" ? en || zh : zh || en);

/** The exhibitor the code counts for in this exhibition, or null (unknown, or of another exhibition). */
async function inviterOf(db: Database, code: string | undefined, exhibitionId: number) {
  if (!code) return null;
  const owner = await ownerOfCode(db, code);
  return owner && owner.exhibitionId === exhibitionId ? owner.userId : null;
}

/* ------------------------------------------------------------------ the page */

export async function visitPage(
  db: Database,
  input: { code?: string; ip: string; userAgent: string | null | undefined },
  language: Language,
  now: Date,
): Promise<VisitPage> {
  const exhibition = await currentExhibition(db);
  const [countries, provinces, throttle] = await Promise.all([
    db.selectFrom("countries").select(["id", "name_zh", "name_en"]).orderBy("sort").orderBy("id").execute(),
    db.selectFrom("regions").select(["code", "name_zh", "name_en"]).where("level", "=", 1).orderBy("code").execute(),
    visitorThrottle(db, input.ip),
  ]);
  const base = {
    countries: countries.map((c) => ({ id: c.id, name: nameIn(language, c.name_zh, c.name_en) })),
    provinces: provinces.map((p) => ({ id: p.code, name: nameIn(language, p.name_zh, p.name_en) })),
    chinaCountryId: CHINA_COUNTRY_ID,
    captchaRequired: throttle.captchaRequired,
  };
  if (!exhibition) return { ...base, exhibition: null, inviterCompany: null, classes: [] };
  await countView(db, { code: input.code, exhibitionId: exhibition.id, ip: input.ip, userAgent: input.userAgent }, now);
  const inviter = await inviterOf(db, input.code, exhibition.id);
  const classes = await db
    .selectFrom("exhibit_classes")
    .select(["id", "name_zh", "name_en"])
    .where("exhibition_id", "=", exhibition.id)
    .orderBy("sort")
    .orderBy("id")
    .execute();
  return {
    ...base,
    exhibition: {
      name: nameIn(language, exhibition.name_zh, exhibition.name_en),
      venue: nameIn(language, exhibition.venue_zh, exhibition.venue_en),
      opensOn: exhibition.opens_on,
      endsOn: exhibition.ends_on,
    },
    inviterCompany: inviter ? (await companyNamesOf(db, exhibition.id, [inviter], language)).get(inviter) || null : null,
    classes: classes.map((c) => ({ id: c.id, name: nameIn(language, c.name_zh, c.name_en) })),
  };
}

/* ------------------------------------------------------------------ SMS codes */

const CODE_LENGTH = 6;
const VISITOR_CODE_TTL_MINUTES = 10;
const MAX_WRONG_TRIES = 5;
/** One send per mobile per minute, and a few an hour: named limits (server/rate-limits) counted on the code rows. */
const RESEND_AFTER_SECONDS = RATE_LIMITS.visitorSmsPerMobileMinute.windowMs / 1000;
const MAX_SENDS_PER_HOUR = RATE_LIMITS.visitorSmsPerMobileHour.max;

const normalizeMobile = (mobile: string) => mobile.replace(/[\s-]+/g, "");

/** sha256 over a per-row salt, the exhibition, the mobile and the code: "v1$salt$hash" (as server/exhibitor/verification.ts). */
function hashCode(salt: string, exhibitionId: number, mobile: string, code: string) {
  return crypto.createHash("sha256").update(`${salt}\0visitor\0${exhibitionId}\0${mobile}\0${code}`).digest("hex");
}

function storedHash(exhibitionId: number, mobile: string, code: string) {
  const salt = crypto.randomBytes(16).toString("hex");
  return `v1$${salt}$${hashCode(salt, exhibitionId, mobile, code)}`;
}

function codeMatches(stored: string, exhibitionId: number, mobile: string, code: string) {
  const [version, salt, hash] = stored.split("$");
  if (version !== "v1" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "hex");
  const actual = Buffer.from(hashCode(salt, exhibitionId, mobile, code), "hex");
  return expected.length === actual.length && crypto.timingSafeEqual(expected, actual);
}

async function isRegistered(db: Db, exhibitionId: number, mobile: string) {
  return Boolean(await db.selectFrom("visitors").select("id").where("exhibition_id", "=", exhibitionId).where("mobile", "=", mobile).executeTakeFirst());
}

/**
 * POST /visit/sendCode: a new code for the mobile (the newest is the only valid one), sent by SMS.
 * The same for a mobile registered already (stored, limited and sent alike): the answer must not tell
 * a stranger who is registered (issue 50 item 9); registering with the code says so, to whoever has the phone.
 */
export async function sendVisitorCode(
  deps: Pick<ApiDeps, "db" | "notifier">,
  input: { mobile: string },
  language: Language,
  now: Date,
): Promise<VisitorCodeSent> {
  const { db } = deps;
  const exhibition = await openExhibition(db);
  const mobile = normalizeMobile(input.mobile);
  const code = crypto
    .randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, "0");
  const codeId = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`visitor-code:${mobile}`}))`.execute(trx);
    const recent = await trx
      .selectFrom("visitor_codes")
      .select(sql<number>`ceil(extract(epoch from (max(created_at) + make_interval(secs => ${RESEND_AFTER_SECONDS}) - now())))::int`.as("wait_seconds"))
      .where("mobile", "=", mobile)
      .where("created_at", ">", sql<Date>`now() - make_interval(secs => ${RESEND_AFTER_SECONDS})`)
      .executeTakeFirst();
    if (recent?.wait_seconds != null) throw fieldError(E("tooSoon"), "smsCode", { seconds: Math.max(1, recent.wait_seconds) });
    const hourly = await trx
      .selectFrom("visitor_codes")
      .select([
        sql<number>`count(*)::int`.as("sends"),
        sql<number | null>`ceil(extract(epoch from (min(created_at) + interval '1 hour' - now())) / 60)::int`.as("wait_minutes"),
      ])
      .where("mobile", "=", mobile)
      .where("created_at", ">", sql<Date>`now() - interval '1 hour'`)
      .executeTakeFirstOrThrow();
    if (hourly.sends >= MAX_SENDS_PER_HOUR) throw fieldError(E("tooManySends"), "smsCode", { minutes: Math.max(1, hourly.wait_minutes ?? 60) });
    await trx.deleteFrom("visitor_codes").where("created_at", "<", sql<Date>`now() - interval '1 day'`).execute();
    const row = await trx
      .insertInto("visitor_codes")
      .values({
        exhibition_id: exhibition.id,
        mobile,
        code_hash: storedHash(exhibition.id, mobile, code),
        expires_at: new Date(now.getTime() + VISITOR_CODE_TTL_MINUTES * 60_000),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  });
  const params = { exhibition: nameIn(language, exhibition.name_zh, exhibition.name_en), code, minutes: String(VISITOR_CODE_TTL_MINUTES) };
  const text = translate(language, "promotion.visitors.sms.code", params);
  let dispatched: MessageDispatched | undefined;
  try {
    dispatched = await deps.notifier.sendSms({ to: mobile, text, kind: "visitorCode", params, exhibitionId: exhibition.id });
  } catch (error) {
    // Not delivered: it neither counts against the limits nor replaces the previous code.
    await db.deleteFrom("visitor_codes").where("id", "=", codeId).execute();
    // Refused at once (no job queue, the provider said no): a message at the field, not a 500.
    if (error instanceof DeliveryError) throw fieldError(E("smsFailed"), "smsCode", {}, ApiCode.unavailable);
    throw error;
  }
  return {
    resendAfterSeconds: RESEND_AFTER_SECONDS,
    expiresInSeconds: VISITOR_CODE_TTL_MINUTES * 60,
    delivery: { status: dispatched?.status ?? "queued", to: maskPhone(mobile) },
  };
}

/** The newest code for the mobile, checked; a wrong one counts a try (the fifth kills it). Answers the code row's id when right. */
async function checkCode(db: Database, exhibitionId: number, mobile: string, code: string, now: Date): Promise<number> {
  const latest = await db
    .selectFrom("visitor_codes")
    .select(["id", "code_hash", "attempts", "consumed_at", "expires_at"])
    .where("exhibition_id", "=", exhibitionId)
    .where("mobile", "=", mobile)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!latest) throw fieldError(E("noCode"), "smsCode");
  // Spent by registering: the same code posted again (the form sent twice) is told why.
  if (latest.consumed_at)
    throw codeMatches(latest.code_hash, exhibitionId, mobile, code) ? fieldError(E("alreadyRegistered"), "mobile") : fieldError(E("noCode"), "smsCode");
  if (new Date(latest.expires_at).getTime() <= now.getTime()) throw fieldError(E("codeExpired"), "smsCode");
  if (latest.attempts >= MAX_WRONG_TRIES) throw fieldError(E("codeTooManyTries"), "smsCode");
  if (codeMatches(latest.code_hash, exhibitionId, mobile, code)) return latest.id;
  const counted = await db
    .updateTable("visitor_codes")
    .set({ attempts: sql<number>`attempts + 1` })
    .where("id", "=", latest.id)
    .where("consumed_at", "is", null)
    .returning("attempts")
    .executeTakeFirst();
  throw fieldError(E(!counted || counted.attempts >= MAX_WRONG_TRIES ? "codeTooManyTries" : "codeWrong"), "smsCode");
}

/* ------------------------------------------------------------------ registration */

/** The country, province and interests must be the lists' own; China needs its province. */
async function checkChoices(db: Database, exhibitionId: number, input: VisitorRegisterInput) {
  const country = await db.selectFrom("countries").select("id").where("id", "=", input.countryId!).executeTakeFirst();
  if (!country) throw fieldError(E("choiceInvalid"), "countryId");
  if (input.countryId === CHINA_COUNTRY_ID) {
    if (!input.provinceCode) throw fieldError(E("provinceRequired"), "provinceCode");
    const province = await db.selectFrom("regions").select("code").where("code", "=", input.provinceCode).where("level", "=", 1).executeTakeFirst();
    if (!province) throw fieldError(E("choiceInvalid"), "provinceCode");
  }
  const interests = [...new Set(input.interests)];
  if (interests.length) {
    const known = await db.selectFrom("exhibit_classes").select("id").where("exhibition_id", "=", exhibitionId).where("id", "in", interests).execute();
    if (known.length !== interests.length) throw fieldError(E("choiceInvalid"), "interests");
  }
  return interests;
}

/**
 * POST /visit/register. Checked in this order, each with its own message at its field: the lists,
 * the SMS code, a mobile registered already (told only to whoever has the phone: issue 50 item 9). The code is spent and the visitor stored in one
 * transaction, so a refusal leaves nothing half-saved (the code stays usable). The confirmation goes
 * by SMS and e-mail after the commit; a failed send does not undo the registration. Past
 * COUNTED_PER_ADDRESS registrations through one code from one address in a day, the visitor is kept
 * (and in the inviter's audience) but not ranked.
 */
export async function registerVisitor(
  deps: Pick<ApiDeps, "db" | "notifier" | "logger" | "config" | "sessionSecrets">,
  input: VisitorRegisterInput,
  ip: string,
  language: Language,
  now: Date,
): Promise<VisitorRegistered> {
  const { db } = deps;
  const exhibition = await openExhibition(db);
  const mobile = normalizeMobile(input.mobile);
  const interests = await checkChoices(db, exhibition.id, input);
  const codeId = await checkCode(db, exhibition.id, mobile, input.smsCode, now);
  if (await isRegistered(db, exhibition.id, mobile)) throw fieldError(E("alreadyRegistered"), "mobile");

  const inviter = await inviterOf(db, input.code, exhibition.id);
  const invitation =
    inviter && input.invitation
      ? await db
          .selectFrom("invitations")
          .select("id")
          .where("id", "=", input.invitation)
          .where("user_id", "=", inviter)
          .where("exhibition_id", "=", exhibition.id)
          .executeTakeFirst()
      : undefined;
  const address = inviter ? await addressKeyOf(db, ip, now) : null;

  let visitorNo: number;
  const passKey = newPassKey();
  try {
    visitorNo = await db.transaction().execute(async (trx) => {
      const spent = await trx
        .updateTable("visitor_codes")
        .set({ consumed_at: now })
        .where("id", "=", codeId)
        .where("consumed_at", "is", null)
        .where("attempts", "<", MAX_WRONG_TRIES)
        .returning("id")
        .executeTakeFirst();
      // Spent by a parallel registration meanwhile.
      if (!spent) throw fieldError(E("noCode"), "smsCode");
      await sql`select pg_advisory_xact_lock(hashtext(${`visitor-no:${exhibition.id}`}))`.execute(trx);
      if (await isRegistered(trx, exhibition.id, mobile)) throw fieldError(E("alreadyRegistered"), "mobile");
      const last = await trx
        .selectFrom("visitors")
        .select(sql<number>`coalesce(max(visitor_no), 0)::int`.as("n"))
        .where("exhibition_id", "=", exhibition.id)
        .executeTakeFirstOrThrow();
      const no = last.n + 1;
      let ranked = true;
      // Counted under the exhibition's lock just taken: two registrations from one address cannot both pass the cap.
      if (inviter && address) {
        const counted = await trx
          .selectFrom("visitors")
          .select(sql<number>`count(*)::int`.as("n"))
          .where("exhibition_id", "=", exhibition.id)
          .where("source_code", "=", input.code!)
          .where("address_key", "=", address.key)
          .where("ranked", "=", true)
          .executeTakeFirstOrThrow();
        ranked = counted.n < COUNTED_PER_ADDRESS;
      }
      await trx
        .insertInto("visitors")
        .values({
          exhibition_id: exhibition.id,
          visitor_no: no,
          inviter_user_id: inviter,
          source_code: inviter ? input.code! : null,
          source_invitation_id: invitation?.id ?? null,
          name: input.name,
          company: input.company,
          position: input.position ?? "",
          mobile,
          email: input.email,
          country_id: input.countryId!,
          province_code: input.countryId === CHINA_COUNTRY_ID ? (input.provinceCode ?? null) : null,
          interest_class_ids: JSON.stringify(interests),
          consent: input.consent,
          lead_consent: input.leadConsent,
          lead_consent_at: input.leadConsent ? now : null,
          pass_key: passKey,
          language,
          address_key: address?.key ?? null,
          ranked,
          created_at: now,
        })
        .execute();
      return no;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError(E("alreadyRegistered"), "mobile");
    throw error;
  }

  const exhibitionName = nameIn(language, exhibition.name_zh, exhibition.name_en);
  // The confirmation is the pass: its link by SMS and e-mail (a failed send does not undo the registration).
  await sendPass(deps, {
    exhibitionId: exhibition.id,
    key: passKey,
    mobile,
    email: input.email,
    name: input.name,
    visitorNo,
    language,
    exhibition: exhibitionName,
  });
  return {
    visitorNo: formatVisitorNo(visitorNo),
    name: input.name,
    exhibitionName,
    inviterCompany: inviter ? (await companyNamesOf(db, exhibition.id, [inviter], language)).get(inviter) || null : null,
    passPath: passPathOf(passKey, deps.sessionSecrets),
  };
}
