import type { Response } from "express";

/**
 * The one way an API route answers with a file (xlsx exports and templates, PDFs): the type, the
 * name in the caller's language with an ASCII fallback for old clients, the length, and nosniff.
 */
export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const PDF_CONTENT_TYPE = "application/pdf";

/** A download's name in the caller's language, and the ASCII name older clients show instead. */
export type DownloadName = { filename: string; ascii: string };

/** "attachment" with an ASCII name for old clients and the real one (RFC 5987) for the rest. */
export function attachmentDisposition(filename: string, asciiFallback: string) {
  return `attachment; filename="${asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * Sends the bytes as a download; `inline` lets the browser show it in place instead (an image on a
 * page), still with its name for "save as".
 */
export function sendFile(res: Response, bytes: Uint8Array, contentType: string, name: DownloadName | string, options: { inline?: boolean } = {}) {
  const { filename, ascii } = typeof name === "string" ? { filename: name, ascii: name } : name;
  const disposition = attachmentDisposition(filename, ascii);
  res
    .status(200)
    .set({
      "Content-Type": contentType,
      "Content-Disposition": options.inline ? disposition.replace(/^attachment/, "inline") : disposition,
      "Content-Length": String(bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
    })
    .end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}
