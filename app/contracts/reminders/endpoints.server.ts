import { endpoint } from "../api/endpoint";
import type { ReminderLogPage, ReminderSendResult, ReminderSettings } from "./api-types";
import { reminderItemSchema, reminderLogSchema, reminderSettingsSchema } from "./schema";

/**
 * Checklist reminders (issue 39, decision 034), the organizer's only (roleId 1): the exhibition's
 * settings, a reminder sent now to an item's not-done exhibitors, and the log of one item's reminders.
 */
export const reminderEndpoints = {
  settings: endpoint.get("/smeb/reminders/settings").answers<ReminderSettings>(),
  saveSettings: endpoint.post("/smeb/reminders/settings", reminderSettingsSchema).answers<ReminderSettings>(),
  /** Sends (or queues) a reminder to every exhibitor not done with the item; answers how many. */
  sendNow: endpoint.post("/smeb/reminders/sendNow", reminderItemSchema).answers<ReminderSendResult>(),
  log: endpoint.get("/smeb/reminders/log", reminderLogSchema).answers<ReminderLogPage>(),
};
