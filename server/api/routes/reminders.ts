import { Router } from "express";
import { reminderEndpoints } from "../../../app/contracts/reminders/endpoints.server";
import { activeReminderQueue } from "../../reminders/queue";
import { newManualJob, queueManual, reminderLog, reminderSettings, saveReminderSettings, sendManual } from "../../reminders/send";
import { notDoneFor } from "../../schedule/overview";
import { organizerFor } from "../caller";
import type { ApiDeps } from "../context";
import { mount } from "../mount";

/** Checklist reminders (docs/product.md § Home, decision 034): the organizer's settings, "send now" and the log. Mounted inside /api. */
export function reminderRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  mount(router, reminderEndpoints.settings, async ({ req, res }) => {
    const organizer = await organizerFor(deps, req, res);
    return reminderSettings(db, organizer.exhibitionId);
  });
  mount(router, reminderEndpoints.saveSettings, async (call) => {
    const organizer = await organizerFor(deps, call.req, call.res);
    return saveReminderSettings(db, organizer.exhibitionId, call.input);
  });
  mount(router, reminderEndpoints.sendNow, async (call) => {
    const organizer = await organizerFor(deps, call.req, call.res);
    // An item of another exhibition is not found (404), as on the not-done list.
    await notDoneFor(db, organizer.exhibitionId, call.input.itemId, { page: 1, pageSize: 1 });
    const job = newManualJob(organizer.exhibitionId, call.input.itemId, organizer.userId);
    // Logged as queued now, so the page the organizer returns to lists the send before a worker took it.
    const recipients = await queueManual(db, job);
    if (!recipients) return { recipients, queued: false };
    // The queue, where this process runs one (it survives a restart); else at once (tests, REMINDERS=off).
    const queue = activeReminderQueue();
    if (queue) await queue.sendManual(job);
    else await sendManual(deps, job);
    return { recipients, queued: Boolean(queue) };
  });
  mount(router, reminderEndpoints.log, async (call) => {
    const organizer = await organizerFor(deps, call.req, call.res);
    const { itemId, page, pageSize } = call.input;
    await notDoneFor(db, organizer.exhibitionId, itemId, { page: 1, pageSize: 1 });
    return reminderLog(db, organizer.exhibitionId, itemId, { page, pageSize });
  });

  return router;
}
