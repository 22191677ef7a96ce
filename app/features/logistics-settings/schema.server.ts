/** schema.ts for route modules' loaders and actions: the browser build empties a .server module, so zod stays out of the page (~/lib/forms.server.ts). */
export {
  badgeQuotaSchema,
  carrierSaveSchema,
  constructionSettingsSchema,
  discountSaveSchema,
  liftingFeeSaveSchema,
  priceSaveSchema,
} from "../../contracts/logistics-settings/schema";

/**
 * The fields as typed, for the API call: the schemas turn yuan into cents (and so on), and the API
 * parses the same schema again, so it must get what the person typed, not the parsed values.
 */
export function typedFields<const Names extends readonly string[]>(formData: FormData, names: Names): Record<Names[number], string> {
  return Object.fromEntries(names.map((name) => [name, String(formData.get(name) ?? "")])) as Record<Names[number], string>;
}
