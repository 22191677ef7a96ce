import type { RequestHandler } from "express";
import { fieldError } from "./envelope";

/**
 * Text the portal cannot store or show is refused at the API's edge, for every endpoint at once:
 * NUL and the other C0 and C1 control characters (tab, line feed and carriage return are kept for
 * multi-line fields), and lone UTF-16 surrogates. PostgreSQL refuses a NUL outright (a 500 before this);
 * the others would reach PDFs, spreadsheets and e-mails.
 */
const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The path of the first string (or key) that holds such a character, or null. */
export function findUnstorableText(value: unknown, path = ""): string | null {
  if (typeof value === "string") return UNSTORABLE.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnstorableText(item, path);
      if (found !== null) return found || String(index);
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const here = path ? `${path}.${key}` : key;
      if (UNSTORABLE.test(key)) return here;
      const found = findUnstorableText(item, here);
      if (found !== null) return found;
    }
  }
  return null;
}

/** After the body parsers (server/api/mount.ts): a 400 naming the field, in the caller's language, before the handler runs. */
export function refuseUnstorableText(): RequestHandler {
  return (req, _res, next) => {
    const field = findUnstorableText(req.query) ?? findUnstorableText(req.body);
    if (field === null) return next();
    next(fieldError("validation.unstorable", field || "_"));
  };
}
