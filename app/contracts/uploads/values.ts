/**
 * What each upload folder accepts (kinds, sizes) and how a file name and a size limit are read, without
 * zod: the upload component imports these; the request schemas (schema.ts) build on them.
 */

/** docs/product.md § Uploads: the upload folders. */
export const UPLOAD_FOLDERS = [
  "icon",
  "company-logo",
  "company-video",
  "company-video-cover",
  "exhibits-img",
  "eletricbox-img",
  "driving-license",
  "invoice",
  "feedback",
  "certificate-composite",
  "carriage-bill",
  "carriage-exhibit-excel",
  "payment-voucher",
  "leakage-electric",
  "health-code",
  "travel-code",
  "poster",
  "test",
  // Booth construction (issue 15): the spec names no folder for these.
  "booth-fascia",
  "booth-insurance",
  "safety-commitment",
  "booth-drawing",
  // The data area (issue 41): the organizer's published files.
  "data-file",
  // The bus and parking guides (issue 41): car park maps.
  "guide-map",
  // The organizer's settings (issue 52): the 'Contact us' QR picture.
  "contact-code",
] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

/** File kinds the portal accepts, by the extension a user sees. The server checks the bytes. */
export const UPLOAD_KINDS = ["jpg", "png", "gif", "pdf", "xls", "xlsx", "mp4", "cdr"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

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

/** docs/product.md § Uploads / Display constants: jpg, jpeg, png, gif, pdf, xls, xlsx; 5 MB; one file. */
export const DEFAULT_UPLOAD_KINDS: UploadKind[] = ["jpg", "png", "gif", "pdf", "xls", "xlsx"];
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_UPLOAD_MAX_COUNT = 1;

const MB = 1024 * 1024;
const IMAGES: UploadKind[] = ["jpg", "png", "gif"];

/** What each folder can ever hold; a use may narrow it, never widen it. */
const FOLDER_RULES: Record<UploadFolder, { kinds: UploadKind[]; maxBytes: number }> = {
  icon: { kinds: IMAGES, maxBytes: 5 * MB },
  "company-logo": { kinds: IMAGES, maxBytes: 5 * MB },
  "company-video": { kinds: ["mp4"], maxBytes: 200 * MB },
  "company-video-cover": { kinds: IMAGES, maxBytes: 5 * MB },
  "exhibits-img": { kinds: IMAGES, maxBytes: 5 * MB },
  "eletricbox-img": { kinds: [...IMAGES, "pdf"], maxBytes: 10 * MB },
  "driving-license": { kinds: [...IMAGES, "pdf"], maxBytes: 5 * MB },
  invoice: { kinds: [...IMAGES, "pdf"], maxBytes: 10 * MB },
  feedback: { kinds: IMAGES, maxBytes: 5 * MB },
  "certificate-composite": { kinds: [...IMAGES, "pdf"], maxBytes: 20 * MB },
  "carriage-bill": { kinds: [...IMAGES, "pdf"], maxBytes: 10 * MB },
  "carriage-exhibit-excel": { kinds: ["xls", "xlsx"], maxBytes: 10 * MB },
  "payment-voucher": { kinds: [...IMAGES, "pdf"], maxBytes: 10 * MB },
  "leakage-electric": { kinds: [...IMAGES, "pdf"], maxBytes: 10 * MB },
  "health-code": { kinds: IMAGES, maxBytes: 5 * MB },
  "travel-code": { kinds: IMAGES, maxBytes: 5 * MB },
  poster: { kinds: [...IMAGES, "pdf"], maxBytes: 20 * MB },
  test: { kinds: DEFAULT_UPLOAD_KINDS, maxBytes: DEFAULT_UPLOAD_MAX_BYTES },
  // Fascia artwork: a JPG or a CorelDRAW file (docs/product.md § Uploads), large.
  "booth-fascia": { kinds: ["jpg", "cdr"], maxBytes: 50 * MB },
  "booth-insurance": { kinds: ["pdf"], maxBytes: 10 * MB },
  "safety-commitment": { kinds: ["jpg", "png", "pdf"], maxBytes: 10 * MB },
  "booth-drawing": { kinds: ["pdf", "jpg", "png"], maxBytes: 50 * MB },
  "data-file": { kinds: ["pdf", "xls", "xlsx", "jpg", "png"], maxBytes: 50 * MB },
  "guide-map": { kinds: ["jpg", "png"], maxBytes: 5 * MB },
  "contact-code": { kinds: ["jpg", "png"], maxBytes: MB },
};

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
export function effectiveRules(folder: UploadFolder, wanted: { kinds?: UploadKind[]; maxBytes?: number } = {}) {
  const rules = FOLDER_RULES[folder];
  const kinds = (wanted.kinds ?? rules.kinds).filter((k) => rules.kinds.includes(k));
  return { kinds: kinds.length ? kinds : rules.kinds, maxBytes: Math.min(wanted.maxBytes ?? rules.maxBytes, rules.maxBytes) };
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
