/**
 * The parts of a validation message as the schemas write it (validation.ts withProp): its text key,
 * the field's label key ({prop}) and a limit ({max}), e.g. "validation.tooLong|exhibitor.fields.companyNameZh|100".
 */
export function messageParts(message: string): { key: string; propKey?: string; max?: string } {
  const [key, propKey, max] = message.split("|");
  return { key: key!, propKey: propKey || undefined, max };
}
