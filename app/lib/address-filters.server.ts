import type * as z from "zod";

/**
 * A list page's filters from its address, checked by the page's query schema. A value the schema
 * refuses (an edited or stale address) is dropped rather than answered with an error page.
 */
export function filtersFromAddress<Schema extends z.ZodType>(
  schema: Schema,
  params: URLSearchParams,
  names: readonly string[],
  fallback: z.output<Schema>,
): z.output<Schema> {
  const input: Record<string, string> = {};
  for (const name of names) {
    const value = params.get(name);
    if (value !== null) input[name] = value;
  }
  let result = schema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) delete input[String(issue.path[0])];
    result = schema.safeParse(input);
  }
  return result.success ? result.data : fallback;
}

/** A record's id in the address (`?revoke=12`, `?id=12`): a positive whole number, or null for anything else. */
export function idInAddress(params: URLSearchParams, name: string): number | null {
  const id = Number(params.get(name));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The notice a redirect asked for (`?done=invited`) when it is one of the page's own; null otherwise. */
export function noticeInAddress<Notice extends string>(params: URLSearchParams, notices: readonly Notice[]): Notice | null {
  return notices.find((notice) => notice === params.get("done")) ?? null;
}
