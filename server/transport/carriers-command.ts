import type { Transaction } from "kysely";
import * as z from "zod";
import { isRealDate } from "../../app/contracts/common/validation";
import {
  CARRIER_EMAIL_MAX,
  CARRIER_NAME_MAX,
  CARRIER_PHONE,
  CARRIER_SORT,
  decimalText as decimal,
  LIFTING_KINDS,
  PERCENT_MAX_BP,
  PERCENT_SCALE,
  SETTING_CODE,
  scaledDecimal as scaled,
  VOLUME_SCALE,
  WEIGHT_SCALE,
} from "../../app/contracts/logistics-settings/values";
import { TRANSPORT_SERVICES, type TransportService } from "../../app/contracts/transport/pricing";
import { yuanToCents } from "../../app/contracts/common/money";
import type { Database } from "../db/database";
import type { DB, LiftingKind } from "../db/schema";
import { commandExhibition } from "../ops/command-exhibition";
import { selectCarrierDiscounts } from "./common";
import { noMorePositionals, onlyOptions, textOption } from "../ops/command-arguments";
import { type OptionValues, UsageRefusal } from "../ops/command-types";
import { CARRIER_ROLE_ID } from "../../app/contracts/permission/roles";
import { formatMoney } from "../../app/contracts/common/format";
import {
  carrierByCode,
  carrierByCodeLocked,
  createCarrier,
  liftingFeeClasses,
  removeCarrierDiscount,
  removeCarrierPrice,
  removeLiftingFee,
  setCarrierDiscount,
  setCarrierPrice,
  setLiftingFee as writeLiftingFee,
  updateCarrier,
} from "./carrier-settings";

/**
 * `cli.js carriers [<exhibition code>] <subcommand> ...` (issue 17, decision 019): the organizer's ops
 * appoint an exhibition's exhibit-transport carriers without SQL: the carriers themselves, the carrier
 * users who act for them, their price lists and discounts, and the exhibition's hoisting fee classes.
 * Every invocation runs in one transaction and everything is checked before anything is written, so a
 * refused command changes nothing. Amounts are typed in yuan and kept in cents, volumes typed in m³ and
 * kept in cm³, weights typed in tons and kept in kg. The writes and the value rules are the ones the
 * organizer's page uses too (./carrier-settings.ts, app/contracts/logistics-settings); only the
 * arguments and the messages are the command's own.
 */
const SERVICES = TRANSPORT_SERVICES.join("|");
export const CARRIERS_USAGE = "[<exhibition code>] <list|set|account|price|discount|lifting-fee> ...";
export const CARRIERS_DETAILS = [
  "  list                                          every carrier with its accounts, prices and discounts; the lifting fee classes",
  "  set <carrier> --name-zh … --name-en … --email … [--phone …] [--active yes|no] [--sort <n>]",
  "                                                create a carrier (--name-zh, --name-en and --email needed) or change some of its fields",
  "  account <carrier> <username>                  let a carrier user (role 3) act for the carrier (moves it from another carrier)",
  `  price <carrier> <${SERVICES}> --per-m3 <yuan> --per-ton <yuan> [--minimum <yuan>]`,
  "                                                create or replace a service price (minimum 0 when left out)",
  `  price <carrier> <${SERVICES}> --remove`,
  "  discount <carrier> <code> --kind early --until <YYYY-MM-DD> (--percent <n> | --amount <yuan>) --name-zh … --name-en …",
  "  discount <carrier> <code> --kind volume --min-m3 <m³> (--percent <n> | --amount <yuan>) --name-zh … --name-en …",
  "                                                create or replace a discount (percent up to 100, two decimals)",
  "  discount <carrier> <code> --remove",
  "  lifting-fee <forklift|crane> <max tons> --fee <yuan>",
  "                                                create or replace the fee per piece up to that weight",
  "  lifting-fee <forklift|crane> <max tons> --remove",
  '  Quote values with spaces: --name-en "Shunda Logistics Co., Ltd."',
].join("\n");

/** The options of every subcommand; each subcommand refuses the others'. */
const OPTIONS_OF = {
  list: [],
  set: ["name-zh", "name-en", "email", "phone", "active", "sort"],
  account: [],
  price: ["per-m3", "per-ton", "minimum", "remove"],
  discount: ["kind", "until", "min-m3", "percent", "amount", "name-zh", "name-en", "remove"],
  "lifting-fee": ["fee", "remove"],
} as const satisfies Record<string, readonly string[]>;
export const CARRIERS_OPTIONS = Object.fromEntries(
  [...new Set(Object.values(OPTIONS_OF).flat())].map((option) => [option, option === "remove" ? { type: "boolean" as const } : { type: "string" as const }]),
);

