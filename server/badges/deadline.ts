import type { BadgeWindow } from "../../app/contracts/badges/api-types";
import { DEADLINE_ACTIONS } from "../../app/contracts/calendar/values";
import { actionWindow, requireActionOpen } from "../auth/button-check";
import type { Database } from "../db/database";

/**
 * Badges can be applied for, changed, deleted and imported inside the window of the calendar's badge
 * button (decision 035: by default until the checklist item 'apply for exhibitor badges', done check
 * 'badges-applied'); after it the list is read-only. The organizer (roleId 1) is never held.
 */
type BadgeCaller = { exhibitionId: number; roleId: number };

export const badgeWindow = (db: Database, caller: BadgeCaller): Promise<BadgeWindow> => actionWindow(db, caller, DEADLINE_ACTIONS.badges);

/** Refuses a change outside the window, naming the deadline. */
export const requireBadgesOpen = (db: Database, caller: BadgeCaller) => requireActionOpen(db, caller, DEADLINE_ACTIONS.badges, "badges.errors.closed");
