import type { ButtonAuth } from "../../app/contracts/permission/api-types";
import type { MenuTable } from "../db/schema";
import { allows, areaOfMenuRoute, COMMON } from "../../app/contracts/team/areas";
import type { TeamIdentity } from "../../app/contracts/team/api-types";
import { EXHIBITOR_ROLE_ID } from "../../app/contracts/permission/roles";
import type { TeamSeat } from "./membership";

type MenuRow = Pick<MenuTable, "id" | "pid" | "route">;

/**
 * The menus a team seat sees (docs/decisions/069): the common pages and those of the areas it holds
 * (read is enough to see a page); a menu group stays when one of its pages does. The pages' own
 * check is this list (a route outside it is /401), so a member never reaches an area's page unless granted.
 */
export function teamMenus<M extends MenuRow>(menus: readonly M[], seat: TeamSeat): M[] {
  const shown = new Set<number>();
  for (const menu of menus) {
    const area = areaOfMenuRoute(menu.route);
    if (area === COMMON || (area !== undefined && area !== "owner" && allows(seat.grants, area, "read"))) shown.add(menu.id);
  }
  // A group (a row others hang under) shows when one of its pages shows.
  for (const menu of menus) if (shown.has(menu.id) && menu.pid) shown.add(menu.pid);
  return menus.filter((menu) => shown.has(menu.id));
}

/** The buttons of a team seat: those under its menus, in areas it may edit (reading shows no action). */
export function teamButtons(buttons: readonly ButtonAuth[], menus: readonly MenuRow[], seat: TeamSeat): ButtonAuth[] {
  const editable = new Set(
    menus
      .filter((menu) => {
        const area = areaOfMenuRoute(menu.route);
        return area === COMMON || (area !== undefined && area !== "owner" && allows(seat.grants, area, "edit"));
      })
      .map((menu) => menu.id),
  );
  return buttons.filter((button) => editable.has(button.pid));
}

/** The seat as the pages see it (infoVO.team): the owner of an exhibitor's account is "owner". */
export function teamIdentity(seat: TeamSeat | null, roleId: number): TeamIdentity | null {
  if (seat?.kind === "member") return { kind: "member", memberId: seat.userId, username: seat.username, displayName: seat.displayName, grants: seat.grants };
  if (seat?.kind === "staff")
    return { kind: "staff", roleName: seat.roleName, roleNameEn: seat.roleNameEn, grants: seat.grants, seesPersonalData: seat.seesPersonalData };
  return roleId === EXHIBITOR_ROLE_ID ? { kind: "owner" } : null;
}
