import { appClock } from "../clock";
import type { ButtonAuth } from "../../app/contracts/permission/api-types";
import { buttonState } from "../../app/contracts/permission/buttons";
import type { ActionWindow, DeadlineAction } from "../../app/contracts/calendar/values";
import type { Database } from "../db/database";
import { ApiCode, ApiError } from "../api/envelope";
import { ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";
import { calendarEnds } from "../calendar/dates";
import { exhibitionDateTime } from "../../app/contracts/common/exhibition-time";
import { iso } from "../db/column-values";

type ButtonHolder = { roleId: number; exhibitionId: number };

/**
 * The button auths of a role (roleId 1: every row), in the shape the web app gets, with each
 * window's end resolved in the holder's exhibition: a button that closes with a calendar date ends
 * when that date does (decision 035). The one place windows are worked out: the permission info the
 * pages get and every server check below read them from here.
 */
export async function buttonAuthsFor(db: Database, holder: ButtonHolder, menuId?: number): Promise<ButtonAuth[]> {
  let query = db.selectFrom("button_auths").selectAll("button_auths").orderBy("button_auths.id");
  if (holder.roleId !== ORGANIZER_ROLE_ID) {
    query = query.innerJoin("role_buttons", "role_buttons.button_id", "button_auths.id").where("role_buttons.role_id", "=", holder.roleId);
  }
  if (menuId !== undefined) query = query.where("button_auths.menu_id", "=", menuId);
  const rows = await query.execute();
  const ends = rows.some((b) => b.closes_with) ? await calendarEnds(db, holder.exhibitionId) : new Map<string, Date>();
  return rows.map((b) => ({
    id: b.id,
    url: b.url,
    name: b.name,
    nameEn: b.name_en,
    pid: b.menu_id,
    buttonEffectStartTime: iso(b.effect_start),
    buttonEffectEndTime: b.closes_with ? iso(ends.get(b.closes_with)) : iso(b.effect_end),
    closedMessage: b.closed_message,
    closedMessageEn: b.closed_message_en,
    closesWith: b.closes_with,
  }));
}

/**
 * The API's side of docs/product.md § Button permissions: the action behind a button runs only when the caller's
 * role has that button under that menu and the server's clock is inside its window (roleId 1: always).
 * Otherwise 403 'Insufficient permissions'.
 */
export async function requireApiButton(db: Database, user: ButtonHolder, menuId: number, url: string): Promise<void> {
  if (user.roleId === ORGANIZER_ROLE_ID) return;
  const auths = await buttonAuthsFor(db, user, menuId);
  const state = buttonState(auths, { roleId: user.roleId, menuId, url, now: appClock.now().getTime(), language: "zh" });
  if (!state.visible) throw new ApiError(ApiCode.forbidden, "errors.insufficientPermissions");
}

/** The window of an action the calendar closes (badges, the standard build, orders, transport). */
export async function actionWindow(db: Database, caller: ButtonHolder, action: DeadlineAction): Promise<ActionWindow> {
  const auths = await buttonAuthsFor(db, caller, action.menuId);
  const auth = auths.find((a) => a.url === action.url);
  const now = appClock.now().getTime();
  const state = buttonState(auths, { roleId: caller.roleId, menuId: action.menuId, url: action.url, now, language: "zh" });
  const start = auth?.buttonEffectStartTime ?? null;
  return {
    deadline: auth?.buttonEffectEndTime ?? null,
    closed: !state.visible,
    opensAt: !state.visible && start && Date.parse(start) > now ? start : null,
  };
}

/**
 * Refuses an action outside its window: 409 naming when it opens, or the deadline that has passed
 * (`closedKey`: the area's own wording); 403 when the caller has no such button at all. The organizer
 * is never held.
 */
export async function requireActionOpen(db: Database, caller: ButtonHolder, action: DeadlineAction, closedKey = "errors.windowClosed"): Promise<void> {
  if (caller.roleId === ORGANIZER_ROLE_ID) return;
  const window = await actionWindow(db, caller, action);
  if (!window.closed) return;
  if (window.opensAt) throw new ApiError(ApiCode.conflict, "errors.notOpenYet", { opens: `${exhibitionDateTime(window.opensAt)} (UTC+8)` });
  if (window.deadline && Date.parse(window.deadline) < appClock.now().getTime()) {
    throw new ApiError(ApiCode.conflict, closedKey, { deadline: `${exhibitionDateTime(window.deadline)} (UTC+8)` });
  }
  throw new ApiError(ApiCode.forbidden, "errors.insufficientPermissions");
}
