import crypto from "node:crypto";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import zlib from "node:zlib";
import type { Insertable, Transaction } from "kysely";
import type { Language } from "../../app/contracts/i18n/config";
import { ApiCode, ApiError } from "../api/envelope";
import type { Database } from "../db/database";
import type { DB, StoredFileTable } from "../db/schema";
import { readDraft } from "../exhibitor/profiles";
import { findStoredFile, storedFileUrl, type StoredFile } from "../uploads/files";
import type { ObjectStore } from "../uploads/object-store";
import { COMBINE_MAX_FILES, COMBINE_MAX_TOTAL_BYTES, imagesToPdf, renderContractPdf, type CombinableFile, type ContractInput } from "./contract-pdf";
import type { OrderRow } from "./orders";
import type { ContractKind } from "../../app/contracts/orders/api-types";

/**
 * The files of an order's contract (spec point 5, decision 007): the contract PDF the server
 * renders from the order, and the stamped contract the exhibitor uploads as images or PDFs,
 * combined into one PDF. Both are stored files owned by the exhibitor (so the organizer reads
 * them too, see canReadFile). Their bytes go to the store first; the stored_files row is written
 * in the same transaction that makes the file the order's current one, so the order never points
 * at a file that does not exist, and a file whose write lost a race is removed again.
 */

/** Not upload folders: no upload policy covers these keys, so nobody can replace the bytes. */
export const GENERATED_CONTRACT_FOLDER = "service-contract";
export const STAMPED_CONTRACT_FOLDER = "service-contract-stamped";
const PDF_TYPE = "application/pdf";

export type StagedFile = { id: string; url: string; row: Insertable<StoredFileTable>; discard: () => Promise<void> };

/** Puts server-made PDF bytes in the store; the caller writes `row` (insertStagedFile) or calls `discard`. */
export async function stagePdf(store: ObjectStore, input: { ownerUserId: number; folder: string; name: string; bytes: Uint8Array; now: Date }): Promise<StagedFile> {
  const id = crypto.randomBytes(18).toString("base64url");
  const month = input.now.toISOString().slice(0, 7);
  const key = `stored/${input.folder}/${input.ownerUserId}/${month}/${crypto.randomBytes(8).toString("hex")}-${input.now.getTime()}.pdf`;
  const bytes = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
  await store.put(key, Readable.from([bytes]), { contentType: PDF_TYPE, maxBytes: bytes.length });
  return {
    id,
    url: storedFileUrl(id),
    row: { id, owner_user_id: input.ownerUserId, folder: input.folder, original_name: input.name, content_type: PDF_TYPE, size_bytes: bytes.length, storage_key: key, upload_key: null },
    discard: () => store.delete(key),
  };
}

export async function insertStagedFile(trx: Transaction<DB>, staged: StagedFile) {
  await trx.insertInto("stored_files").values(staged.row).execute();
}

export const contractFileName = (orderNo: string, version: number, kind: ContractKind) => `contract-${orderNo}-v${version}${kind === "stamped" ? "-stamped" : ""}.pdf`;

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/**
 * What the contract shows, from the order as committed (its lines never change). The exhibitor's
 * name: the company names of the submitted exhibitor profile when there is one (what the
 * organizer reviewed), else the account's business names; the other language's when one is missing.
 */
