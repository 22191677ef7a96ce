/**
 * Names the upload component adds next to its field: the plain file input of the no-JS form,
 * the "remove" checkboxes, and `<url>|<name>` pairs that let a returned form show file names.
 */
export function uploadFieldNames(name: string) {
  return { file: `${name}__file`, remove: `${name}__remove`, name: `${name}__name` };
}

export type UploadedRef = { url: string; name: string };

/** The files a form holds, from the values it was submitted with (or its saved defaults). */
export function uploadedRefs(urls: unknown, names: unknown): UploadedRef[] {
  const list = (value: unknown) => (Array.isArray(value) ? value : value === undefined || value === null || value === "" ? [] : [value]).map(String);
  const nameOf = new Map(
    list(names).map((pair) => {
      const at = pair.indexOf("|");
      return [pair.slice(0, at), pair.slice(at + 1)] as const;
    }),
  );
  return list(urls)
    .filter(Boolean)
    .map((url) => ({ url, name: nameOf.get(url) || url.split("/").pop() || url }));
}
