/**
 * What each upload folder accepts (kinds, sizes) and how a file name and a size limit are read, without
 * zod: the upload component imports these; the request schemas (schema.ts) build on them.
 */

import { type ContractDomains, contractDomains } from "../domains";
import { MB, UPLOAD_KINDS, type UploadFolderRule, type UploadKind } from "./kinds";

export { DEFAULT_UPLOAD_KINDS, DEFAULT_UPLOAD_MAX_BYTES, UPLOAD_KINDS, type UploadKind } from "./kinds";

type FoldersOf<D> = D extends { uploadFolders: infer F } ? Extract<keyof F, string> : never;

/**
 * docs/product.md § Uploads: the upload folders, each declared by the domain that uses it in its
 * domain.ts (`uploadFolders`), read here from the registry (app/contracts/domains.ts, docs/decisions/063).
 */
export type UploadFolder = FoldersOf<ContractDomains[number]>;

/** What each folder can ever hold; a use may narrow it, never widen it. */
const FOLDER_RULES = Object.fromEntries(contractDomains.flatMap((domain) => Object.entries(domain.uploadFolders ?? {}))) as Record<
  UploadFolder,
  UploadFolderRule
>;

export const UPLOAD_FOLDERS = Object.keys(FOLDER_RULES) as [UploadFolder, ...UploadFolder[]];

/** Whether a folder holds print artwork or drawings (a higher pixel limit: server/uploads/pictures.ts). */
export function isPrintedFolder(folder: UploadFolder) {
  return FOLDER_RULES[folder]?.printed === true;
}

/** Extensions a file name may carry for each kind (jpeg is jpg). */
export const KIND_EXTENSIONS: Record<UploadKind, string[]> = {
  jpg: ["jpg", "jpeg"],
  png: ["png"],
  gif: ["gif"],
  pdf: ["pdf"],
  xls: ["xls"],
  xlsx: ["xlsx"],
  mp4: ["mp4"],
  cdr: ["cdr"],
};

export const DEFAULT_UPLOAD_MAX_COUNT = 1;

/** The kind a file name claims (for the browser's early check only), or null. */
export function kindOfName(name: string): UploadKind | null {
  const ext = name.toLowerCase().split(".").pop() ?? "";
  return UPLOAD_KINDS.find((kind) => KIND_EXTENSIONS[kind].includes(ext)) ?? null;
}

/** docs/product.md § Uploads: the size limit as shown, in KB under 1 MB. */
export function formatSizeLimit(bytes: number) {
  return bytes < MB ? `${Math.round(bytes / 1024)}KB` : `${Math.round((bytes / MB) * 10) / 10}MB`;
}

/** A use's rules, narrowed to what its folder allows. */
export function effectiveRules(folder: UploadFolder, wanted: { kinds?: readonly UploadKind[]; maxBytes?: number } = {}) {
  const rules = FOLDER_RULES[folder];
  const kinds = (wanted.kinds ?? rules.kinds).filter((k) => rules.kinds.includes(k));
  return { kinds: kinds.length ? kinds : [...rules.kinds], maxBytes: Math.min(wanted.maxBytes ?? rules.maxBytes, rules.maxBytes) };
}

export type UploadSignature = {
  key: string;
  policy: string;
  OSSAccessKeyId: string;
  signature: string;
  host: string;
  /** Every form field to send before the file, in order (the five above for OSS-style hosts). */
  fields: Record<string, string>;
  maxBytes: number;
  expire: number;
};

export type UploadedFile = { id: string; url: string; name: string; sizeBytes: number; contentType: string };
