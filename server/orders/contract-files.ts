import type { Language } from "../../app/contracts/i18n/config";
import { fieldError, notFound } from "../api/envelope";
import type { Database } from "../db/database";
import { findStoredFile, type StoredFile } from "../uploads/files";
import type { ObjectStore } from "../uploads/object-store";
import { COMBINE_MAX_FILES, COMBINE_MAX_TOTAL_BYTES, combineStoredScans, isCombinable } from "../uploads/scans-to-pdf";
import { insertStagedFile, stagePdf, type StagedFile } from "../uploads/staged-files";
import { renderContractPdf, type ContractInput } from "./contract-pdf";
import type { OrderRow } from "../db/schema";
import type { ContractKind } from "../../app/contracts/orders/api-types";
import { exhibitorNamesOf, exhibitorNameIn } from "../exhibitor/names";

/**
 * The files of an order's contract (docs/product.md § Uploads, decision 007): the contract PDF the server
 * renders from the order, and the stamped contract the exhibitor uploads as images or PDFs,
 * combined into one PDF. Both are stored files owned by the exhibitor (so the organizer reads
 * them too, see canReadFile). Their bytes go to the store first; the stored_files row is written
 * in the same transaction that makes the file the order's current one, so the order never points
 * at a file that does not exist, and a file whose write lost a race is removed again.
 */

/** Not upload folders: no upload policy covers these keys, so nobody can replace the bytes. */
const GENERATED_CONTRACT_FOLDER = "service-contract";
const STAMPED_CONTRACT_FOLDER = "service-contract-stamped";
const contractFileName = (orderNo: string, version: number, kind: ContractKind) => `contract-${orderNo}-v${version}${kind === "stamped" ? "-stamped" : ""}.pdf`;

/**
 * What the contract shows, from the order as committed (its lines never change). The exhibitor's
 * name: the company names of the submitted exhibitor profile when there is one (what the
 * organizer reviewed), else the account's business names; the other language's when one is missing.
 */
async function contractInputOf(db: Database, row: OrderRow, version: number, language: Language): Promise<ContractInput> {
  const [lines, exhibition, names] = await Promise.all([
    db.selectFrom("service_order_lines").selectAll().where("order_id", "=", row.id).orderBy("id").execute(),
    db.selectFrom("exhibitions").select(["name_zh", "name_en"]).where("id", "=", row.exhibition_id).executeTakeFirst(),
    exhibitorNamesOf(db, row.exhibition_id, [row.user_id], "reviewed"),
  ]);
  return {
    orderNo: row.order_no,
    createdAt: new Date(row.created_at).toISOString(),
    exhibitionName: (language === "zh" ? exhibition?.name_zh : exhibition?.name_en) ?? "",
    exhibitorCompany: exhibitorNameIn(names.get(row.user_id), language),
    boothNo: row.booth_no,
    contractorCompany: row.contractor_company,
    contractorContact: row.contractor_contact,
    lines: lines.map((l) => ({
      nameZh: l.name_zh,
      nameEn: l.name_en,
      unitZh: l.unit_zh,
      unitEn: l.unit_en,
      quantity: l.quantity,
      unitPriceCents: l.unit_cents,
      priceKind: l.price_kind,
      lineTotalCents: l.line_cents,
    })),
    totalCents: row.total_cents,
    contractVersion: version,
  };
}

/** Renders contract `version` of the order in `language` and stages it (owned by the exhibitor). */
export async function stageGeneratedContract(db: Database, store: ObjectStore, row: OrderRow, version: number, language: Language, now: Date) {
  const bytes = await renderContractPdf(await contractInputOf(db, row, version, language), language);
  return stagePdf(store, {
    ownerUserId: row.user_id,
    folder: GENERATED_CONTRACT_FOLDER,
    name: contractFileName(row.order_no, version, "generated"),
    bytes,
    now,
  });
}

/**
 * Gives a submitted order without a contract PDF its first one (at commit, or lazily on download
 * for orders made before contracts were generated or whose generation failed). Only written if the
 * order is unchanged since read; otherwise the order as it is now is answered.
 */
