import type { Request, Response } from "express";
import type { Database } from "../db/database";
import type { Logger } from "../logger";
import { findStoredFile, type StoredFile } from "../uploads/files";
import type { ObjectStore } from "../uploads/object-store";
import { maskPersonalColumns, masksForStaff } from "../team/personal-data";

/**
 * The one way an API route answers with a file it made (xlsx exports and templates, PDFs): the
 * type, the name in the caller's language with an ASCII fallback for old clients, the length, and
 * nosniff. A stored file (an upload, a saved PDF, a video) is answered by `sendStoredFile` below,
 * streamed from the store.
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
export async function sendFile(res: Response, bytes: Uint8Array, contentType: string, name: DownloadName | string, options: { inline?: boolean } = {}) {
  // A staff role without personal data gets a workbook's contact and ID columns masked (decision 069).
  if (contentType === XLSX_CONTENT_TYPE && masksForStaff(res)) bytes = await maskPersonalColumns(bytes);
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

/** One byte range, as RFC 9110 § 14.1.2 writes it: `bytes=first-last`, `bytes=first-` or `bytes=-suffix`. */
const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/**
 * The Range header against the size (RFC 9110 § 14): [start, end] inclusive; null (answer the
 * whole file) when there is none, when it is invalid (`bytes=5-1`, another unit, garbage) or when
 * it asks for several ranges (we send no multipart answers); "unsatisfiable" (416) only for a valid
 * range that lies wholly past the end, or a suffix of 0 bytes.
 */
export function parseRange(header: string | undefined, size: number): [number, number] | "unsatisfiable" | null {
  const match = header ? SINGLE_RANGE.exec(header.trim()) : null;
  if (!match) return null;
  const [, from, to] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(from);
  if (to !== "" && Number(to) < start) return null;
  if (start >= size) return "unsatisfiable";
  return [start, to === "" ? size - 1 : Math.min(Number(to), size - 1)];
}

/** A stored object to answer with (its size from `store.stat` just before) and the route's own headers. */
export type StoredFileAnswer = {
  key: string;
  size: number;
  contentType: string;
  /** Content-Disposition, Cache-Control, Content-Security-Policy and any header of the route's own. */
  headers: Record<string, string>;
  /** The body of a 416 answer (plain text); empty when absent. */
  unsatisfiableText?: string;
  /** What the log line says, and names, when the store fails mid-answer. */
  log: { message: string; context: Record<string, unknown> };
};

/** The headers that describe a file's bytes: dropped when the answer becomes an error instead. */
const BYTE_HEADERS = ["Content-Length", "Content-Range", "Content-Disposition", "Accept-Ranges"];

/**
 * The one way any route answers with a stored file (downloads, pictures, the public video link):
 * GET streams it from the store as the client reads it, a valid single range as 206 with only those
 * bytes read, so no answer of any size is ever held in memory; HEAD answers the same headers and
 * reads nothing. An invalid or multiple range answers the whole file (200). A failure before the
 * first byte answers 500; after it, the connection is cut (the length told would be a lie). A client
 * that goes away stops the read. Resolves once the answer is over.
 */
export async function sendStoredFile(req: Request, res: Response, deps: { store: ObjectStore; logger: Logger }, file: StoredFileAnswer): Promise<void> {
  // We send no validators, so an If-Range never matches: the whole file (RFC 9110 § 13.1.5).
  const range = req.get("if-range") ? null : parseRange(req.get("range"), file.size);
  res.set({ ...file.headers, "Content-Type": file.contentType, "Accept-Ranges": "bytes", "X-Content-Type-Options": "nosniff" });
  if (range === "unsatisfiable") {
    res.removeHeader("Content-Disposition");
    res
      .status(416)
      .set({ "Content-Range": `bytes */${file.size}`, "Cache-Control": "no-store" })
      .type("text/plain; charset=utf-8")
      .send(file.unsatisfiableText ?? "");
    return;
  }
  const [start, end] = range ?? [0, file.size - 1];
  if (range) res.status(206).set("Content-Range", `bytes ${start}-${end}/${file.size}`);
  else res.status(200);
  res.set("Content-Length", String(Math.max(0, end - start + 1)));
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  // An empty file has no byte to read (a read stream's end of -1 would mean "to the end").
  if (file.size === 0) {
    res.end();
    return;
  }
  const stream = await deps.store.openRead(file.key, range ? { start, end } : undefined).catch((error: unknown) => {
    // The route's error answer follows: without the headers of bytes it will not send.
    for (const name of BYTE_HEADERS) res.removeHeader(name);
    throw error;
  });
  // The client may have left while the store opened the file.
  if (res.destroyed || req.socket?.destroyed) return void stream.destroy();
  await new Promise<void>((resolve) => {
    res.once("close", () => {
      // Finished or gone (a client that aborted): either way nothing more is read.
      stream.destroy();
      resolve();
    });
    stream.once("error", (error) => {
      deps.logger.error({ err: error, ...file.log.context }, file.log.message);
      if (res.headersSent) return void res.destroy(error);
      for (const name of BYTE_HEADERS) res.removeHeader(name);
      res.status(500).set("Cache-Control", "no-store").type("text/plain; charset=utf-8").end("Internal Server Error");
    });
    stream.pipe(res);
  });
}

/** How a route answers with one of its stored files (an upload it found the id of). */
type StoredUploadAnswer = {
  /** The refusal when the row or its bytes are gone (the route's own 404). */
  missing: () => Error;
  /** Content-Disposition for the found file. */
  disposition: (file: StoredFile) => string;
  /** Defaults to the type recorded when the file was checked. */
  contentType?: string;
  cacheControl: string;
  log: StoredFileAnswer["log"];
};

/**
 * A stored upload by its id: the row and the store's size looked up, 404 (`missing`) when either is
 * gone, then answered sandboxed (never able to script this origin) by `sendStoredFile`.
 */
export async function sendStoredUpload(
  req: Request,
  res: Response,
  deps: { db: Database; store: ObjectStore; logger: Logger },
  fileId: string | null,
  answer: StoredUploadAnswer,
): Promise<void> {
  const file = fileId === null ? null : await findStoredFile(deps.db, fileId);
  const info = file && (await deps.store.stat(file.storageKey));
  if (!file || !info) throw answer.missing();
  await sendStoredFile(req, res, deps, {
    key: file.storageKey,
    size: info.sizeBytes,
    contentType: answer.contentType ?? file.contentType,
    headers: {
      "Content-Disposition": answer.disposition(file),
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": answer.cacheControl,
    },
    log: answer.log,
  });
}
