import type { Transaction } from "kysely";
import type { Database } from "../db/database";
import type { DB } from "../db/schema";
import { EXHIBITOR_ROLE_ID } from "../../app/contracts/permission/roles";
import { deadlineButtonAuths, deadlineRoleButtons, demoButtonAuths, demoMenus, demoRoleMenus } from "../seed/menus";

/** The schedule's buttons (export, e-mail me, request an extension): the demo dates their windows; a real show starts with them open. */
const SCHEDULE_BUTTON_IDS = [101, 102, 103];

/**
 * What every exhibition's pages need besides its own data: the menus, which role sees which, and the
 * buttons with their grants (a real exhibition gets them from `cli.js setup`; the demo seeds them
 * itself). Inserts only what is missing, so a newer version's pages reach an existing database at
 * start; a menu or button the organizer changed stays as it is.
 */
export async function addPortalStructure(db: Database | Transaction<DB>) {
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
  const scheduleButtons = demoButtonAuths()
    .filter((button) => SCHEDULE_BUTTON_IDS.includes(button.id))
    .map((button) => ({ ...button, effect_start: null, effect_end: null, closed_message: null, closed_message_en: null }));
  const added = await db
    .insertInto("button_auths")
    .values([...scheduleButtons, ...deadlineButtonAuths()])
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .execute();
  const grants = [...SCHEDULE_BUTTON_IDS.map((button_id) => ({ role_id: EXHIBITOR_ROLE_ID, button_id })), ...deadlineRoleButtons];
  const addedGrants = grants.filter((grant) => added.some((button) => button.id === grant.button_id));
  if (addedGrants.length) await db.insertInto("role_buttons").values(addedGrants).execute();
}
