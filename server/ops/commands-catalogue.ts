import type * as z from "zod";
import { exhibitionDateTime, exhibitionDateTimeInput } from "../../app/contracts/common/exhibition-time";
import { formatMoney } from "../../app/contracts/common/format";
import { agentSaveSchema, serviceSaveSchema } from "../../app/contracts/catalogue-settings/schema";
import type { AgentSetting, ServiceSetting } from "../../app/contracts/catalogue-settings/api-types";
import { translateMessage } from "../../app/contracts/i18n/translate.server";
import "../../app/contracts/catalogue-settings/texts";
import { ApiError } from "../api/envelope";
import type { Database } from "../db/database";
import { allServiceSettings, removeService, saveService, serviceByCode } from "../orders/catalogue-settings";
import { commandExhibition } from "./command-exhibition";
import { agentByCode, allAgentSettings, removeAgent, saveAgent } from "../vehicles/overseas-agents-settings";
import { type OpsCommand, OpsRefusal } from "./command-types";

/**
 * `cli.js services …` and `cli.js overseas-agents …` (issue 52): the same rows as the organizer's pages
 * (/index/settings/services, /index/settings/overseasAgents), checked by the same schema and saved by
 * the same rule functions. A row is named by its code; `set` on an existing code changes only the
 * keys given. A refusal changes nothing.
 */
const SERVICES_USAGE = [
  "Usage: cli.js services [<exhibition code>] <list|set|remove> ...",
  "  list                        every service with its prices (CNY: advance / standard / on-site) and order window",
  "  set <code> key=value ...    create a service (category, nameZh, nameEn, unitZh, unitEn, advancePrice, standardPrice, onsitePrice needed)",
  "                              or change some fields; also orderOpensAt / orderClosesAt=YYYY-MM-DDTHH:mm (China time) or none,",
  "                              active=yes|no, sort=<n>",
  "  remove <code>               remove a service nobody ordered (else: active=no withdraws it)",
].join("\n");

const AGENTS_USAGE = [
  "Usage: cli.js overseas-agents [<exhibition code>] <list|set|remove> ...",
  "  list                        every overseas agent",
  "  set <code> key=value ...    create an agent (nameZh, nameEn, regionsZh, regionsEn, contactEmail needed) or change some fields;",
  "                              also introZh, introEn, contactPhone, active=yes|no, sort=<n>",
  "  remove <code>               remove an agent no request went to (else: active=no hides it)",
  'Quote values with spaces: nameEn="Asia Freight Ltd."',
].join("\n");

/** `key=value` arguments, each key at most once and among the form's fields. */
function keyValues(args: string[], allowed: readonly string[], usage: string) {
  const values: Record<string, string> = {};
  for (const arg of args) {
    const at = arg.indexOf("=");
    const key = at > 0 ? arg.slice(0, at) : "";
    if (!allowed.includes(key) || key in values) throw new OpsRefusal(`Not understood: "${arg}".\n${usage}`);
    values[key] = arg.slice(at + 1);
  }
  return values;
}

const yesNo = (value: string) => (["yes", "1", "true", "on"].includes(value.toLowerCase()) ? "1" : "");

/** The schema's refusal in English, one line per field. */
function refusal(error: z.ZodError) {
  return new OpsRefusal(error.issues.map((issue) => `${issue.path.join(".") || "input"}: ${translateMessage("en", issue.message)}`).join("\n"));
}

/** A rule's refusal (a code already taken, a row in use) in English, without a stack trace. */
async function ruled<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ApiError) throw new OpsRefusal(translateMessage("en", error.messageKey, error.values));
    throw error;
  }
}

const yuan = (cents: number) => formatMoney(cents);
const window = (s: ServiceSetting) =>
  !s.orderOpensAt && !s.orderClosesAt ? "always" : `${exhibitionDateTime(s.orderOpensAt) || "…"} to ${exhibitionDateTime(s.orderClosesAt) || "…"}`;

const serviceLine = (s: ServiceSetting) =>
  `${s.code}\t${s.category}\t${s.nameZh} / ${s.nameEn}\t${yuan(s.advanceCents)} / ${yuan(s.standardCents)} / ${yuan(s.onsiteCents)} per ${s.unitEn}\torders ${window(s)}${s.active ? "" : "\twithdrawn"}${s.inUse ? "\tordered" : ""}`;
const agentLine = (a: AgentSetting) =>
  `${a.code}\t${a.nameZh} / ${a.nameEn}\t${a.regionsEn}\t${a.contactEmail}${a.contactPhone ? ` ${a.contactPhone}` : ""}${a.active ? "" : "\thidden"}${a.inUse ? "\thas requests" : ""}`;

