import type { Insertable } from "kysely";
import type { Db } from "../db/database";
import type { DB } from "../db/schema";
import { EXHIBITOR_ROLE_ID } from "../../app/contracts/permission/roles";
import { deadlineButtonAuths, deadlineRoleButtons, demoButtonAuths, demoMenus, demoRoleMenus } from "../seed/menus";

/** The schedule's buttons (export, e-mail me, request an extension): the demo dates their windows; a real show starts with them open. */
const SCHEDULE_BUTTON_IDS = [101, 102, 103];

type Grant = { role_id: number; button_id: number };

/** The menus and which role sees which: only the missing rows, so a newer version's pages reach an existing database. */
export async function addPortalMenus(db: Db) {
  await db
    .insertInto("menus")
    .values(demoMenus)
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  await db
    .insertInto("role_menus")
    .values(demoRoleMenus)
    .onConflict((oc) => oc.columns(["role_id", "menu_id"]).doNothing())
    .execute();
}

/**
 * Buttons a newer version brought, each with its grants once: a button the organizer has since changed,
 * or a grant withdrawn, stays as the organizer left it.
 */
export async function addButtonsOnce(db: Db, buttons: Insertable<DB["button_auths"]>[], grants: Grant[]) {
  if (!buttons.length) return;
  const added = await db
    .insertInto("button_auths")
    .values(buttons)
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .execute();
  const addedGrants = grants.filter((grant) => added.some((button) => button.id === grant.button_id));
  if (addedGrants.length) await db.insertInto("role_buttons").values(addedGrants).execute();
}

/**
 * What every exhibition's pages need besides its own data: the menus, which role sees which, and the
 * buttons with their grants (a real exhibition gets them from `cli.js setup`; the demo seeds them
 * itself). Inserts only what is missing; a menu or button the organizer changed stays as it is.
 */
export async function addPortalStructure(db: Db) {
  await addPortalMenus(db);
  const scheduleButtons = demoButtonAuths()
    .filter((button) => SCHEDULE_BUTTON_IDS.includes(button.id))
    .map((button) => ({ ...button, effect_start: null, effect_end: null, closed_message: null, closed_message_en: null }));
  const grants = [...SCHEDULE_BUTTON_IDS.map((button_id) => ({ role_id: EXHIBITOR_ROLE_ID, button_id })), ...deadlineRoleButtons];
  await addButtonsOnce(db, [...scheduleButtons, ...deadlineButtonAuths()], grants);
}
