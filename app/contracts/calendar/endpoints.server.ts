import { endpoint } from "../api/endpoint";
import type { CalendarButton, CalendarDates, ExhibitionCalendar } from "./api-types";
import { calendarButtonSchema, calendarButtonsSchema, calendarDatesSchema, calendarDeadlinesSchema } from "./schema";

/**
 * The exhibition calendar (issue 39, decision 035), the organizer's only (roleId 1): its days, the
 * checklist's deadlines and the buttons' windows, which may close with one of those dates.
 */
export const calendarEndpoints = {
  calendar: endpoint.get("/smeb/calendar").answers<ExhibitionCalendar>(),
  saveDates: endpoint.post("/smeb/calendar/dates", calendarDatesSchema).answers<CalendarDates>(),
  /** Every deadline in one go (JSON: one entry per item). */
  saveDeadlines: endpoint.postJson("/smeb/calendar/deadlines", calendarDeadlinesSchema).answers<{ saved: number }>(),
  saveButton: endpoint.post("/smeb/calendar/button", calendarButtonSchema).answers<CalendarButton>(),
  /** Every button's window in one go (JSON: one entry per button), all saved or none. */
  saveButtons: endpoint.postJson("/smeb/calendar/buttons", calendarButtonsSchema).answers<{ saved: number }>(),
};