/** A stored service as the form's fields, so `set` changes only what it names. */
const serviceForm = (s: ServiceSetting): Record<string, string> => ({
  id: String(s.id),
  category: s.category,
  nameZh: s.nameZh,
  nameEn: s.nameEn,
  unitZh: s.unitZh,
  unitEn: s.unitEn,
  advancePrice: (s.advanceCents / 100).toFixed(2),
  standardPrice: (s.standardCents / 100).toFixed(2),
  onsitePrice: (s.onsiteCents / 100).toFixed(2),
  orderOpensAt: exhibitionDateTimeInput(s.orderOpensAt),
  orderClosesAt: exhibitionDateTimeInput(s.orderClosesAt),
  active: s.active ? "1" : "",
  sort: String(s.sort),
});

const agentForm = (a: AgentSetting): Record<string, string> => ({
  id: String(a.id),
  nameZh: a.nameZh,
  nameEn: a.nameEn,
  regionsZh: a.regionsZh,
  regionsEn: a.regionsEn,
  introZh: a.introZh,
  introEn: a.introEn,
  contactEmail: a.contactEmail,
  contactPhone: a.contactPhone,
  active: a.active ? "1" : "",
  sort: String(a.sort),
});

/** What `set` may name: the form's fields but the id (the code names the row). */
const SERVICE_KEYS = Object.keys(serviceSaveSchema.shape).filter((k) => k !== "id" && k !== "code");
const AGENT_KEYS = Object.keys(agentSaveSchema.shape).filter((k) => k !== "id" && k !== "code");

async function servicesCommand(db: Database, args: string[]): Promise<string> {
  const rest = [...args];
  const exhibition = await commandExhibition(db, ["list", "set", "remove"].includes(rest[0] ?? "") ? [] : rest, SERVICES_USAGE);
  const [subcommand = "list", code, ...pairs] = rest;
  if (subcommand === "list" && code === undefined) {
    const list = await allServiceSettings(db, exhibition.id);
    return list.length ? list.map(serviceLine).join("\n") : `No services in ${exhibition.code}.`;
  }
  if (!code || (subcommand !== "set" && subcommand !== "remove") || (subcommand === "remove" && pairs.length)) throw new OpsRefusal(SERVICES_USAGE);
  const stored = await serviceByCode(db, exhibition.id, code);
  if (subcommand === "remove") {
    if (!stored) throw new OpsRefusal(`No service "${code}" in ${exhibition.code}.`);
    await ruled(removeService(db, exhibition.id, stored.id));
    return `Removed service ${code}.`;
  }
  const typed = keyValues(pairs, SERVICE_KEYS, SERVICES_USAGE);
  if (typed.active !== undefined) typed.active = yesNo(typed.active);
  for (const key of ["orderOpensAt", "orderClosesAt"]) if (typed[key]?.toLowerCase() === "none") typed[key] = "";
  const parsed = serviceSaveSchema.safeParse({ ...(stored ? serviceForm(stored) : { active: "1" }), ...typed, code });
  if (!parsed.success) throw refusal(parsed.error);
  const saved = await ruled(saveService(db, exhibition.id, parsed.data));
  return `${stored ? "Changed" : "Created"} service:\n${serviceLine(saved)}`;
}

async function overseasAgentsCommand(db: Database, args: string[]): Promise<string> {
  const rest = [...args];
  const exhibition = await commandExhibition(db, ["list", "set", "remove"].includes(rest[0] ?? "") ? [] : rest, AGENTS_USAGE);
  const [subcommand = "list", code, ...pairs] = rest;
  if (subcommand === "list" && code === undefined) {
    const list = await allAgentSettings(db, exhibition.id);
    return list.length ? list.map(agentLine).join("\n") : `No overseas agents in ${exhibition.code}.`;
  }
  if (!code || (subcommand !== "set" && subcommand !== "remove") || (subcommand === "remove" && pairs.length)) throw new OpsRefusal(AGENTS_USAGE);
  const stored = await agentByCode(db, exhibition.id, code);
  if (subcommand === "remove") {
    if (!stored) throw new OpsRefusal(`No overseas agent "${code}" in ${exhibition.code}.`);
    await ruled(removeAgent(db, exhibition.id, stored.id));
    return `Removed overseas agent ${code}.`;
  }
  const typed = keyValues(pairs, AGENT_KEYS, AGENTS_USAGE);
  if (typed.active !== undefined) typed.active = yesNo(typed.active);
  const parsed = agentSaveSchema.safeParse({ ...(stored ? agentForm(stored) : { active: "1" }), ...typed, code });
  if (!parsed.success) throw refusal(parsed.error);
  const saved = await ruled(saveAgent(db, exhibition.id, parsed.data));
  return `${stored ? "Changed" : "Created"} overseas agent:\n${agentLine(saved)}`;
}

export const catalogueCommands: Record<string, OpsCommand> = {
  services: {
    usage: "[<exhibition code>] <list|set|remove> ...",
    summary: "list, add, change or remove the on-site services and their prices",
    run: ({ db }, args) => servicesCommand(db, args),
  },
  "overseas-agents": {
    usage: "[<exhibition code>] <list|set|remove> ...",
    summary: "list, add, change or remove the overseas transport agents",
    run: ({ db }, args) => overseasAgentsCommand(db, args),
  },
};
