import { centsToYuanText, constructionSettingsSchema, INSURANCE_MIN_MAX_CENTS } from "../../app/contracts/logistics-settings/schema";
import type { Database } from "../db/database";
import { commandExhibition } from "../ops/command-exhibition";
import { noMorePositionals, textOption } from "../ops/command-arguments";
import { type OptionValues, UsageRefusal } from "../ops/command-types";
import { constructionSettings } from "./common";
import { readExhibitionSetting, saveExhibitionSettings } from "../exhibition-settings/store";
import { formatMoney } from "../../app/contracts/common/format";
import { type ConstructionForm, constructionForm, saveConstructionInput } from "./settings-rules";

/**
 * `cli.js construction-settings [<exhibition code>] [--option value ...]`: shows an exhibition's
 * construction calendar, or changes it: --build-up-from, --build-up-to, --dismantle-from,
 * --dismantle-to (YYYY-MM-DD), --insurance-min-cents, --drawing-site (a https URL, or "none"). The days
 * must run in order; the values are checked by the schema of the organizer's page
 * (/index/settings/construction) and saved the same way (./settings-rules.ts).
 */
const DATE_OPTIONS = { "build-up-from": "buildUpFrom", "build-up-to": "buildUpTo", "dismantle-from": "dismantleFrom", "dismantle-to": "dismantleTo" } as const;
export const CONSTRUCTION_SETTINGS_USAGE = `[<exhibition code>] [${[
  ...Object.keys(DATE_OPTIONS).map((option) => `--${option} <YYYY-MM-DD>`),
  "--insurance-min-cents <n>",
  "--drawing-site <https URL|none>",
].join(" ")}]`;
export const CONSTRUCTION_SETTINGS_OPTIONS = Object.fromEntries(
  [...Object.keys(DATE_OPTIONS), "insurance-min-cents", "drawing-site"].map((option) => [option, { type: "string" as const }]),
);

/** What the command changes: the calendar's form fields, and the drawing site (the organizer's setting; null unsets it). */
type Changes = { calendar: Partial<ConstructionForm>; drawingSiteUrl?: string | null };

function parseChanges(values: OptionValues): Changes {
  const into: Changes = { calendar: {} };
  const notUnderstood = (option: string, raw: string) => new UsageRefusal(`Not understood: --${option} ${JSON.stringify(raw)}.`);
  for (const [option, key] of Object.entries(DATE_OPTIONS)) {
    const raw = textOption(values, option);
    if (raw === undefined) continue;
    if (!constructionSettingsSchema.shape[key].safeParse(raw).success) throw notUnderstood(option, raw);
    into.calendar[key] = raw;
  }
  const insurance = textOption(values, "insurance-min-cents");
  if (insurance !== undefined) {
    // The command takes cents; the page's field is yuan.
    if (!/^\d{1,12}$/.test(insurance)) throw notUnderstood("insurance-min-cents", insurance);
    into.calendar.insuranceMin = centsToYuanText(Number(insurance));
  }
  const site = textOption(values, "drawing-site");
  if (site === "none") into.drawingSiteUrl = null;
  else if (site !== undefined) {
    if (!/^https:\/\/[^\s"<>]{3,500}$/.test(site)) throw notUnderstood("drawing-site", site);
    into.drawingSiteUrl = site;
  }
  return into;
}

export async function constructionSettingsCommand(db: Database, args: string[], values: OptionValues) {
  const rest = [...args];
  const exhibition = await commandExhibition(db, rest);
  noMorePositionals(rest);

  const changes = parseChanges(values);
  const parsed = constructionSettingsSchema.safeParse({ ...constructionForm(await constructionSettings(db, exhibition.id)), ...changes.calendar });
  if (!parsed.success) {
    // The amount is the one field the schema can refuse besides the days' order (each day was checked above).
    if (parsed.error.issues.some((issue) => issue.path[0] === "insuranceMin"))
      throw new UsageRefusal(`--insurance-min-cents is too large: at most ${INSURANCE_MIN_MAX_CENTS} cents.`);
    throw new UsageRefusal("The days must run in order: build-up from ≤ build-up to ≤ dismantle from ≤ dismantle to.");
  }
  if (Object.keys(changes.calendar).length || changes.drawingSiteUrl !== undefined) {
    await db.transaction().execute(async (trx) => {
      if (Object.keys(changes.calendar).length) await saveConstructionInput(trx, exhibition.id, parsed.data);
      // The drawing site is the organizer's setting (/index/settings changes the same row).
      if (changes.drawingSiteUrl !== undefined) await saveExhibitionSettings(trx, exhibition.id, { drawingSiteUrl: changes.drawingSiteUrl });
    });
  }
  const settings = await constructionSettings(db, exhibition.id);
  const drawingSiteUrl = await readExhibitionSetting(db, exhibition.id, "drawingSiteUrl");
  return [
    `${exhibition.code}: build-up ${settings.buildUpFrom} to ${settings.buildUpTo}, dismantling ${settings.dismantleFrom} to ${settings.dismantleTo}.`,
    `  Insurance at least ${formatMoney(settings.insuranceMinCents)} CNY; drawing site: ${drawingSiteUrl ?? "none"}.`,
  ].join("\n");
}