type Subcommand = keyof typeof OPTIONS_OF;
const SUBCOMMANDS = Object.keys(OPTIONS_OF);

type Trx = Transaction<DB>;
type Exhibition = { id: number; code: string };
/** A subcommand's own options, trimmed ("yes" for the flag --remove), undefined when not given. */
type Values = Record<string, string | undefined>;

/** A refusal: the reason; the command's usage is printed under it. */
const refuse = (message: string) => new UsageRefusal(message);

export async function carriersCommand(db: Database, args: string[], options: OptionValues): Promise<string> {
  const rest = [...args];
  // The first argument is the exhibition code unless it already names the subcommand.
  const head = rest[0] !== undefined && !SUBCOMMANDS.includes(rest[0]) ? [rest.shift()!] : [];
  const subcommand = (rest.shift() ?? "list") as Subcommand;
  if (!Object.hasOwn(OPTIONS_OF, subcommand)) throw refuse(`Unknown subcommand "${subcommand}".`);
  onlyOptions(options, OPTIONS_OF[subcommand], `"${subcommand}"`);
  const values: Values = { remove: options.remove === true ? "yes" : undefined };
  for (const option of OPTIONS_OF[subcommand]) if (option !== "remove") values[option] = textOption(options, option)?.trim();
  return db.transaction().execute(async (trx) => {
    const exhibition = await commandExhibition(trx, head);
    noMorePositionals(head);
    switch (subcommand) {
      case "list":
        if (rest.length) throw refuse(`"list" takes nothing more; got "${rest.join(" ")}".`);
        return listAll(trx, exhibition);
      case "set":
        return setCarrier(trx, exhibition, rest, values);
      case "account":
        return linkAccount(trx, exhibition, rest);
      case "price":
        return setPrice(trx, exhibition, rest, values);
      case "discount":
        return setDiscount(trx, exhibition, rest, values);
      case "lifting-fee":
        return setLiftingFee(trx, exhibition, rest, values);
    }
  });
}

// --- Parsing -------------------------------------------------------------------------------------

/** The subjects a subcommand names (carrier and service, carrier and code…): exactly `count`, nothing more. */
function subjects(args: string[], count: number, what: string) {
  if (args.length > count) throw refuse(`Not understood: "${args[count]}" (${what}).`);
  return args;
}

/** `--remove` alone: removing takes no other option. */
function removing(values: Values) {
  if (values.remove === undefined) return false;
  const other = Object.entries(values).filter(([option, value]) => option !== "remove" && value !== undefined);
  if (other.length) throw refuse(`--remove takes no other option; got ${other.map(([option]) => `--${option}`).join(", ")}.`);
  return true;
}

function code(value: string | undefined, what: string): string {
  if (!value) throw refuse(`The ${what} code is missing.`);
  if (!SETTING_CODE.test(value)) throw refuse(`"${value}" is not a valid ${what} code (letters, digits, - and _, at most 40).`);
  return value;
}

function name(value: string, key: string): string {
  if (!value) throw refuse(`${key} must not be empty.`);
  if (value.length > CARRIER_NAME_MAX) throw refuse(`${key} is longer than ${CARRIER_NAME_MAX} characters.`);
  return value;
}

function yuan(value: string | undefined, key: string, { positive }: { positive: boolean }): number {
  const cents = value === undefined ? null : yuanToCents(value);
  if (cents === null || (positive && cents === 0)) {
    throw refuse(`${key} must be an amount in yuan${positive ? " above 0" : ""} with at most two decimals; got "${value ?? ""}".`);
  }
  return cents;
}

const money = (cents: string | number) => formatMoney(Number(cents));

// --- Subcommands ---------------------------------------------------------------------------------

async function findCarrier(trx: Trx, exhibition: Exhibition, carrierCode: string) {
  const carrier = await carrierByCode(trx, exhibition.id, carrierCode);
  if (!carrier) throw refuse(`No carrier "${carrierCode}" in ${exhibition.code}; create it first with "set ${carrierCode} --name-zh … --name-en … --email …".`);
  return carrier;
}

