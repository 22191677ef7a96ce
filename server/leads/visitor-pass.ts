import { sql } from "kysely";
import type { Language } from "../../app/contracts/i18n/config";
import { translate } from "../../app/contracts/i18n/translate.server";
import type { LeadCodeInfo, PassResent, VisitorPass } from "../../app/contracts/leads/api-types";
import { LEAD_CAPTURE_PATH, VISITOR_PASS_PATH } from "../../app/contracts/leads/values";
import type { ApiDeps } from "../api/context";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import type { Database } from "../db/database";
import { iso } from "../db/column-values";
import { portalLink } from "../exhibition-settings/public-url";
import { formatVisitorNo } from "../../app/contracts/promotion/visitors/values";
import { recordHistory } from "../team/history-record";
import { signLeadCode, signPassPageCode, verifyLeadCode, verifyPassPageCode } from "./pass-codes";

/**
 * The visitor's pass (issue 56, docs/decisions/070): its page, opened from the link in the
 * registration's SMS and e-mail (the code in it is the visitor's key: no account), with the QR the
 * exhibitors scan and the consent that they receive the contact details, withdrawn (or given) there
 * at any time. The organizer resends it from the visitor list; `cli.js visitor-pass` prints it.
 */

type Secrets = readonly string[];
const nameIn = (language: Language, zh: string, en: string) => (language === "en" ? en || zh : zh || en);

function visitorByKey(db: Database, key: string) {
  return db
    .selectFrom("visitors as v")
    .innerJoin("exhibitions as e", "e.id", "v.exhibition_id")
    .select([
      "v.id",
      "v.exhibition_id",
      "v.visitor_no",
      "v.name",
      "v.company",
      "v.mobile",
      "v.email",
      "v.language",
      "v.pass_key",
      "v.lead_consent",
      "v.checked_in_at",
      "v.erased_at",
      "e.name_zh",
      "e.name_en",
      "e.venue_zh",
      "e.venue_en",
      "e.is_current",
      sql<string>`to_char(e.starts_on, 'YYYY-MM-DD')`.as("opens_on"),
      sql<string>`to_char(e.ends_on, 'YYYY-MM-DD')`.as("ends_on"),
    ])
    .where("v.pass_key", "=", key)
    .where("v.erased_at", "is", null)
    .executeTakeFirst();
}

type PassRow = NonNullable<Awaited<ReturnType<typeof visitorByKey>>>;

/** The pass page's path and the lead URL of a visitor's pass key. */
export const passPathOf = (key: string, secrets: Secrets) => `${VISITOR_PASS_PATH}${signPassPageCode(key, secrets)}`;
const leadPathOf = (key: string, secrets: Secrets) => `${LEAD_CAPTURE_PATH}${signLeadCode(key, secrets)}`;

/** The address the QR encodes: behind the exhibition's public address when it has one, else the path (the page adds the address it was opened at). */
async function leadUrlOf(deps: Pick<ApiDeps, "db" | "config">, row: PassRow, secrets: Secrets) {
  const link = await portalLink(deps.db, row.exhibition_id, deps.config, leadPathOf(row.pass_key!, secrets));
  // A real exhibition without an address yet: the path alone (the notifier's mark is for messages).
  return link.startsWith("http") ? link : leadPathOf(row.pass_key!, secrets);
}

async function passOf(deps: Pick<ApiDeps, "db" | "config">, row: PassRow, secrets: Secrets, language: Language): Promise<VisitorPass> {
  return {
    exhibition: {
      name: nameIn(language, row.name_zh, row.name_en),
      venue: nameIn(language, row.venue_zh, row.venue_en),
      opensOn: row.opens_on,
      endsOn: row.ends_on,
    },
    visitorNo: formatVisitorNo(row.visitor_no),
    name: row.name,
    company: row.company,
    leadUrl: await leadUrlOf(deps, row, secrets),
    passPath: passPathOf(row.pass_key!, secrets),
    leadConsent: row.lead_consent,
    checkedInAt: iso(row.checked_in_at),
  };
}

async function passRowOfPageCode(db: Database, code: string, secrets: Secrets) {
  const key = verifyPassPageCode(code, secrets);
  const row = key ? await visitorByKey(db, key) : undefined;
  if (!row) throw notFound("leads.errors.passNotFound");
  return row;
}

/** GET /visit/pass */
export async function visitorPass(deps: Pick<ApiDeps, "db" | "config" | "sessionSecrets">, code: string, language: Language): Promise<VisitorPass> {
  return passOf(deps, await passRowOfPageCode(deps.db, code, deps.sessionSecrets), deps.sessionSecrets, language);
}

/**
 * POST /visit/pass/consent: the visitor gives or withdraws the consent that scanning exhibitors receive
 * the contact details. Every read of a lead checks it as it is now, so a withdrawal hides the contacts
 * from every lead and export from then on. Recorded in the history (the visitor as actor, no contact).
 */
