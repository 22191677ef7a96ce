/**
 * The file kinds the portal accepts and the rule an upload folder declares, without zod and without
 * the folder list: a domain's domain.ts declares its folders with these (docs/decisions/063), and
 * values.ts builds the list from the registry.
 */

/** File kinds the portal accepts, by the extension a user sees. The server checks the bytes. */
export const UPLOAD_KINDS = ["jpg", "png", "gif", "pdf", "xls", "xlsx", "mp4", "cdr"] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** docs/product.md § Uploads / Display constants: jpg, jpeg, png, gif, pdf, xls, xlsx; 5 MB; one file. */
export const DEFAULT_UPLOAD_KINDS: UploadKind[] = ["jpg", "png", "gif", "pdf", "xls", "xlsx"];
export const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

export const MB = 1024 * 1024;
export const IMAGES = ["jpg", "png", "gif"] as const satisfies readonly UploadKind[];

/**
 * What an upload folder can ever hold; a use may narrow it, never widen it. `printed`: files printed
 * large (fascia artwork, drawings), whose pictures may have more pixels (server/uploads/pictures.ts).
 */
export type UploadFolderRule = { kinds: readonly UploadKind[]; maxBytes: number; printed?: boolean };
