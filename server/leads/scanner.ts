import { allows } from "../../app/contracts/team/areas";
import { EXHIBITOR_ROLE_ID } from "../../app/contracts/permission/roles";
import { ApiCode, ApiError } from "../api/envelope";
import type { SessionUser } from "../api/require-session";

/** Who records a lead: the company (an exhibitor's account) and the person scanning for it. */
export type LeadScanner = { exhibitionId: number; companyUserId: number; userId: number; label: string };

/**
 * Capturing a lead (docs/decisions/070): an exhibitor's own account, or a member of its team with the
 * leads grant (edit). Each other caller is told why in its language: a member without the grant
 * which grant to ask for; the organizer, a carrier or an entrusted contractor that only exhibitors
 * record leads. Checked here rather than by the path's area, so a member learns what is missing.
 */
export function leadScannerOf(caller: SessionUser): LeadScanner {
  const { user, team, contractor } = caller;
  // A member's session is its company's account (role 2), with the member in `team`.
  if (contractor || user.roleId !== EXHIBITOR_ROLE_ID) {
    throw new ApiError(ApiCode.forbidden, "leads.errors.notExhibitor");
  }
  if (team?.kind === "member") {
    if (!allows(team.grants, "leads", "edit")) throw new ApiError(ApiCode.forbidden, "leads.errors.noLeadsGrant");
    return { exhibitionId: user.exhibitionId, companyUserId: user.id, userId: team.userId, label: team.displayName };
  }
  return { exhibitionId: user.exhibitionId, companyUserId: user.id, userId: user.id, label: user.username };
}

/** The company whose leads a session reads (its owner, a member with the area: api-areas checks the grant); refused to anyone else. */
export function leadCompanyOf(caller: SessionUser): { exhibitionId: number; companyUserId: number } {
  const { user, contractor } = caller;
  if (contractor || user.roleId !== EXHIBITOR_ROLE_ID) throw new ApiError(ApiCode.forbidden, "leads.errors.notExhibitor");
  return { exhibitionId: user.exhibitionId, companyUserId: user.id };
}