async function setCarrier(trx: Trx, exhibition: Exhibition, args: string[], values: Values) {
  const carrierCode = code(subjects(args, 1, '"set" names one carrier')[0], "carrier");
  const changes: { name_zh?: string; name_en?: string; contact_email?: string; contact_phone?: string; active?: boolean; sort?: number } = {};
  if (values["name-zh"] !== undefined) changes.name_zh = name(values["name-zh"], "--name-zh");
  if (values["name-en"] !== undefined) changes.name_en = name(values["name-en"], "--name-en");
  if (values.email !== undefined) {
    if (values.email.length > CARRIER_EMAIL_MAX || !z.email().safeParse(values.email).success) throw refuse(`"${values.email}" is not a valid e-mail address.`);
    changes.contact_email = values.email;
  }
  if (values.phone !== undefined) {
    if (!CARRIER_PHONE.test(values.phone)) throw refuse(`"${values.phone}" is not a phone number (digits, spaces, + ( ) -, at most 40).`);
    changes.contact_phone = values.phone;
  }
  if (values.active !== undefined) {
    if (values.active !== "yes" && values.active !== "no") throw refuse(`--active must be yes or no; got "${values.active}".`);
    changes.active = values.active === "yes";
  }
  if (values.sort !== undefined) {
    if (!CARRIER_SORT.test(values.sort)) throw refuse(`--sort must be a whole number; got "${values.sort}".`);
    changes.sort = Number(values.sort);
  }

  const existing = await carrierByCodeLocked(trx, exhibition.id, carrierCode);
  let done: string;
  if (existing) {
    if (!Object.keys(changes).length)
      throw refuse(`Nothing to change for carrier "${carrierCode}": give at least one of ${OPTIONS_OF.set.map((option) => `--${option}`).join(", ")}.`);
    await updateCarrier(trx, existing.id, changes);
    const given = OPTIONS_OF.set.filter((option) => values[option] !== undefined);
    done = `Updated carrier ${carrierCode} (${given.join(", ")}).`;
  } else {
    const missing = (["name-zh", "name-en", "email"] as const).filter((option) => values[option] === undefined);
    if (missing.length) throw refuse(`A new carrier needs ${missing.map((option) => `--${option}`).join(", ")}.`);
    await createCarrier(trx, exhibition.id, carrierCode, {
      ...changes,
      name_zh: changes.name_zh!,
      name_en: changes.name_en!,
      contact_email: changes.contact_email!,
    });
    done = `Created carrier ${carrierCode} in ${exhibition.code}.`;
  }
  return `${done}\n${await describeCarrier(trx, await findCarrier(trx, exhibition, carrierCode))}`;
}

async function linkAccount(trx: Trx, exhibition: Exhibition, args: string[]) {
  if (args.length !== 2) throw refuse(`"account" takes a carrier code and a username.`);
  const carrier = await findCarrier(trx, exhibition, code(args[0], "carrier"));
  const username = args[1]!;
  const user = await trx.selectFrom("users").select(["id", "username", "role_id", "exhibition_id"]).where("username", "=", username).executeTakeFirst();
  if (!user) throw refuse(`No user "${username}".`);
  if (user.role_id !== CARRIER_ROLE_ID)
    throw refuse(`User "${username}" is not a carrier account (role ${user.role_id}, carriers have role ${CARRIER_ROLE_ID}); refusing to link it.`);
  if (user.exhibition_id !== exhibition.id) throw refuse(`User "${username}" belongs to another exhibition than ${exhibition.code}.`);

  const current = await trx
    .selectFrom("carrier_accounts as a")
    .innerJoin("carriers as c", "c.id", "a.carrier_id")
    .innerJoin("exhibitions as e", "e.id", "c.exhibition_id")
    .select(["c.id", "c.code", "e.code as exhibition_code"])
    .where("a.user_id", "=", user.id)
    .executeTakeFirst();
  let done: string;
  if (current?.id === carrier.id) {
    done = `${username} already acts for carrier ${carrier.code}; nothing changed.`;
  } else if (current) {
    await trx.updateTable("carrier_accounts").set({ carrier_id: carrier.id }).where("user_id", "=", user.id).execute();
    const from = current.exhibition_code === exhibition.code ? current.code : `${current.code} of ${current.exhibition_code}`;
    done = `Moved ${username} from carrier ${from} to carrier ${carrier.code} (a user acts for one carrier).`;
  } else {
    await trx.insertInto("carrier_accounts").values({ user_id: user.id, carrier_id: carrier.id }).execute();
    done = `${username} now acts for carrier ${carrier.code}.`;
  }
  return `${done}\n${await describeCarrier(trx, carrier)}`;
}