export async function contractInputOf(db: Database, row: OrderRow, version: number, language: Language): Promise<ContractInput> {
  const [lines, exhibition, user, profile] = await Promise.all([
    db.selectFrom("service_order_lines").selectAll().where("order_id", "=", row.id).orderBy("id").execute(),
    db.selectFrom("exhibitions").select(["name_zh", "name_en"]).where("id", "=", row.exhibition_id).executeTakeFirst(),
    db.selectFrom("users").select(["username", "business_name", "business_name_en"]).where("id", "=", row.user_id).executeTakeFirstOrThrow(),
    db.selectFrom("exhibitor_profiles").select("submitted").where("user_id", "=", row.user_id).where("exhibition_id", "=", row.exhibition_id).executeTakeFirst(),
  ]);
  const submitted = readDraft(profile?.submitted);
  const zh = text(submitted.companyNameZh) ?? text(user.business_name);
  const en = text(submitted.companyNameEn) ?? text(user.business_name_en);
  return {
    orderNo: row.order_no,
    createdAt: new Date(row.created_at).toISOString(),
    exhibitionName: (language === "zh" ? exhibition?.name_zh : exhibition?.name_en) ?? "",
    exhibitorCompany: (language === "zh" ? zh ?? en : en ?? zh) ?? user.username,
    boothNo: row.booth_no,
    contractorCompany: row.contractor_company,
    contractorContact: row.contractor_contact,
    lines: lines.map((l) => ({ nameZh: l.name_zh, nameEn: l.name_en, unitZh: l.unit_zh, unitEn: l.unit_en, quantity: l.quantity, unitPriceCents: l.unit_cents, priceKind: l.price_kind, lineTotalCents: l.line_cents })),
    totalCents: row.total_cents,
    contractVersion: version,
  };
}

