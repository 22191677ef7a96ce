import * as z from "zod";

/**
 * The API gets what the person typed (kg, cm, t, m as text), not the page's parsed values: the API
 * parses with the same schema, so a parsed value (grams) must not be read again as kilograms.
 */
export function rawFields(formData: FormData, names: readonly string[]) {
  return Object.fromEntries(names.map((name) => [name, String(formData.get(name) ?? "")]));
}

const DECLARATION_TEXT_FIELDS = ["boothId", "carrierId", "arrivalFrom", "arrivalTo", "contactName", "contactPhone", "billUrl", "id", "version"] as const;

export function declarationForm(formData: FormData) {
  return { ...rawFields(formData, DECLARATION_TEXT_FIELDS), services: formData.getAll("services").map(String) };
}

/** A declaration's button (submit, delete): its id and the version the page was showing. */
export const declarationRecordSchema = z.object({ id: z.coerce.number().int().positive(), version: z.coerce.number().int().min(0) });
