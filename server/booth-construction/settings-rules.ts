import type { ConstructionSettings } from "../../app/contracts/booth-construction/api-types";
import { type ConstructionSettingsInput, centsToYuanText } from "../../app/contracts/logistics-settings/schema";
import { constructionSettings } from "./common";
import type { Db } from "../db/database";

/**
 * The construction calendar and the insurance minimum as the organizer's page
 * (/index/settings/construction) and `cli.js construction-settings` change them: the same form
 * fields, checked by the same schema (constructionSettingsSchema: real days, in order; a minimum
 * that is an amount, never negative), saved here.
 */
export type ConstructionForm = Record<keyof ConstructionSettingsInput, string>;

export function constructionForm(settings: ConstructionSettings): ConstructionForm {
  const { insuranceMinCents, ...days } = settings;
  return { ...days, insuranceMin: centsToYuanText(insuranceMinCents) };
}

/** Saves a checked form as the exhibition's calendar and answers it as read back. */
export async function saveConstructionInput(db: Db, exhibitionId: number, input: ConstructionSettingsInput): Promise<ConstructionSettings> {
  const row = {
    build_up_from: input.buildUpFrom,
    build_up_to: input.buildUpTo,
    dismantle_from: input.dismantleFrom,
    dismantle_to: input.dismantleTo,
    insurance_min_cents: input.insuranceMin,
  };
  await db
    .insertInto("construction_settings")
    .values({ exhibition_id: exhibitionId, ...row })
    .onConflict((oc) => oc.column("exhibition_id").doUpdateSet(row))
    .execute();
  return constructionSettings(db, exhibitionId);
}
