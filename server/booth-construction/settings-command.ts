import type { ConstructionSettings } from "../../app/contracts/booth-construction/api-types";
import { isRealDate } from "../../app/contracts/common/validation";
import type { Database } from "../db/database";
import { commandExhibition } from "../seed/command-exhibition";
import { constructionSettings } from "./common";
import { readExhibitionSetting, saveExhibitionSettings } from "../exhibition-settings/store";
import { formatMoney } from "../../app/contracts/common/format";

/**
 * `cli.js construction-settings [<exhibition code>] [key=value ...]`: shows an exhibition's
 * construction calendar, or changes it: build-up-from, build-up-to, dismantle-from, dismantle-to
 * (YYYY-MM-DD), insurance-min-cents, drawing-site (a https URL, or "none"). The days must run in
 * order; the database refuses them otherwise too.
 */
const DATE_KEYS = { "build-up-from": "buildUpFrom", "build-up-to": "buildUpTo", "dismantle-from": "dismantleFrom", "dismantle-to": "dismantleTo" } as const;
const USAGE = `Usage: cli.js construction-settings [<exhibition code>] [${[...Object.keys(DATE_KEYS).map((k) => `${k}=YYYY-MM-DD`), "insurance-min-cents=<n>", "drawing-site=<https URL|none>"].join(" ")}]`;

/** What the command changes: the construction calendar, and the drawing site (the organizer's setting; null unsets it). */
type Changes = Partial<ConstructionSettings> & { drawingSiteUrl?: string | null };

function parseChange(arg: string, into: Changes) {
  const at = arg.indexOf("=");
  const name = at > 0 ? arg.slice(0, at) : arg;
  const raw = at > 0 ? arg.slice(at + 1) : "";
  const notUnderstood = () => new Error(`Not understood: "${arg}".\n${USAGE}`);
  if (name in DATE_KEYS) {
    if (!isRealDate(raw)) throw notUnderstood();
    into[DATE_KEYS[name as keyof typeof DATE_KEYS]] = raw;
  } else if (name === "insurance-min-cents") {
    if (!/^\d{1,12}$/.test(raw)) throw notUnderstood();
    into.insuranceMinCents = Number(raw);
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

  const changes: Changes = {};
  for (const arg of args) parseChange(arg, changes);
  const { drawingSiteUrl: drawingSiteChange, ...calendarChanges } = changes;
  const settings = { ...(await constructionSettings(db, exhibition.id)), ...calendarChanges };
  if (!(settings.buildUpFrom <= settings.buildUpTo && settings.buildUpTo <= settings.dismantleFrom && settings.dismantleFrom <= settings.dismantleTo)) {
    throw new Error(`The days must run in order: build-up from ≤ build-up to ≤ dismantle from ≤ dismantle to.\n${USAGE}`);
  }
  if (Object.keys(calendarChanges).length || drawingSiteChange !== undefined) {
    const row = {
      build_up_from: settings.buildUpFrom,
      build_up_to: settings.buildUpTo,
      dismantle_from: settings.dismantleFrom,
      dismantle_to: settings.dismantleTo,
      insurance_min_cents: settings.insuranceMinCents,
    };
    await db.transaction().execute(async (trx) => {
      if (Object.keys(calendarChanges).length)
        await trx
          .insertInto("construction_settings")
          .values({ exhibition_id: exhibition.id, ...row })
          .onConflict((oc) => oc.column("exhibition_id").doUpdateSet(row))
          .execute();
      // The drawing site is the organizer's setting (/index/settings changes the same row).
      if (drawingSiteChange !== undefined) await saveExhibitionSettings(trx, exhibition.id, { drawingSiteUrl: drawingSiteChange });
    });
  }
  const drawingSiteUrl = await readExhibitionSetting(db, exhibition.id, "drawingSiteUrl");
  return [
    `${exhibition.code}: build-up ${settings.buildUpFrom} to ${settings.buildUpTo}, dismantling ${settings.dismantleFrom} to ${settings.dismantleTo}.`,
    `  Insurance at least ${formatMoney(settings.insuranceMinCents)} CNY; drawing site: ${drawingSiteUrl ?? "none"}.`,
  ].join("\n");
}
