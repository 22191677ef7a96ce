import { badgeReviewQuerySchema } from "~/features/badges/review-schema";
import { FILTER_NAMES, type ListFilters } from "./filters";

/** The filters from the address; a value the schema refuses (an edited address) is dropped, not an error page. */
export function listFilters(params: URLSearchParams): ListFilters {
  const input: Record<string, string> = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value !== null) input[name] = value;
  }
  let result = badgeReviewQuerySchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) delete input[String(issue.path[0])];
    result = badgeReviewQuerySchema.safeParse(input);
  }
  return result.success ? result.data : { page: 1, pageSize: 10 };
}
