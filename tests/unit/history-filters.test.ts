import { describe, expect, it } from "vitest";
import { historyQuerySchema } from "../../app/contracts/team/schema";
import { historySearch } from "../../app/routes/_shell.index.history/filters";
import { historyFilters } from "../../app/routes/_shell.index.history/filters.server";

/**
 * The history log's filters from its address (/index/history, docs/decisions/069): a refused value is
 * named and left out, never sent on to the API, whose own schema refuses a day that is not in the calendar.
 */
describe("history filters", () => {
  it("keep what the schema accepts, and the page", () => {
    const params = new URLSearchParams("company=Galaxy&person=std01&area=badges&kind=update&from=2026-11-01&to=2026-11-30&page=3");
    expect(historyFilters(params)).toEqual({
      filters: { company: "Galaxy", person: "std01", area: "badges", kind: "update", from: "2026-11-01", to: "2026-11-30", page: 3 },
      errors: null,
    });
    // An empty form's fields are no filters.
    expect(historyFilters(new URLSearchParams("company=&person=&area=&kind=&from=&to="))).toEqual({ filters: { page: 1 }, errors: null });
  });

  it("name a refused value by its field and leave it out of the search", () => {
    const { filters, errors } = historyFilters(new URLSearchParams("from=2026-13-45&to=2026-02-30&kind=nonsense&person=std01"));
    expect(filters).toEqual({ person: "std01", page: 1 });
    expect(errors).toEqual({
      from: ["validation.correct|team.fields.day"],
      to: ["validation.correct|team.fields.day"],
      kind: ["validation.correct|team.fields.kind"],
    });
  });

  it("refuse a day that is no day in the API's schema too (it was queried as an invalid date)", () => {
    expect(historyQuerySchema.safeParse({ from: "2026-13-45" }).success).toBe(false);
    expect(historyQuerySchema.safeParse({ to: "2026-2-1" }).success).toBe(false);
    expect(historyQuerySchema.safeParse({ from: "2026-02-28", to: "2028-02-29" }).success).toBe(true);
  });

  it("make the pager's and the export's address from the filters that are set", () => {
    expect(historySearch({ page: 1 })).toBe("");
    expect(historySearch({ person: "std01 a", kind: "update", page: 4 })).toBe("?person=std01+a&kind=update");
    expect(historySearch({ person: "std01", page: 1 }, 2)).toBe("?person=std01&page=2");
  });
});
