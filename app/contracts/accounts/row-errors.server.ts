import type { Language } from "../i18n/config";
import { translateMessage } from "../i18n/translate.server";
import type { ExhibitorImportRowError } from "./api-types";

/**
 * A row error's message in `language`: a schema's message ("key|label key"), or an import message
 * with its values after "#" ("accounts.import.boothTaken#{…}", server/accounts/exhibitor-import.ts).
 */
export function rowErrorText(language: Language, message: string): string {
  const hash = message.indexOf("#");
  if (hash < 0) return translateMessage(language, message);
  let values: Record<string, unknown> = {};
  try {
    values = JSON.parse(message.slice(hash + 1)) as Record<string, unknown>;
  } catch {
    // A message we did not write: its key alone.
  }
  return translateMessage(language, message.slice(0, hash), values);
}

/** "Row 3, column G (Booth number): Booth 1A01 belongs to another exhibitor (std01)", one line per error. */
export function rowErrorLines(language: Language, errors: ExhibitorImportRowError[]): string[] {
  return errors.map((e) => {
    const field = e.field ? translateMessage(language, `accounts.fields.${e.field}`) : "";
    const where =
      language === "zh" ? `第 ${e.row} 行，${e.column} 列${field ? `（${field}）` : ""}` : `Row ${e.row}, column ${e.column}${field ? ` (${field})` : ""}`;
    return `${where}: ${rowErrorText(language, e.message)}`;
  });
}
