import type { MenuTable } from "../../db/schema";
import { appClock } from "../../clock";
import { Router } from "express";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { mount } from "../mount";
import { requireSession } from "../require-session";
import { CONTRACTOR_MENU_ROUTES } from "../../contractors/scope";
import type { MenuItem, PermissionInfo } from "../../../app/contracts/permission/api-types";
import { buttonAuthsFor } from "../../auth/button-check";
import { permissionEndpoints } from "../../../app/contracts/permission/endpoints.server";
import { emailForRole, phoneForRole } from "../../../app/contracts/common/format";
import { ORGANIZER_ROLE_ID } from "../../../app/contracts/permission/roles";
import { withoutClosedEpidemicMenu } from "../../epidemic/declaration";
import { teamButtons, teamIdentity, teamMenus } from "../../team/menus";

export function permissionRoutes(deps: ApiDeps) {
  const router = Router();
  const { db } = deps;

  async function allowedMenus(roleId: number) {
    const query = db.selectFrom("menus").selectAll("menus").orderBy("sort").orderBy("id");
    const rows =
      roleId === ORGANIZER_ROLE_ID
        ? await query.execute()
        : await query.innerJoin("role_menus", "role_menus.menu_id", "menus.id").where("role_menus.role_id", "=", roleId).execute();
    return rows;
  }

  /** Permission info: who the caller is (infoVO), their menu tree and their button auths. */
  mount(router, permissionEndpoints.info, async ({ req, res }) => {
    const { user, session, contractor, skin, team } = await requireSession(deps, req, res);
    let boothQuery = db.selectFrom("booths").select(["id", "booth_no", "area_m2", "booth_type"]).where("user_id", "=", user.id);
    // A contractor sees the one booth it was entrusted with.
    if (contractor) boothQuery = boothQuery.where("id", "=", contractor.boothId);
    const [exhibition, booths, granted, grantedButtons] = await Promise.all([
      db.selectFrom("exhibitions").select(["name_zh", "name_en", "code"]).where("id", "=", user.exhibitionId).executeTakeFirst(),
      boothQuery.orderBy("id").execute(),
      allowedMenus(user.roleId),
      buttonAuthsFor(db, user),
    ]);
    // A contractor's session gets the booking menus only (server/contractors/scope.ts), and no contact details.
    // The epidemic declaration's menu goes while the exhibition's switch is off.
    const open = await withoutClosedEpidemicMenu(db, user.exhibitionId, granted);
    // A team member or staff account: the menus of their grants, and buttons only where they may edit (server/team/menus.ts).
    const menus = contractor ? open.filter((m) => CONTRACTOR_MENU_ROUTES.has(m.route)) : team ? teamMenus(open, team) : open;
    const auths = contractor
      ? grantedButtons.filter((b) => menus.some((m) => m.id === b.pid))
      : team
        ? teamButtons(grantedButtons, menus, team)
        : grantedButtons;
    const current = booths.find((b) => b.id === session.boothId) ?? booths[0];
    const english = requestLanguage(req) === "en";
    const info: PermissionInfo = {
      infoVO: {
        id: user.id,
        username: user.username,
        roleId: user.roleId,
        businessName: user.businessName,
        businessNameEn: user.businessNameEn,
        boothId: current?.id ?? null,
        boothNo: current?.booth_no ?? null,
        boothArea: current?.area_m2 ?? null,
        boothType: current?.booth_type ?? null,
        sysCurrentTime: appClock.now().getTime(),
        exhibitName: exhibition ? (english ? exhibition.name_en : exhibition.name_zh) : null,
        exhibitCode: exhibition?.code ?? null,
        // docs/product.md § Masked personal data: masked by the server for everyone but roleId 1; the browser never sees more.
        contactPhone: user.contactPhone && !contractor ? phoneForRole(user.contactPhone, user.roleId) : null,
        contactEmail: user.contactEmail && !contractor ? emailForRole(user.contactEmail, user.roleId) : null,
        skin: contractor ? null : skin,
        booths: booths.map((b) => ({ boothId: b.id, boothNo: b.booth_no, boothArea: b.area_m2, boothType: b.booth_type })),
        contractor: contractor ? { accessId: contractor.accessId, companyName: contractor.companyName, contactName: contractor.contactName } : null,
        team: teamIdentity(team, user.roleId),
      },
      menuAuths: buildMenuTree(menus),
      auths,
    };
    return info;
  });

  /** Button auths granted under one menu id. */
  mount(router, permissionEndpoints.buttonsByMenu, async (call) => {
    const { req, res } = call;
    const { user, contractor, team } = await requireSession(deps, req, res);
    const { menuId } = call.input;
    if (contractor) {
      const menu = (await allowedMenus(user.roleId)).find((m) => m.id === menuId);
      if (!menu || !CONTRACTOR_MENU_ROUTES.has(menu.route)) return [];
    }
    if (team) {
      const menus = teamMenus(await allowedMenus(user.roleId), team);
      return teamButtons(await buttonAuthsFor(db, user, menuId), menus, team);
    }
    return buttonAuthsFor(db, user, menuId);
  });

  return router;
}

/** A menus row as read for the tree (the table's own type: one menu row type, server side). */
type MenuRow = Omit<MenuTable, "sort">;

/** Rows to the nested `list` shape; an item whose parent is not granted becomes a root. */
export function buildMenuTree(rows: MenuRow[]): MenuItem[] {
  const items = new Map<number, MenuItem>();
  for (const r of rows) {
    items.set(r.id, {
      id: r.id,
      pid: r.pid,
      route: r.route,
      name: r.name,
      nameEn: r.name_en,
      icon: r.icon,
      isMenu: r.is_menu,
      hidden: r.hidden,
      remark: r.remark,
      url: r.url,
      list: [],
    });
  }
  const roots: MenuItem[] = [];
  for (const item of items.values()) {
    const parent = items.get(item.pid);
    if (parent) parent.list.push(item);
    else roots.push(item);
  }
  return roots;
}
