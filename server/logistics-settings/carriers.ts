import type { CarriersSettingsAnswer } from "../../app/contracts/logistics-settings/api-types";
import type { CarrierSaveInput, DiscountSaveInput } from "../../app/contracts/logistics-settings/schema";
import type { TransportService } from "../../app/contracts/transport/pricing";
import { ApiCode, fieldError } from "../api/envelope";
import type { Database, Db } from "../db/database";
import type { LiftingKind } from "../db/schema";
import {
  carrierByCodeLocked,
  carrierById,
  carriersSettings,
  createCarrier,
  removeCarrierDiscount,
  removeCarrierPrice,
  removeLiftingFee,
  setCarrierDiscount,
  setCarrierPrice,
  setLiftingFee,
  updateCarrier,
} from "../transport/carrier-settings";

/**
 * The organizer's carriers page (issue 52, /index/settings/carriers) through the API: each save is
 * one transaction over the writes `cli.js carriers` uses (server/transport/carrier-settings.ts). A
 * carrier of another exhibition answers like an unknown one, at its field.
 */
type Organizer = { exhibitionId: number };

const unknownCarrier = () => fieldError("logisticsSettings.errors.carrierNotFound", "carrierId", {}, ApiCode.notFound);
const nothingToRemove = (field: string) => fieldError("logisticsSettings.errors.nothingToRemove", field, {}, ApiCode.notFound);

async function ownCarrier(db: Db, organizer: Organizer, carrierId: number) {
  const carrier = await carrierById(db, organizer.exhibitionId, carrierId);
  if (!carrier) throw unknownCarrier();
  return carrier;
}

/** A new carrier (its code must be free) or a change of one (its code stays what it is). */
export async function saveCarrier(db: Database, organizer: Organizer, input: CarrierSaveInput): Promise<CarriersSettingsAnswer> {
  const fields = {
    name_zh: input.nameZh,
    name_en: input.nameEn,
    contact_email: input.email,
    contact_phone: input.phone,
    active: input.active,
    sort: input.sort,
  };
  await db.transaction().execute(async (trx) => {
    if (input.carrierId === undefined) {
      if (await carrierByCodeLocked(trx, organizer.exhibitionId, input.code))
        throw fieldError("logisticsSettings.errors.codeTaken", "code", {}, ApiCode.conflict);
      await createCarrier(trx, organizer.exhibitionId, input.code, fields);
    } else {
      await updateCarrier(trx, (await ownCarrier(trx, organizer, input.carrierId)).id, fields);
    }
  });
  return carriersSettings(db, organizer.exhibitionId);
}

export async function savePrice(
  db: Database,
  organizer: Organizer,
  input: { carrierId: number; service: TransportService; perM3: number; perTon: number; minimum: number },
) {
  await db.transaction().execute(async (trx) => {
    const carrier = await ownCarrier(trx, organizer, input.carrierId);
    await setCarrierPrice(trx, carrier.id, input.service, { per_m3_cents: input.perM3, per_ton_cents: input.perTon, minimum_cents: input.minimum });
  });
  return carriersSettings(db, organizer.exhibitionId);
}

export async function removePrice(db: Database, organizer: Organizer, input: { carrierId: number; service: TransportService }) {
  await db.transaction().execute(async (trx) => {
    const carrier = await ownCarrier(trx, organizer, input.carrierId);
    if (!(await removeCarrierPrice(trx, carrier.id, input.service))) throw nothingToRemove("service");
  });
  return carriersSettings(db, organizer.exhibitionId);
}

/** Creates or replaces a discount by its code (the kind decides which condition is kept). */
export async function saveDiscount(db: Database, organizer: Organizer, input: DiscountSaveInput) {
  await db.transaction().execute(async (trx) => {
    const carrier = await ownCarrier(trx, organizer, input.carrierId);
    await setCarrierDiscount(trx, carrier.id, input.code, {
      name_zh: input.nameZh,
      name_en: input.nameEn,
      kind: input.kind,
      until_on: input.kind === "early" ? (input.until ?? null) : null,
      min_volume_cm3: input.kind === "volume" ? (input.minM3 ?? null) : null,
      percent_bp: input.percent ?? null,
      amount_cents: input.percent === undefined ? (input.amount ?? null) : null,
    });
  });
  return carriersSettings(db, organizer.exhibitionId);
}

export async function removeDiscount(db: Database, organizer: Organizer, input: { carrierId: number; code: string }) {
  await db.transaction().execute(async (trx) => {
    const carrier = await ownCarrier(trx, organizer, input.carrierId);
    if (!(await removeCarrierDiscount(trx, carrier.id, input.code))) throw nothingToRemove("code");
  });
  return carriersSettings(db, organizer.exhibitionId);
}

export async function saveLiftingFee(db: Database, organizer: Organizer, input: { kind: LiftingKind; maxTons: number; fee: number }) {
  // maxTons is already in kg (three decimals of a ton).
  await setLiftingFee(db, organizer.exhibitionId, input.kind, input.maxTons, input.fee);
  return carriersSettings(db, organizer.exhibitionId);
}

export async function deleteLiftingFee(db: Database, organizer: Organizer, input: { kind: LiftingKind; maxTons: number }) {
  if (!(await removeLiftingFee(db, organizer.exhibitionId, input.kind, input.maxTons))) throw nothingToRemove("maxTons");
  return carriersSettings(db, organizer.exhibitionId);
}
