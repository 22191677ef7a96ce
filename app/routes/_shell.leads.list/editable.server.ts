import type { PermissionInfo } from "~/contracts/permission/api-types";
import { allows } from "~/contracts/team/areas";

/** Whether the signed-in person may change the company's leads: the owner, or a member with the leads grant (edit). */
export function leadsEditable(info: PermissionInfo) {
  const team = info.infoVO.team;
  return team?.kind === "member" || team?.kind === "staff" ? allows(team.grants, "leads", "edit") : true;
}
