import type { Transaction } from "kysely";
import type { DeclarationDetail, ImportResult } from "../../app/contracts/transport/api-types";
import { EXHIBITS_MAX, type ExhibitInput } from "../../app/contracts/transport/schema";
import type { Language } from "../../app/contracts/i18n/config";
import { ApiCode, ApiError, notFound } from "../api/envelope";
import type { Database } from "../db/database";
import type { DB } from "../db/schema";
import type { ObjectStore } from "../uploads/object-store";
import { stale, type Viewer } from "./common";
import { lockEditable, repriceAndBump } from "./declarations";
import { readDeclaration } from "./detail";
import { readExhibitFile } from "./exhibits-excel";

/**
 * A declaration's exhibit lines (issue 17): added one by one or imported from the carrier's Excel
 * template (all rows or none), deleted one by one, only while the declaration is the exhibitor's to
 * change. Each change is priced again and bumps the declaration's version.
 */
type Exhibitor = Extract<Viewer, { kind: "exhibitor" }>;

const tooMany = () => new ApiError(ApiCode.badRequest, "transport.errors.tooManyExhibits", { max: EXHIBITS_MAX });

/** Appends lines after the existing ones, refusing to go past EXHIBITS_MAX in all. */
async function appendExhibits(trx: Transaction<DB>, declarationId: number, exhibits: ExhibitInput[]) {
  const { n, last } = await trx
    .selectFrom("transport_exhibits")
    .select((eb) => [eb.fn.countAll<string>().as("n"), eb.fn.max("sort").as("last")])
    .where("declaration_id", "=", declarationId)
    .executeTakeFirstOrThrow();
  if (Number(n) + exhibits.length > EXHIBITS_MAX) throw tooMany();
  const first = last === null ? 0 : Number(last) + 1;
  await trx
    .insertInto("transport_exhibits")
    .values(
      exhibits.map((e, i) => ({
        declaration_id: declarationId,
        sort: first + i,
        name_zh: e.nameZh,
        name_en: e.nameEn ?? "",
        quantity: e.quantity,
        packages: e.packages,
        gross_weight_g: e.grossWeight,
        length_cm: e.length,
        width_cm: e.width,
        height_cm: e.height,
      })),
    )
    .execute();
}

/** POST /smeb/shipment/exhibits/add: one line (grossWeight in grams, sizes in cm, as parsed). */
export async function addExhibit(
  db: Database,
  viewer: Exhibitor,
  input: ExhibitInput & { declarationId: number; version?: number },
  language: Language,
  now: Date,
): Promise<DeclarationDetail> {
  await db.transaction().execute(async (trx) => {
    const row = await lockEditable(trx, viewer.caller, input.declarationId, input.version);
    await appendExhibits(trx, row.id, [input]);
    await repriceAndBump(trx, row, now);
  });
  return readDeclaration(db, viewer, input.declarationId, language);
}

/** POST /smeb/shipment/exhibits/delete: the line at `sort` (an unknown one answers 404). */
export async function deleteExhibit(
  db: Database,
  viewer: Exhibitor,
  input: { declarationId: number; sort: number; version?: number },
  language: Language,
  now: Date,
): Promise<DeclarationDetail> {
  await db.transaction().execute(async (trx) => {
    const row = await lockEditable(trx, viewer.caller, input.declarationId, input.version);
    const deleted = await trx.deleteFrom("transport_exhibits").where("declaration_id", "=", row.id).where("sort", "=", input.sort).executeTakeFirst();
    if (Number(deleted.numDeletedRows) !== 1) throw notFound();
    await repriceAndBump(trx, row, now);
  });
  return readDeclaration(db, viewer, input.declarationId, language);
}

/**
 * POST /smeb/shipment/exhibits/import: every row of the uploaded template appended, or none. The
 * declaration is checked first (another's answers 404 before its file is read), then the file, then
 * the rows are saved under the lock at the version read.
 */
export async function importExhibits(
  deps: { db: Database; store: ObjectStore },
  viewer: Exhibitor,
  input: { declarationId: number; version?: number; fileUrl: string },
  language: Language,
  now: Date,
): Promise<ImportResult> {
  const { db } = deps;
  const current = await readDeclaration(db, viewer, input.declarationId, language);
  if (!current.editable) throw new ApiError(ApiCode.conflict, "transport.errors.notEditable");
  if (input.version !== undefined && input.version !== current.version) throw stale();
  const exhibits = await readExhibitFile(deps, viewer.caller, input.fileUrl, language);
  if (current.exhibits.length + exhibits.length > EXHIBITS_MAX) throw tooMany();
  await db.transaction().execute(async (trx) => {
    const row = await lockEditable(trx, viewer.caller, input.declarationId, input.version);
    await appendExhibits(trx, row.id, exhibits);
    await repriceAndBump(trx, row, now);
  });
  return { imported: exhibits.length, declaration: await readDeclaration(db, viewer, input.declarationId, language) };
}
