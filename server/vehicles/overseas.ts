import type {
  CountryOption,
  OverseasAgentsAnswer,
  OverseasAgentView,
  OverseasRequestList,
  OverseasRequestView,
} from "../../app/contracts/vehicles/overseas/types";
import { INCOTERMS, type OverseasRequestInput } from "../../app/contracts/vehicles/schema";
import type { Language } from "../../app/contracts/i18n/config";
import { unitsToDecimal } from "../../app/contracts/common/quantity";
import type { ApiDeps } from "../api/context";
import { ApiCode, ApiError, fieldError } from "../api/envelope";
import { exhibitorNamesOf } from "../exhibitor/names";
import type { Db } from "../db/database";
import { readDraft } from "../exhibitor/profiles";
import { CHINA_COUNTRY_ID } from "../lookups/reference-data";
import { ownBooths } from "../transport/common";
import type { Caller } from "../auth/caller";
import { iso } from "../db/column-values";

/**
 * Overseas exhibit transport (spec /exhibitTL overseasExhibitTrans, issue 18, decision 020): the
 * appointed overseas agents are exhibition content in both languages; an exhibitor's request is
 * e-mailed to the agent (in Chinese and English, reply-to the exhibitor's contact) and stored only
 * once the mail went out, so the history never lists a request the agent did not get. Volumes are
 * kept in cm³ (the form's 0.001 m³ units × 1000).
 */
type Mailer = Pick<ApiDeps, "db" | "notifier" | "logger">;

/** A request per exhibitor and day is plenty; more is someone using the agents' inboxes as a target. */
export const REQUESTS_PER_DAY = 20;
const CM3_PER_UNIT = 1_000;

const inLanguage = (language: Language, zh: string, en: string) => (language === "en" ? en : zh);

/** cm³ as the m³ text a person reads (up to three decimals, as typed). */
const cubicMetresText = (cm3: number) => unitsToDecimal(Math.round(cm3 / CM3_PER_UNIT), 3);

function activeAgents(db: Db, exhibitionId: number) {
  return db
    .selectFrom("overseas_agents")
    .select(["id", "code", "name_zh", "name_en", "regions_zh", "regions_en", "intro_zh", "intro_en", "contact_email", "contact_phone"])
    .where("exhibition_id", "=", exhibitionId)
    .where("active", "=", true)
    .orderBy("sort")
    .orderBy("id");
}

/** The countries a shipment may come from: every one but mainland China, in the lookups' order. */
async function overseasCountries(db: Db, language: Language): Promise<CountryOption[]> {
  const rows = await db
    .selectFrom("countries")
    .select(["id", "name_zh", "name_en"])
    .where("id", "<>", CHINA_COUNTRY_ID)
    .orderBy("sort")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({ id: r.id, name: inLanguage(language, r.name_zh, r.name_en) }));
}

/** The first contact of the exhibitor's profile (as submitted, else the draft), else the account's. */
async function contactDefaults(db: Db, caller: Caller) {
  const [user, profile] = await Promise.all([
    db.selectFrom("users").select(["contact_phone", "contact_email"]).where("id", "=", caller.userId).executeTakeFirst(),
    db
      .selectFrom("exhibitor_profiles")
      .select(["submitted", "draft"])
      .where("user_id", "=", caller.userId)
      .where("exhibition_id", "=", caller.exhibitionId)
      .executeTakeFirst(),
  ]);
  const draft = readDraft(profile?.submitted ?? profile?.draft);
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  return {
    name: text(draft.contact1Name),
    phone: text(draft.contact1Mobile) || text(user?.contact_phone),
    email: text(draft.contact1Email) || text(user?.contact_email),
  };
}

/** GET /smeb/overseas/agents */
export async function overseasAgents(db: Db, caller: Caller, language: Language): Promise<OverseasAgentsAnswer> {
  const [agents, countries, contact] = await Promise.all([
    activeAgents(db, caller.exhibitionId).execute(),
    overseasCountries(db, language),
    contactDefaults(db, caller),
  ]);
  return {
    agents: agents.map(
      (a): OverseasAgentView => ({
        id: a.id,
        code: a.code,
        name: inLanguage(language, a.name_zh, a.name_en),
        regions: inLanguage(language, a.regions_zh, a.regions_en),
        intro: inLanguage(language, a.intro_zh, a.intro_en),
        contactEmail: a.contact_email,
        contactPhone: a.contact_phone,
      }),
    ),
    countries,
    incoterms: INCOTERMS,
    contact,
  };
}