function service(value: string | undefined): TransportService {
  if (!value || !(TRANSPORT_SERVICES as readonly string[]).includes(value))
    throw refuse(`Unknown service "${value ?? ""}": use one of ${TRANSPORT_SERVICES.join(", ")}.`);
  return value as TransportService;
}

async function setPrice(trx: Trx, exhibition: Exhibition, args: string[], values: Values) {
  subjects(args, 2, '"price" names a carrier and a service');
  const carrierCode = code(args[0], "carrier");
  const which = service(args[1]);
  const carrier = await findCarrier(trx, exhibition, carrierCode);
  let done: string;
  if (removing(values)) {
    if (!(await removeCarrierPrice(trx, carrier.id, which))) throw refuse(`Carrier ${carrierCode} has no ${which} price to remove.`);
    done = `Removed the ${which} price of carrier ${carrierCode}.`;
  } else {
    const row = {
      per_m3_cents: yuan(values["per-m3"], "--per-m3", { positive: false }),
      per_ton_cents: yuan(values["per-ton"], "--per-ton", { positive: false }),
      minimum_cents: values.minimum === undefined ? 0 : yuan(values.minimum, "--minimum", { positive: false }),
    };
    const existed = await setCarrierPrice(trx, carrier.id, which, row);
    done = `${existed ? "Replaced" : "Added"} the ${which} price of carrier ${carrierCode}: ${money(row.per_m3_cents)} per m³, ${money(row.per_ton_cents)} per ton, minimum ${money(row.minimum_cents)} yuan.`;
  }
  return `${done}\n${await describeCarrier(trx, carrier)}`;
}

async function setDiscount(trx: Trx, exhibition: Exhibition, args: string[], values: Values) {
  subjects(args, 2, '"discount" names a carrier and a discount code');
  const carrierCode = code(args[0], "carrier");
  const discountCode = code(args[1], "discount");
  const carrier = await findCarrier(trx, exhibition, carrierCode);
  let done: string;
  if (removing(values)) {
    if (!(await removeCarrierDiscount(trx, carrier.id, discountCode))) throw refuse(`Carrier ${carrierCode} has no discount "${discountCode}" to remove.`);
    done = `Removed discount ${discountCode} of carrier ${carrierCode}.`;
  } else {
    const row = {
      name_zh: name(values["name-zh"] ?? "", "--name-zh"),
      name_en: name(values["name-en"] ?? "", "--name-en"),
      kind: "early" as "early" | "volume",
      until_on: null as string | null,
      min_volume_cm3: null as number | null,
      percent_bp: null as number | null,
      amount_cents: null as number | null,
    };
    if (values.kind === "early") {
      if (values["min-m3"] !== undefined) throw refuse("An early discount takes --until <YYYY-MM-DD>, not --min-m3.");
      if (values.until === undefined || !isRealDate(values.until))
        throw refuse(`An early discount needs --until <YYYY-MM-DD> (a real day); got "${values.until ?? ""}".`);
      row.until_on = values.until;
    } else if (values.kind === "volume") {
      if (values.until !== undefined) throw refuse("A volume discount takes --min-m3 <m³>, not --until.");
      const cm3 = values["min-m3"] === undefined ? null : scaled(values["min-m3"], VOLUME_SCALE, 9);
      if (!cm3) throw refuse(`A volume discount needs --min-m3 <m³> above 0 (at most 6 decimals); got "${values["min-m3"] ?? ""}".`);
      row.kind = "volume";
      row.min_volume_cm3 = cm3;
    } else {
      throw refuse(`--kind must be early or volume; got "${values.kind ?? ""}".`);
    }
    if ((values.percent === undefined) === (values.amount === undefined)) throw refuse("Give exactly one of --percent <n> and --amount <yuan>.");
    if (values.percent !== undefined) {
      const bp = scaled(values.percent, PERCENT_SCALE, 3);
      if (!bp || bp > PERCENT_MAX_BP) throw refuse(`--percent must be above 0 and at most 100, with at most two decimals; got "${values.percent}".`);
      row.percent_bp = bp;
    } else {
      row.amount_cents = yuan(values.amount, "--amount", { positive: true });
    }
    const existed = await setCarrierDiscount(trx, carrier.id, discountCode, row);
    done = `${existed ? "Replaced" : "Added"} discount ${discountCode} of carrier ${carrierCode}.`;
  }
  return `${done}\n${await describeCarrier(trx, carrier)}`;
}

