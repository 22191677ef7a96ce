/**
 * The fixed values a plain POST form carries besides what is typed (which action, which row, the
 * version it was read at), so the form works the same without JavaScript.
 */
export function HiddenFields({ values }: { values: Record<string, string | number> }) {
  return Object.entries(values).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}