/** GET /smeb/overseas/request/list: the caller's own requests, newest first. */
export async function overseasRequestList(db: Db, caller: Caller, language: Language): Promise<OverseasRequestList> {
  const rows = await db
    .selectFrom("overseas_requests as r")
    .innerJoin("overseas_agents as a", "a.id", "r.agent_id")
    .leftJoin("countries as c", "c.id", "r.origin_country_id")
    .select([
      "r.id",
      "a.name_zh as agent_zh",
      "a.name_en as agent_en",
      "c.name_zh as country_zh",
      "c.name_en as country_en",
      "r.port",
      "r.cargo_description",
      "r.volume_cm3",
      "r.incoterms",
      "r.contact_name",
      "r.contact_phone",
      "r.contact_email",
      "r.sent_to",
      "r.created_at",
    ])
    .where("r.user_id", "=", caller.userId)
    .where("r.exhibition_id", "=", caller.exhibitionId)
    .orderBy("r.id", "desc")
    .execute();
  return {
    requests: rows.map(
      (r): OverseasRequestView => ({
        id: r.id,
        agentName: inLanguage(language, r.agent_zh, r.agent_en),
        countryName: inLanguage(language, r.country_zh ?? "", r.country_en ?? ""),
        port: r.port,
        cargoDescription: r.cargo_description,
        volumeM3: cubicMetresText(Number(r.volume_cm3)),
        incoterms: r.incoterms,
        contactName: r.contact_name,
        contactPhone: r.contact_phone,
        contactEmail: r.contact_email,
        sentTo: r.sent_to,
        createdAt: iso(r.created_at)!,
      }),
    ),
  };
}

/** The checks that read reference data: an active agent of this exhibition, a known country that is not mainland China. */
async function checkRequest(db: Db, caller: Caller, input: OverseasRequestInput, now: Date) {
  const agent = await activeAgents(db, caller.exhibitionId).where("id", "=", input.agentId).executeTakeFirst();
  if (!agent) throw fieldError("vehicles.overseas.errors.agentUnknown", "agentId");
  const country = await db.selectFrom("countries").select(["id", "name_zh", "name_en"]).where("id", "=", input.originCountryId).executeTakeFirst();
  if (!country) throw fieldError("vehicles.overseas.errors.countryUnknown", "originCountryId");
  // Goods already in mainland China are the domestic carriers' business (exhibit carriage), not an overseas agent's.
  if (country.id === CHINA_COUNTRY_ID) throw fieldError("vehicles.overseas.errors.notOverseas", "originCountryId");
  const since = new Date(now.getTime() - 24 * 3600 * 1000);
  const recent = await db
    .selectFrom("overseas_requests")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", caller.userId)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  if (Number(recent.n) >= REQUESTS_PER_DAY) throw new ApiError(ApiCode.tooManyRequests, "vehicles.overseas.errors.tooMany", { max: REQUESTS_PER_DAY });
  return { agent, country };
}

type MailFacts = {
  company: { zh: string; en: string };
  booths: string;
  agent: { name_zh: string; name_en: string };
  country: { name_zh: string; name_en: string };
};

/** The agent's mail, Chinese first then English: everything it needs to quote without logging in anywhere. */
function requestMail(input: OverseasRequestInput, facts: MailFacts) {
  const volume = unitsToDecimal(input.volume, 3);
  const subject = `境外展品运输询价 Overseas exhibit transport request: ${facts.company.zh || facts.company.en} (${facts.booths})`;
  const text = [
    `${facts.agent.name_zh}：`,
    "",
    "以下展商通过展商服务平台提交了境外展品运输申请，请直接回复本邮件与展商联系。",
    "",
    `展商：${facts.company.zh}`,
    `展位：${facts.booths}`,
    `起运国家/地区：${facts.country.name_zh}`,
    `起运港：${input.port}`,
    `货物描述：${input.cargoDescription}`,
    `体积：${volume} 立方米`,
    `贸易术语：${input.incoterms}`,
    `联系人：${input.contactName}`,
    `联系电话：${input.contactPhone}`,
    `电子邮箱：${input.contactEmail}`,
    "",
    "----------------------------------------",
    "",
    `Dear ${facts.agent.name_en},`,
    "",
    "The exhibitor below sent an overseas exhibit transport request through the exhibitor portal. Please reply to this e-mail to reach the exhibitor.",
    "",
    `Exhibitor: ${facts.company.en}`,
    `Booth: ${facts.booths}`,
    `Country of origin: ${facts.country.name_en}`,
    `Port of loading: ${input.port}`,
    `Cargo: ${input.cargoDescription}`,
    `Volume: ${volume} m³`,
    `Incoterms: ${input.incoterms}`,
    `Contact: ${input.contactName}`,
    `Phone: ${input.contactPhone}`,
    `E-mail: ${input.contactEmail}`,
  ].join("\n");
  return { subject, text };
}

