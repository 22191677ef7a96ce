/**
 * A page's address with query values; empty ones (null, undefined, "") are left out, so an
 * unfiltered first page keeps its bare path (the address the menu and the tabs know).
 */
export function addressWith(path: string, values: Record<string, string | number | null | undefined>) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) if (value !== null && value !== undefined && value !== "") params.set(name, String(value));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** A list's page number as an address value: page 1 is the bare list. */
export const pageValue = (page: number | undefined) => (page !== undefined && page > 1 ? page : undefined);

/** The highest page number an address may ask for (past it the list is empty anyway). */
const MAX_PAGE = 10_000;

/** A page number read from an address (`page`, or a second list's own name): 1 when absent or not a number. */
export const pageFrom = (params: URLSearchParams, name = "page") => Math.max(1, Math.min(MAX_PAGE, Math.trunc(Number(params.get(name))) || 1));
