import { allows, COMMON } from "../../app/contracts/team/areas";
import { areaOfApiPath } from "./api-areas";
import type { TeamSeat } from "./membership";

/**
 * What a team member's or staff account's session may call (docs/decisions/069): the common paths,
 * and an area's paths with its grant, read for GET and edit for anything else. The team page is the
 * owner's: never a member's, never the organizer's staff. An unlisted path is refused (fails closed).
 */
export function teamMayCall(seat: TeamSeat, method: string, path: string): boolean {
  const area = areaOfApiPath(path);
  if (area === undefined || area === "owner") return false;
  if (area === COMMON) return true;
  return allows(seat.grants, area, method === "GET" || method === "HEAD" ? "read" : "edit");
}
