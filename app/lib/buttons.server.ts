import { redirect } from "@remix-run/node";
import { type ButtonGrants, buttonState } from "../contracts/permission/buttons";
import type { ShellUser } from "./permissions.server";

/** Server side of useButton: an action behind a button the user may not press ends at /401. */
export function requireButton(user: ShellUser, menuId: number, url: string) {
  const { infoVO, auths } = user.info;
  const state = buttonState(auths, { roleId: infoVO.roleId, menuId, url, now: user.now(), language: user.language });
  if (!state.visible) throw redirect("/401");
}

/** What useButton judges by in the browser: the page's loader sends it, for the menus its buttons are under. */
export function buttonGrantsFor(user: ShellUser, menuIds: readonly number[]): ButtonGrants {
  return { roleId: user.info.infoVO.roleId, now: user.now(), auths: user.info.auths.filter((auth) => menuIds.includes(auth.pid)) };
}