async function setLiftingFee(trx: Trx, exhibition: Exhibition, args: string[], values: Values) {
  subjects(args, 2, '"lifting-fee" names a kind and a maximum weight');
  const kind = args[0] as LiftingKind;
  if (!(LIFTING_KINDS as readonly string[]).includes(kind)) throw refuse(`The lifting kind must be forklift or crane; got "${args[0] ?? ""}".`);
  const kg = args[1] === undefined ? null : scaled(args[1], WEIGHT_SCALE, 6);
  if (!kg) throw refuse(`The maximum weight must be in tons above 0 with at most three decimals; got "${args[1] ?? ""}".`);
  if (values.remove === undefined && values.fee === undefined)
    throw refuse(`"lifting-fee" takes a kind, a maximum weight in tons, and --fee <yuan> or --remove.`);
  let done: string;
  if (removing(values)) {
    if (!(await removeLiftingFee(trx, exhibition.id, kind, kg))) throw refuse(`${exhibition.code} has no ${kind} class up to ${decimal(kg, 3)} t to remove.`);
    done = `Removed the ${kind} class up to ${decimal(kg, 3)} t.`;
  } else {
    const fee = yuan(values.fee, "--fee", { positive: true });
    const existed = await writeLiftingFee(trx, exhibition.id, kind, kg, fee);
    done = `${existed ? "Replaced" : "Added"} the ${kind} class up to ${decimal(kg, 3)} t: ${money(fee)} yuan per piece.`;
  }
  return `${done}\n${await describeLiftingFees(trx, exhibition)}`;
}

// --- Showing -------------------------------------------------------------------------------------

type CarrierRow = { id: number; code: string; name_zh: string; name_en: string; contact_email: string; contact_phone: string; active: boolean; sort: number };

async function describeCarrier(trx: Trx, carrier: CarrierRow) {
  // One after another: the transaction has one connection.
  const accounts = await trx
    .selectFrom("carrier_accounts as a")
    .innerJoin("users as u", "u.id", "a.user_id")
    .select("u.username")
    .where("a.carrier_id", "=", carrier.id)
    .orderBy("u.username")
    .execute();
  const prices = await trx.selectFrom("carrier_prices").selectAll().where("carrier_id", "=", carrier.id).execute();
  const discounts = await selectCarrierDiscounts(trx, carrier.id).orderBy("code").execute();
  prices.sort((a, b) => TRANSPORT_SERVICES.indexOf(a.service) - TRANSPORT_SERVICES.indexOf(b.service));
  const lines = [
    `${carrier.code}: ${carrier.name_zh} / ${carrier.name_en} (${carrier.active ? "active" : "inactive"}, sort ${carrier.sort})`,
    `  e-mail ${carrier.contact_email}; phone ${carrier.contact_phone || "none"}`,
    `  accounts: ${accounts.map((a) => a.username).join(", ") || "none"}`,
    `  prices:${prices.length ? "" : " none"}`,
    ...prices.map((p) => `    ${p.service}: ${money(p.per_m3_cents)} per m³ / ${money(p.per_ton_cents)} per ton / minimum ${money(p.minimum_cents)} yuan`),
    `  discounts:${discounts.length ? "" : " none"}`,
    ...discounts.map((d) => {
      const off = d.percent_bp !== null ? `${decimal(d.percent_bp, 2)} % off` : `${money(d.amount_cents!)} yuan off`;
      const when = d.kind === "early" ? `declared on or before ${d.until_on}` : `${decimal(Number(d.min_volume_cm3), 6)} m³ or more`;
      return `    ${d.code} (${d.kind}): ${off} when ${when} — ${d.name_zh} / ${d.name_en}`;
    }),
  ];
  return lines.join("\n");
}

async function describeLiftingFees(trx: Trx, exhibition: Exhibition) {
  const classes = await liftingFeeClasses(trx, exhibition.id);
  return [
    `Lifting fee classes of ${exhibition.code}:${classes.length ? "" : " none"}`,
    ...classes.map((c) => `  ${c.kind} up to ${decimal(c.maxWeightKg, WEIGHT_SCALE)} t: ${money(c.feeCents)} yuan per piece`),
  ].join("\n");
}

async function listAll(trx: Trx, exhibition: Exhibition) {
  const carriers = await trx.selectFrom("carriers").selectAll().where("exhibition_id", "=", exhibition.id).orderBy("sort").orderBy("code").execute();
  const parts = [`${exhibition.code}: ${carriers.length} carrier(s).`];
  for (const carrier of carriers) parts.push(await describeCarrier(trx, carrier));
  parts.push(await describeLiftingFees(trx, exhibition));
  return parts.join("\n");
}
