import type { BadgeWindow } from "../../app/contracts/badges/api-types";
import { exhibitionDateTime } from "../../app/contracts/common/exhibition-time";
import { ApiCode, ApiError } from "../api/envelope";
import type { Database } from "../db/database";
import { scheduleWindow } from "../schedule/window";
import { ORGANIZER_ROLE_ID } from "../../app/contracts/permission/roles";

/**
 * Badges can be applied for, changed and deleted until the schedule item 'apply for exhibitor
 * badges' (done_check 'badges-applied') is due; after it the list is read-only. An exhibition
 * without that item has no deadline. The organizer (roleId 1) is never held by it.
 */
const BADGE_SCHEDULE_CHECK = "badges-applied";

export const badgeWindow = (db: Database, exhibitionId: number): Promise<BadgeWindow> => scheduleWindow(db, exhibitionId, BADGE_SCHEDULE_CHECK);

/** Refuses a change after the deadline, with the deadline in the message. */
export async function requireBadgesOpen(db: Database, caller: { exhibitionId: number; roleId: number }) {
  if (caller.roleId === ORGANIZER_ROLE_ID) return;
  const window = await badgeWindow(db, caller.exhibitionId);
  if (window.closed) throw new ApiError(ApiCode.conflict, "badges.errors.closed", { deadline: `${exhibitionDateTime(window.deadline)} (UTC+8)` });
}
