import { appClock } from "../clock";
import type { ButtonAuth } from "../../app/contracts/permission/api-types";
import { buttonState } from "../../app/contracts/permission/buttons";

import type { Database } from "../db/database";
import { ApiCode, ApiError } from "../api/envelope";
import { ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";

/** The button auths of a role (roleId 1: every row), in the shape the web app gets. */
async function buttonAuthsForRole(db: Database, roleId: number): Promise<ButtonAuth[]> {
  let query = db.selectFrom("button_auths").selectAll("button_auths").orderBy("button_auths.id");
  if (roleId !== ORGANIZER_ROLE_ID) {
    query = query.innerJoin("role_buttons", "role_buttons.button_id", "button_auths.id").where("role_buttons.role_id", "=", roleId);
  }
  const rows = await query.execute();
  return rows.map((b) => ({
    id: b.id,
    url: b.url,
    name: b.name,
    nameEn: b.name_en,
    pid: b.menu_id,
    buttonEffectStartTime: b.effect_start ? new Date(b.effect_start).toISOString() : null,
    buttonEffectEndTime: b.effect_end ? new Date(b.effect_end).toISOString() : null,
    closedMessage: b.closed_message,
    closedMessageEn: b.closed_message_en,
  }));
}

/**
 * The API's side of docs/product.md § Organizer: the action behind a button runs only when the caller's role
 * has that button under that menu and the server's clock is inside its window (roleId 1: always).
 * Otherwise 403 'Insufficient permissions'.
 */
export async function requireApiButton(db: Database, user: { roleId: number; id: number }, menuId: number, url: string): Promise<void> {
  if (user.roleId === ORGANIZER_ROLE_ID) return;
  const auths = await buttonAuthsForRole(db, user.roleId);
  const state = buttonState(auths, { roleId: user.roleId, menuId, url, now: appClock.now().getTime(), language: "zh" });
  if (!state.visible) throw new ApiError(ApiCode.forbidden, "errors.insufficientPermissions");
}
