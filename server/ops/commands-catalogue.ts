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
import { type OpsCommand, OpsRefusal, type OptionValues, UsageRefusal } from "./command-types";
import { noMorePositionals, onlyOptions, optionName, textOption } from "./command-arguments";

/**
 * `cli.js services …` and `cli.js overseas-agents …` (issue 52): the same rows as the organizer's pages
 * (/index/settings/services, /index/settings/overseasAgents), checked by the same schema and saved by
 * the same rule functions. A row is named by its code; `set` on an existing code changes only the
 * fields given, each an option named after the page's field (`nameZh` is --name-zh). A refusal
 * changes nothing.
 */
const SUBCOMMANDS_USAGE = "[<exhibition code>] <list|set|remove> ...";
const SERVICES_DETAILS = [
  "  list                        every service with its prices (CNY: advance / standard / on-site) and order window",
  "  set <code> --option value ...",
  "                              create a service (--category, --name-zh, --name-en, --unit-zh, --unit-en, --advance-price,",
  "                              --standard-price, --onsite-price needed) or change some fields; also --order-opens-at /",
  "                              --order-closes-at <YYYY-MM-DDTHH:mm> (China time) or none, --active yes|no, --sort <n>",
  "  remove <code>               remove a service nobody ordered (else: --active no withdraws it)",
].join("\n");

const AGENTS_DETAILS = [
  "  list                        every overseas agent",
  "  set <code> --option value ...",
  "                              create an agent (--name-zh, --name-en, --regions-zh, --regions-en, --contact-email needed)",
  "                              or change some fields; also --intro-zh, --intro-en, --contact-phone, --active yes|no, --sort <n>",
  "  remove <code>               remove an agent no request went to (else: --active no hides it)",
  '  Quote values with spaces: --name-en "Asia Freight Ltd."',
].join("\n");

/** The form's fields `set` was given, each from its option (`nameZh` from --name-zh). */
function typedFields(values: OptionValues, fields: readonly string[]) {
  const typed: Record<string, string> = {};
  for (const field of fields) {
    const value = textOption(values, optionName(field));
    if (value !== undefined) typed[field] = value;
  }
  return typed;
}

const yesNo = (value: string) => (["yes", "1", "true", "on"].includes(value.toLowerCase()) ? "1" : "");

/** The schema's refusal in English, one line per field, named by its option. */
function refusal(error: z.ZodError) {
  return new OpsRefusal(
    error.issues
      .map((issue) => `${issue.path.length ? `--${optionName(issue.path.join("."))}` : "input"}: ${translateMessage("en", issue.message)}`)
      .join("\n"),
  );
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

/** What `set` may name: the form's fields but the id (the code names the row), each an option. */
const SERVICE_KEYS = Object.keys(serviceSaveSchema.shape).filter((k) => k !== "id" && k !== "code");
const AGENT_KEYS = Object.keys(agentSaveSchema.shape).filter((k) => k !== "id" && k !== "code");
const optionsOf = (fields: readonly string[]) => Object.fromEntries(fields.map((field) => [optionName(field), { type: "string" as const }]));

/** The exhibition, the subcommand and its code; list and remove take no options. */
async function subcommandOf(db: Database, args: string[], values: OptionValues, fields: readonly string[]) {
  const rest = [...args];
  const exhibition = await commandExhibition(db, ["list", "set", "remove"].includes(rest[0] ?? "") ? [] : rest);
  const [subcommand = "list", code, ...more] = rest;
  if (subcommand !== "list" && subcommand !== "set" && subcommand !== "remove") throw new UsageRefusal(`Unknown subcommand "${subcommand}".`);
  if (subcommand !== "list" && !code) throw new UsageRefusal(`"${subcommand}" names a code.`);
  noMorePositionals(subcommand === "list" ? [code, ...more].filter((arg) => arg !== undefined) : more);
  onlyOptions(values, subcommand === "set" ? fields.map(optionName) : [], `"${subcommand}"`);
  return { exhibition, subcommand, code: code ?? "" };
}

async function servicesCommand(db: Database, args: string[], values: OptionValues): Promise<string> {
  const { exhibition, subcommand, code } = await subcommandOf(db, args, values, SERVICE_KEYS);
  if (subcommand === "list") {
    const list = await allServiceSettings(db, exhibition.id);
    return list.length ? list.map(serviceLine).join("\n") : `No services in ${exhibition.code}.`;
  }
  const stored = await serviceByCode(db, exhibition.id, code);
  if (subcommand === "remove") {
    if (!stored) throw new OpsRefusal(`No service "${code}" in ${exhibition.code}.`);
    await ruled(removeService(db, exhibition.id, stored.id));
    return `Removed service ${code}.`;
  }
  const typed = typedFields(values, SERVICE_KEYS);
  if (typed.active !== undefined) typed.active = yesNo(typed.active);
  for (const key of ["orderOpensAt", "orderClosesAt"]) if (typed[key]?.toLowerCase() === "none") typed[key] = "";
  const parsed = serviceSaveSchema.safeParse({ ...(stored ? serviceForm(stored) : { active: "1" }), ...typed, code });
  if (!parsed.success) throw refusal(parsed.error);
  const saved = await ruled(saveService(db, exhibition.id, parsed.data));
  return `${stored ? "Changed" : "Created"} service:\n${serviceLine(saved)}`;
}

async function overseasAgentsCommand(db: Database, args: string[], values: OptionValues): Promise<string> {
  const { exhibition, subcommand, code } = await subcommandOf(db, args, values, AGENT_KEYS);
  if (subcommand === "list") {
    const list = await allAgentSettings(db, exhibition.id);
    return list.length ? list.map(agentLine).join("\n") : `No overseas agents in ${exhibition.code}.`;
  }
  const stored = await agentByCode(db, exhibition.id, code);
  if (subcommand === "remove") {
    if (!stored) throw new OpsRefusal(`No overseas agent "${code}" in ${exhibition.code}.`);
    await ruled(removeAgent(db, exhibition.id, stored.id));
    return `Removed overseas agent ${code}.`;
  }
  const typed = typedFields(values, AGENT_KEYS);
  if (typed.active !== undefined) typed.active = yesNo(typed.active);
  const parsed = agentSaveSchema.safeParse({ ...(stored ? agentForm(stored) : { active: "1" }), ...typed, code });
  if (!parsed.success) throw refusal(parsed.error);
  const saved = await ruled(saveAgent(db, exhibition.id, parsed.data));
  return `${stored ? "Changed" : "Created"} overseas agent:\n${agentLine(saved)}`;
}

export const catalogueCommands: Record<string, OpsCommand> = {
  services: {
    usage: SUBCOMMANDS_USAGE,
    summary: "list, add, change or remove the on-site services and their prices",
    details: SERVICES_DETAILS,
    options: optionsOf(SERVICE_KEYS),
    run: ({ db }, args, options) => servicesCommand(db, args, options),
  },
  "overseas-agents": {
    usage: SUBCOMMANDS_USAGE,
    summary: "list, add, change or remove the overseas transport agents",
    details: AGENTS_DETAILS,
    options: optionsOf(AGENT_KEYS),
    run: ({ db }, args, options) => overseasAgentsCommand(db, args, options),
  },
};