/** Renders contract `version` of the order in `language` and stages it (owned by the exhibitor). */
export async function stageGeneratedContract(db: Database, store: ObjectStore, row: OrderRow, version: number, language: Language, now: Date) {
  const bytes = await renderContractPdf(await contractInputOf(db, row, version, language), language);
  return stagePdf(store, { ownerUserId: row.user_id, folder: GENERATED_CONTRACT_FOLDER, name: contractFileName(row.order_no, version, "generated"), bytes, now });
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

const KIND_OF_CONTENT_TYPE: Record<string, CombinableFile["kind"]> = { "image/jpeg": "jpg", "image/png": "png", [PDF_TYPE]: "pdf" };
const MB = 1024 * 1024;

const PNG_SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
/** An A4 scan at 600 dpi in 16-bit RGBA is about 280 MB decoded; nothing real needs more. */
const PNG_MAX_DECODED_BYTES = 300 * MB;

/**
 * Whether pdf-lib can decode this PNG. Its decoder (UPNG) loops forever on pixel data that does
 * not inflate and allocates the whole decoded image up front, so a crafted "PNG" that passed the
 * upload's type check could hang the server: the chunks, the size and the pixel data are checked
 * here with zlib first.
 */
export function pngDecodes(bytes: Buffer): boolean {
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let header: { width: number; height: number; bitDepth: number; colorType: number; interlaced: boolean } | null = null;
  const pixelData: Buffer[] = [];
  for (let offset = 8; offset + 12 <= bytes.length; ) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    if (data.length !== length) return false;
    if (type === "IHDR" && length >= 13) header = { width: data.readUInt32BE(0), height: data.readUInt32BE(4), bitDepth: data[8]!, colorType: data[9]!, interlaced: data[12] === 1 };
    else if (type === "IDAT") pixelData.push(data);
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  const channels = header ? PNG_CHANNELS[header.colorType] : undefined;
  if (!header || !channels || !pixelData.length || !header.width || !header.height) return false;
  // Each row: a filter byte and the row's pixels (an interlaced image has a few more filter bytes).
  const decodedBytes = header.height * (1 + Math.ceil((header.width * channels * header.bitDepth) / 8));
  if (decodedBytes > PNG_MAX_DECODED_BYTES) return false;
  try {
    // Raw inflate after the 2-byte zlib header, as UPNG does: it ignores the checksum, and so do viewers.
    const pixels = zlib.inflateRawSync(Buffer.concat(pixelData).subarray(2), { maxOutputLength: decodedBytes * 2 + 1024 });
    return header.interlaced ? pixels.length > 0 : pixels.length >= decodedBytes;
  } catch {
    return false;
  }
}

/** A 400 that names the contract field, like a validation error of the form. */
const refuseContract = (messageKey: string, values: Record<string, unknown> = {}) => new ApiError(ApiCode.badRequest, messageKey, values, { fields: { contractUrls: [messageKey] } });

/**
 * The stamped contract as one PDF, staged: the caller's files (already checked to be theirs) read
 * from the store and combined in the order given. Every refusal is a translated 400 naming the file.
 */
export async function stageStampedContract(db: Database, store: ObjectStore, row: OrderRow, contractUrls: string[], now: Date): Promise<StagedFile> {
  if (contractUrls.length > COMBINE_MAX_FILES) throw refuseContract("orders.errors.contractTooManyFiles", { max: COMBINE_MAX_FILES });
  const files: StoredFile[] = [];
  for (const url of contractUrls) {
    const file = await findStoredFile(db, url.slice("/files/".length));
    if (!file || file.ownerUserId !== row.user_id) throw new ApiError(ApiCode.notFound, "errors.notFound");
    if (!KIND_OF_CONTENT_TYPE[file.contentType]) throw refuseContract("orders.errors.contractFileType", { name: file.originalName });
    files.push(file);
  }
  const tooLarge = () => refuseContract("orders.errors.contractTooLarge", { max: `${COMBINE_MAX_TOTAL_BYTES / MB} MB` });
  if (files.reduce((sum, f) => sum + f.sizeBytes, 0) > COMBINE_MAX_TOTAL_BYTES) throw tooLarge();

  const inputs: CombinableFile[] = [];
  for (const file of files) {
    const bytes = await store
      .openRead(file.storageKey)
      .then((stream) => buffer(stream))
      .catch(() => null);
    const kind = KIND_OF_CONTENT_TYPE[file.contentType]!;
    if (!bytes?.length || (kind === "png" && !pngDecodes(bytes))) throw refuseContract("orders.errors.contractUnreadable", { name: file.originalName });
    // A copy: pdf-lib reads JPEGs through their whole ArrayBuffer, ignoring a Buffer's pool offset.
    inputs.push({ bytes: new Uint8Array(bytes), kind });
  }
  if (inputs.reduce((sum, f) => sum + f.bytes.byteLength, 0) > COMBINE_MAX_TOTAL_BYTES) throw tooLarge();

  let merged: Uint8Array;
  try {
    merged = await imagesToPdf(inputs);
  } catch (error) {
    // The library names the file by its 1-based position ("file 2 is not a readable PNG").
    const position = Number(/file (\d+)/.exec((error as Error).message)?.[1] ?? 0);
    throw refuseContract("orders.errors.contractUnreadable", { name: files[position - 1]?.originalName ?? "" });
  }
  return stagePdf(store, { ownerUserId: row.user_id, folder: STAMPED_CONTRACT_FOLDER, name: contractFileName(row.order_no, row.contract_version, "stamped"), bytes: merged, now });
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
export async function contractForDownload(db: Database, store: ObjectStore, order: OrderRow, which: ContractKind | undefined, language: Language, now: Date): Promise<ContractDownload> {
  const row = await ensureGeneratedContract(db, store, order, language, now);
  const current = contractPdfKind(row);
  const kind = which ?? current ?? "generated";
  let url: string | null = null;
  if (kind === current) url = row.contract_pdf_url;
  else if (kind === "generated" && current === "stamped") {
    const events = await db.selectFrom("service_order_events").select(["action", "details"]).where("order_id", "=", row.id).where("action", "=", "uploadContract").orderBy("id").execute();
    url = generatedUrlReplacedByUpload(events);
  }
  if (!url) throw new ApiError(ApiCode.notFound, kind === "stamped" ? "orders.errors.noStampedContract" : "errors.notFound");
  const file = await findStoredFile(db, url.slice("/files/".length));
  if (!file) throw new ApiError(ApiCode.notFound, "errors.notFound");
  return { file, kind, fileName: file.originalName };
}
