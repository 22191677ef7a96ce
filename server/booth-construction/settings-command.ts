import { centsToYuanText, constructionSettingsSchema, INSURANCE_MIN_MAX_CENTS } from "../../app/contracts/logistics-settings/schema";
import type { Database } from "../db/database";
import { commandExhibition } from "../ops/command-exhibition";
import { constructionSettings } from "./common";
import { readExhibitionSetting, saveExhibitionSettings } from "../exhibition-settings/store";
import { formatMoney } from "../../app/contracts/common/format";
import { type ConstructionForm, constructionForm, saveConstructionInput } from "./settings-rules";

/**
 * `cli.js construction-settings [<exhibition code>] [key=value ...]`: shows an exhibition's
 * construction calendar, or changes it: build-up-from, build-up-to, dismantle-from, dismantle-to
 * (YYYY-MM-DD), insurance-min-cents, drawing-site (a https URL, or "none"). The days must run in
 * order; the values are checked by the schema of the organizer's page (/index/settings/construction)
 * and saved the same way (./settings-rules.ts).
 */
const DATE_KEYS = { "build-up-from": "buildUpFrom", "build-up-to": "buildUpTo", "dismantle-from": "dismantleFrom", "dismantle-to": "dismantleTo" } as const;
const USAGE = `Usage: cli.js construction-settings [<exhibition code>] [${[...Object.keys(DATE_KEYS).map((k) => `${k}=YYYY-MM-DD`), "insurance-min-cents=<n>", "drawing-site=<https URL|none>"].join(" ")}]`;

/** What the command changes: the calendar's form fields, and the drawing site (the organizer's setting; null unsets it). */
type Changes = { calendar: Partial<ConstructionForm>; drawingSiteUrl?: string | null };

function parseChange(arg: string, into: Changes) {
  const at = arg.indexOf("=");
  const name = at > 0 ? arg.slice(0, at) : arg;
  const raw = at > 0 ? arg.slice(at + 1) : "";
  const notUnderstood = () => new Error(`Not understood: "${arg}".\n${USAGE}`);
  if (name in DATE_KEYS) {
    const key = DATE_KEYS[name as keyof typeof DATE_KEYS];
    if (!constructionSettingsSchema.shape[key].safeParse(raw).success) throw notUnderstood();
    into.calendar[key] = raw;
  } else if (name === "insurance-min-cents") {
    // The command takes cents; the page's field is yuan.
    if (!/^\d{1,12}$/.test(raw)) throw notUnderstood();
    into.calendar.insuranceMin = centsToYuanText(Number(raw));
  } else if (name === "drawing-site") {
    if (raw === "none") into.drawingSiteUrl = null;
    else if (/^https:\/\/[^\s"<>]{3,500}$/.test(raw)) into.drawingSiteUrl = raw;
    else throw notUnderstood();
  } else {
    throw notUnderstood();
  }
}

export async function constructionSettingsCommand(db: Database, args: string[]) {
  const exhibition = await commandExhibition(db, args, USAGE);

  const changes: Changes = { calendar: {} };
  for (const arg of args) parseChange(arg, changes);
  const parsed = constructionSettingsSchema.safeParse({ ...constructionForm(await constructionSettings(db, exhibition.id)), ...changes.calendar });
  if (!parsed.success) {
    // The amount is the one field the schema can refuse besides the days' order (each day was checked above).
    if (parsed.error.issues.some((issue) => issue.path[0] === "insuranceMin"))
      throw new Error(`insurance-min-cents is too large: at most ${INSURANCE_MIN_MAX_CENTS} cents.\n${USAGE}`);
    throw new Error(`The days must run in order: build-up from ≤ build-up to ≤ dismantle from ≤ dismantle to.\n${USAGE}`);
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