/**
 * POST /smeb/overseas/request/save: checks, e-mails the agent, then stores the request. A mail that
 * fails answers 503 and stores nothing (the exhibitor tries again; the agent got nothing).
 */
export async function saveOverseasRequest(
  deps: Mailer,
  caller: Caller,
  input: OverseasRequestInput,
  language: Language,
  now: Date,
): Promise<OverseasRequestView> {
  const { db } = deps;
  const { agent, country } = await checkRequest(db, caller, input, now);
  const [names, booths] = await Promise.all([exhibitorNamesOf(db, caller.exhibitionId, [caller.userId]), ownBooths(db, caller)]);
  const name = names.get(caller.userId);
  const company = { zh: name?.zh ?? name?.en ?? name?.username ?? "", en: name?.en ?? name?.zh ?? name?.username ?? "" };
  const mail = requestMail(input, { company, booths: booths.map((b) => b.boothNo).join(", ") || "—", agent, country });
  try {
    await deps.notifier.sendEmail({
      kind: "overseasAgentRequest",
      exhibitionId: caller.exhibitionId,
      to: agent.contact_email,
      replyTo: input.contactEmail,
      ...mail,
    });
  } catch (error) {
    deps.logger.error({ err: error, agentId: agent.id, userId: caller.userId }, "overseas request e-mail could not be sent");
    throw new ApiError(ApiCode.unavailable, "vehicles.overseas.errors.mailFailed");
  }
  const stored = await db
    .insertInto("overseas_requests")
    .values({
      exhibition_id: caller.exhibitionId,
      user_id: caller.userId,
      agent_id: agent.id,
      origin_country_id: country.id,
      port: input.port,
      cargo_description: input.cargoDescription,
      volume_cm3: input.volume * CM3_PER_UNIT,
      incoterms: input.incoterms,
      contact_name: input.contactName,
      contact_phone: input.contactPhone,
      contact_email: input.contactEmail,
      sent_to: agent.contact_email,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const list = await overseasRequestList(db, caller, language);
  return list.requests.find((r) => r.id === stored.id)!;
}

/** The demo exhibition's two appointed agents; rows that exist (same code) are left alone. */
export async function seedOverseasAgents(db: Db, exhibitionId: number) {
  await db
    .insertInto("overseas_agents")
    .values([
      {
        exhibition_id: exhibitionId,
        code: "euro-expo-logistics",
        name_zh: "欧展国际物流有限公司",
        name_en: "EuroExpo Logistics GmbH",
        regions_zh: "欧洲（德国、法国、意大利、荷兰、西班牙、英国等）",
        regions_en: "Europe (Germany, France, Italy, the Netherlands, Spain, the United Kingdom and more)",
        intro_zh: "本届展会指定欧洲展品运输代理，提供门到展位一站式服务：出口报关、海运/空运、ATA 单证册、展后回运。",
        intro_en: "The show's appointed agent for Europe, door to booth: export clearance, sea and air freight, ATA carnets, return shipment after the show.",
        contact_email: "overseas.europe@euroexpo-logistics.example.com",
        contact_phone: "+49 40 1234 5678",
        sort: 1,
      },
      {
        exhibition_id: exhibitionId,
        code: "asia-pacific-exhibition-freight",
        name_zh: "亚太会展货运有限公司",
        name_en: "Asia Pacific Exhibition Freight Ltd.",
        regions_zh: "东南亚、日本、韩国",
        regions_en: "Southeast Asia, Japan and Korea",
        intro_zh: "本届展会指定亚洲展品运输代理，在新加坡、东京、首尔设有办事处，可安排拼箱及整箱运输与进口清关。",
        intro_en: "The show's appointed agent for Asia, with offices in Singapore, Tokyo and Seoul: groupage and full containers, import clearance.",
        contact_email: "booking@apef.example.com",
        contact_phone: "+65 6123 4567",
        sort: 2,
      },
    ])
    .onConflict((oc) => oc.columns(["exhibition_id", "code"]).doNothing())
    .execute();
}
