import { sql } from "kysely";
import type { LeakageCommitment, LeakageInput } from "../../app/contracts/booking-forms/schema";
import { ApiCode, ApiError, notFound, fieldError } from "../api/envelope";
import type { Database } from "../db/database";
import { storedFileUrl } from "../uploads/files";
import { ownFile, recordEvent, resolveBooth, type Actor, type Owner } from "./common";
import { iso } from "../db/column-values";
import { isUniqueViolation } from "../db/unique-violation";

/**
 * Special power / leakage-protector removal commitments: one per booth and piece of equipment,
 * each with the rules ticked, a signer and the signed scan ('leakage-electric'). Updates carry
 * the version they were read at, so two tabs cannot silently overwrite each other.
 */

const DUPLICATE = () => fieldError("bookingForms.errors.duplicateEquipment", "equipmentName", {}, ApiCode.conflict);

function selectOwn(db: Database, owner: Owner) {
  return db
    .selectFrom("leakage_commitments as l")
    .innerJoin("booths as b", "b.id", "l.booth_id")
    .innerJoin("stored_files as f", "f.id", "l.scan_file_id")
    .select([
      "l.id",
      "l.booth_id",
      "b.booth_no",
      "l.equipment_name",
      "l.power_kw",
      "l.reason",
      "l.signer_name",
      "l.scan_file_id",
      "f.original_name",
      "l.rules_accepted_at",
      "l.version",
      "l.created_at",
      "l.updated_at",
    ])
    .where("l.user_id", "=", owner.userId)
    .where("l.exhibition_id", "=", owner.exhibitionId);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectOwn>["executeTakeFirstOrThrow"]>>;

function view(row: Row): LeakageCommitment {
  return {
    id: row.id,
    boothId: row.booth_id,
    boothNo: row.booth_no,
    equipmentName: row.equipment_name,
    powerKw: Number(row.power_kw),
    reason: row.reason,
    signerName: row.signer_name,
    scanUrl: storedFileUrl(row.scan_file_id),
    scanName: row.original_name,
    rulesAcceptedAt: iso(row.rules_accepted_at)!,
    version: row.version,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

export async function listCommitments(db: Database, owner: Owner) {
  return (await selectOwn(db, owner).orderBy("l.id", "desc").limit(200).execute()).map(view);
}

export async function findCommitment(db: Database, owner: Owner, id: number) {
  const row = await selectOwn(db, owner).where("l.id", "=", id).executeTakeFirst();
  if (!row) throw notFound();
  return view(row);
}

/** The unique index decides duplicates, so two submits at once cannot both get in. */

async function sameEquipment(db: Database, boothId: number, name: string, exceptId?: number) {
  let query = db.selectFrom("leakage_commitments").select("id").where("booth_id", "=", boothId).where(sql`lower(equipment_name)`, "=", name.toLowerCase());
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return Boolean(await query.executeTakeFirst());
}

/** The columns a commitment's form sets, on create and on edit; the rules are ticked again with each save. */
const formColumns = (input: LeakageInput, boothId: number, scanFileId: string) => ({
  booth_id: boothId,
  equipment_name: input.equipmentName,
  power_kw: input.powerKw.toFixed(2),
  reason: input.reason,
  signer_name: input.signerName,
  scan_file_id: scanFileId,
  rules_accepted_at: new Date(),
});

export async function createCommitment(db: Database, owner: Owner, actor: Actor, input: LeakageInput) {
  const booth = await resolveBooth(db, owner, input.boothId);
  const scan = await ownFile(db, owner, input.scanUrl, "leakage-electric", "scanUrl");
  if (await sameEquipment(db, booth.id, input.equipmentName)) throw DUPLICATE();
  try {
    const id = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("leakage_commitments")
        .values({ user_id: owner.userId, exhibition_id: owner.exhibitionId, ...formColumns(input, booth.id, scan.id) })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordEvent(trx, owner, actor, "leakage", row.id, "created", {
        boothNo: booth.boothNo,
        equipmentName: input.equipmentName,
        powerKw: input.powerKw,
      });
      return row.id;
    });
    return findCommitment(db, owner, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw DUPLICATE();
    throw error;
  }
}

export async function updateCommitment(db: Database, owner: Owner, actor: Actor, input: LeakageInput & { id: number; version: number }) {
  const current = await findCommitment(db, owner, input.id);
  const booth = await resolveBooth(db, owner, input.boothId);
  const scan = await ownFile(db, owner, input.scanUrl, "leakage-electric", "scanUrl");
  if (await sameEquipment(db, booth.id, input.equipmentName, input.id)) throw DUPLICATE();
  try {
    const done = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("leakage_commitments")
        .set({
          ...formColumns(input, booth.id, scan.id),
          updated_at: new Date(),
          version: sql<number>`version + 1`,
        })
        .where("id", "=", input.id)
        .where("user_id", "=", owner.userId)
        .where("version", "=", input.version)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      const changed = (["equipmentName", "powerKw", "reason", "signerName", "scanUrl", "boothId"] as const).filter(
        (k) => String(current[k]) !== String(k === "scanUrl" ? scan.url : input[k]),
      );
      await recordEvent(trx, owner, actor, "leakage", input.id, "updated", { changed, fromVersion: input.version });
      return true;
    });
    if (!done) throw new ApiError(ApiCode.conflict, "bookingForms.errors.stale");
    return findCommitment(db, owner, input.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw DUPLICATE();
    throw error;
  }
}

export async function deleteCommitment(db: Database, owner: Owner, actor: Actor, id: number) {
  const current = await findCommitment(db, owner, id);
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom("leakage_commitments").where("id", "=", id).where("user_id", "=", owner.userId).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 1) {
      await recordEvent(trx, owner, actor, "leakage", id, "deleted", { boothNo: current.boothNo, equipmentName: current.equipmentName });
    }
  });
  return { id };
}
