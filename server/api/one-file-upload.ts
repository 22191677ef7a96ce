import busboy from "busboy";
import type { Request, Response } from "express";
import { ApiCode, ApiError } from "./envelope";

type OneFileOptions = {
  /** The form field of the file; other files are skipped unread. */
  fileField: string;
  /** The file's limit, held in memory (a spreadsheet to import: a few MB). */
  maxBytes: number;
  /** Text fields to keep besides the file. */
  fields?: readonly string[];
  /** The answer for a file over the limit (413, with the limit in the reader's words). */
  tooLarge: () => ApiError;
  /** The answer for a body that is not multipart. */
  notMultipart: () => ApiError;
};

/**
 * A multipart body with one small file (the Excel imports: badges, exhibitors, epidemic staff) and a
 * few fields, read into memory. A body declaring over four times the limit is refused unread, the
 * connection closed so the sender stops; a file found over the limit while reading is dropped.
 * An empty or missing file is null.
 */
export function readOneFile(req: Request, res: Response, options: OneFileOptions): Promise<{ file: Buffer | null; fields: Record<string, string> }> {
  const declared = Number(req.get("content-length"));
  if (Number.isFinite(declared) && declared > 4 * options.maxBytes) {
    res.set("Connection", "close");
    return Promise.reject(options.tooLarge());
  }
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: options.maxBytes, fields: 5, fieldSize: 1024, parts: 8 } });
    } catch {
      return reject(options.notMultipart());
    }
    const fields: Record<string, string> = {};
    const chunks: Buffer[] = [];
    let sawFile = false;
    let over = false;
    parser.on("field", (name, value) => {
      if (options.fields?.includes(name)) fields[name] = value;
    });
    parser.on("file", (name, stream) => {
      if (name !== options.fileField || sawFile) return void stream.resume();
      sawFile = true;
      stream.on("data", (chunk: Buffer) => void (over || chunks.push(chunk)));
      stream.on("limit", () => {
        over = true;
        chunks.length = 0;
      });
    });
    parser.on("close", () => {
      if (over) return reject(options.tooLarge());
      const file = Buffer.concat(chunks);
      resolve({ file: file.length ? file : null, fields });
    });
    parser.on("error", () => reject(new ApiError(ApiCode.badRequest, "errors.badRequest")));
    req.pipe(parser);
  });
}
