import { badgeReviewQuerySchema } from "~/contracts/badges/review-schema";
import { filtersFromAddress } from "~/lib/address-filters.server";
import { FILTER_NAMES, type ListFilters } from "./filters";

export function listFilters(params: URLSearchParams): ListFilters {
  return filtersFromAddress(badgeReviewQuerySchema, params, FILTER_NAMES, { page: 1, pageSize: 10 });
}
