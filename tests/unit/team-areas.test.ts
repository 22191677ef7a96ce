import { describe, expect, it } from "vitest";
import { areaAccessOf } from "../../app/contracts/team/areas";
import { areaOfApiPath } from "../../server/team/api-areas";
import { declaredEndpoints } from "../support/declared-endpoints";

/**
 * The areas as data (docs/decisions/069): every declared endpoint that needs a session belongs to an
 * area (or to everyone signed in), so none is refused to a team by being forgotten; and a page's
 * access is the seat's grant for the page's area.
 */
describe("team areas", () => {
  it("lists every declared endpoint that needs a session under an area", async () => {
    const unlisted = (await declaredEndpoints())
      .filter(({ endpoint }) => !endpoint.public)
      .filter(({ endpoint }) => areaOfApiPath(endpoint.path) === undefined)
      .map(({ name, key }) => `${name} (${key})`);
    expect(unlisted).toEqual([]);
  });

  it("gives a page the seat's level in its area, and nothing where no area applies", () => {
    const seat = { grants: { badges: "read", transport: "edit" } as const };
    expect(areaAccessOf(seat, "/exhibitorInfo/badgeReview")).toBe("read");
    expect(areaAccessOf(seat, "/exhibitTL/carriage")).toBe("edit");
    expect(areaAccessOf(seat, "/invoiceArea/billingApplication")).toBeNull();
    // The home page and one's password are everyone's; an account not on a team has no area access.
    expect(areaAccessOf(seat, "/index")).toBeNull();
    expect(areaAccessOf(seat, "/changePassword")).toBeNull();
    expect(areaAccessOf(null, "/exhibitorInfo/badgeReview")).toBeNull();
  });
});