export async function setLeadConsent(
  deps: Pick<ApiDeps, "db" | "config" | "sessionSecrets">,
  code: string,
  consent: boolean,
  language: Language,
  now: Date,
): Promise<VisitorPass> {
  const row = await passRowOfPageCode(deps.db, code, deps.sessionSecrets);
  if (row.lead_consent !== consent) {
    await deps.db.updateTable("visitors").set({ lead_consent: consent, lead_consent_at: now }).where("id", "=", row.id).execute();
    await recordHistory(deps.db, {
      exhibitionId: row.exhibition_id,
      actor: { userId: null, label: formatVisitorNo(row.visitor_no), company: null, role: "visitor", onBehalfOf: null },
      companyUserId: null,
      area: "leads",
      kind: "update",
      action: "/visit/pass/consent",
      recordType: "visitor",
      recordId: row.id,
      summary: consent ? "lead consent given" : "lead consent withdrawn",
      changes: [{ field: "leadConsent", old: String(row.lead_consent), new: String(consent) }],
      at: now,
    });
  }
  return passOf(deps, { ...row, lead_consent: consent }, deps.sessionSecrets, language);
}

/**
 * GET /visit/leadCode: what a lead code is, for whoever opens /lead/<code> and may not capture it:
 * which exhibition's pass. Nothing personal; a forged code, an erased visitor's and an unknown one
 * get the same answer.
 */
export async function leadCodeInfo(db: Database, code: string, secrets: Secrets, language: Language): Promise<LeadCodeInfo> {
  const key = verifyLeadCode(code, secrets);
  const row = key ? await visitorByKey(db, key) : undefined;
  if (!row) throw new ApiError(ApiCode.badRequest, "leads.errors.forged");
  return { exhibitionName: nameIn(language, row.name_zh, row.name_en), currentExhibition: row.is_current };
}

/** The pass's link in the visitor's SMS and e-mail: the exhibition's public address, held by the notifier until a real show has one. */
export const passLinkOf = (deps: Pick<ApiDeps, "db" | "config">, exhibitionId: number, key: string, secrets: Secrets) =>
  portalLink(deps.db, exhibitionId, deps.config, passPathOf(key, secrets));

/**
 * Sends a visitor the pass by SMS and e-mail in the visitor's language: the registration's
 * confirmation (kind visitorConfirmation), and the organizer's resend. A failed send is logged, not
 * thrown: the registration stands. Answers what was asked of the notifier.
 */
export async function sendPass(
  deps: Pick<ApiDeps, "db" | "config" | "notifier" | "logger" | "sessionSecrets">,
  visitor: { exhibitionId: number; key: string; mobile: string; email: string; name: string; visitorNo: number; language: Language; exhibition: string },
): Promise<PassResent> {
  const link = await passLinkOf(deps, visitor.exhibitionId, visitor.key, deps.sessionSecrets);
  const values = { exhibition: visitor.exhibition, number: formatVisitorNo(visitor.visitorNo), name: visitor.name, link };
  const t = (key: string) => translate(visitor.language, `promotion.visitors.${key}`, values);
  const sends: Promise<unknown>[] = [];
  if (visitor.mobile) {
    sends.push(
      deps.notifier.sendSms({
        to: visitor.mobile,
        text: t("sms.confirmation"),
        kind: "visitorConfirmation",
        params: values,
        exhibitionId: visitor.exhibitionId,
      }),
    );
  }
  if (visitor.email) {
    sends.push(
      deps.notifier.sendEmail({
        kind: "visitorConfirmation",
        exhibitionId: visitor.exhibitionId,
        to: visitor.email,
        subject: t("email.subject"),
        text: t("email.text"),
      }),
    );
  }
  const results = await Promise.allSettled(sends);
  for (const result of results) {
    if (result.status === "rejected") deps.logger.error({ err: result.reason, event: "visitor-pass" }, "visitor pass could not be sent");
  }
  return { sms: Boolean(visitor.mobile) && results[0]?.status === "fulfilled", email: Boolean(visitor.email) && results.at(-1)?.status === "fulfilled" };
}

/** POST /smeb/invitation/visitors/resendPass: the organizer sends a visitor's pass again (the desk's "I lost my SMS"). */
export async function resendPass(deps: Pick<ApiDeps, "db" | "config" | "notifier" | "logger" | "sessionSecrets">, exhibitionId: number, visitorId: number) {
  const row = await deps.db
    .selectFrom("visitors as v")
    .innerJoin("exhibitions as e", "e.id", "v.exhibition_id")
    .select(["v.id", "v.pass_key", "v.mobile", "v.email", "v.name", "v.visitor_no", "v.language", "v.erased_at", "e.name_zh", "e.name_en"])
    .where("v.id", "=", visitorId)
    .where("v.exhibition_id", "=", exhibitionId)
    .executeTakeFirst();
  if (!row) throw notFound("leads.errors.visitorNotFound");
  if (row.erased_at || !row.pass_key) throw new ApiError(ApiCode.conflict, "leads.errors.alreadyErased");
  return sendPass(deps, {
    exhibitionId,
    key: row.pass_key,
    mobile: row.mobile,
    email: row.email,
    name: row.name,
    visitorNo: row.visitor_no,
    language: row.language,
    exhibition: nameIn(row.language, row.name_zh, row.name_en),
  });
}