export async function ensureGeneratedContract(db: Database, store: ObjectStore, row: OrderRow, language: Language, now: Date): Promise<OrderRow> {
  if (row.contract_pdf_url || row.status !== "submitted") return row;
  const staged = await stageGeneratedContract(db, store, row, row.contract_version, language, now);
  const written = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("service_orders")
      .set({ contract_pdf_url: staged.url, version: row.version + 1, updated_at: now })
      .where("id", "=", row.id)
      .where("version", "=", row.version)
      .where("contract_pdf_url", "is", null)
      .returningAll()
      .executeTakeFirst();
    if (updated) await insertStagedFile(trx, staged);
    return updated;
  });
  if (written) return written;
  await staged.discard();
  return db.selectFrom("service_orders").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
}

const MB = 1024 * 1024;

/** A 400 that names the contract field, like a validation error of the form. */
const refuseContract = (messageKey: string, values: Record<string, unknown> = {}) => fieldError(messageKey, "contractUrls", values);

/**
 * The stamped contract as one PDF, staged: the caller's files (already checked to be theirs) read
 * from the store and combined in the order given. Every refusal is a translated 400 naming the file.
 */
export async function stageStampedContract(db: Database, store: ObjectStore, row: OrderRow, contractUrls: string[], now: Date): Promise<StagedFile> {
  if (contractUrls.length > COMBINE_MAX_FILES) throw refuseContract("orders.errors.contractTooManyFiles", { max: COMBINE_MAX_FILES });
  const files: StoredFile[] = [];
  for (const url of contractUrls) {
    const file = await findStoredFile(db, url.slice("/files/".length));
    if (!file || file.ownerUserId !== row.user_id) throw notFound();
    if (!isCombinable(file.contentType)) throw refuseContract("orders.errors.contractFileType", { name: file.originalName });
    files.push(file);
  }
  const merged = await combineStoredScans(
    store,
    files.map((file) => ({ storageKey: file.storageKey, contentType: file.contentType, sizeBytes: file.sizeBytes, name: file.originalName })),
    (refusal) =>
      refusal.reason === "tooLarge"
        ? refuseContract("orders.errors.contractTooLarge", { max: `${COMBINE_MAX_TOTAL_BYTES / MB} MB` })
        : refuseContract("orders.errors.contractUnreadable", { name: refusal.file.name }),
  );
  return stagePdf(store, {
    ownerUserId: row.user_id,
    folder: STAMPED_CONTRACT_FOLDER,
    name: contractFileName(row.order_no, row.contract_version, "stamped"),
    bytes: merged,
    now,
  });
}

export type { ContractKind };

/**
 * Until the upload the order's contract_pdf_url is the generated contract; the upload replaces it
 * with the stamped one and records the generated one it replaced in its event (kept for audit).
 */
export function contractPdfKind(row: OrderRow): ContractKind | null {
  if (!row.contract_pdf_url) return null;
  return row.status === "submitted" ? "generated" : "stamped";
}

/** The generated contract that was current when the stamped one was uploaded. */
export function generatedUrlReplacedByUpload(events: { action: string; details: unknown }[]): string | null {
  const upload = events.findLast((e) => e.action === "uploadContract");
  const url = (upload?.details as { generatedContractPdfUrl?: unknown } | null)?.generatedContractPdfUrl;
  return typeof url === "string" ? url : null;
}

export type ContractDownload = { file: StoredFile; kind: ContractKind; fileName: string };

/**
 * The PDF the download answers: by default the current one (generated, or stamped after the
 * upload); `which` asks for one of them. A submitted order without a contract gets its first one now.
 */
export async function contractForDownload(
  db: Database,
  store: ObjectStore,
  order: OrderRow,
  which: ContractKind | undefined,
  language: Language,
  now: Date,
): Promise<ContractDownload> {
  const row = await ensureGeneratedContract(db, store, order, language, now);
  const current = contractPdfKind(row);
  const kind = which ?? current ?? "generated";
  let url: string | null = null;
  if (kind === current) url = row.contract_pdf_url;
  else if (kind === "generated" && current === "stamped") {
    const events = await db
      .selectFrom("service_order_events")
      .select(["action", "details"])
      .where("order_id", "=", row.id)
      .where("action", "=", "uploadContract")
      .orderBy("id")
      .execute();
    url = generatedUrlReplacedByUpload(events);
  }
  if (!url) throw notFound(kind === "stamped" ? "orders.errors.noStampedContract" : "errors.notFound");
  const file = await findStoredFile(db, url.slice("/files/".length));
  if (!file) throw notFound();
  return { file, kind, fileName: file.originalName };
}
