import { Router } from "express";
import { calendarEndpoints } from "../../../app/contracts/calendar/endpoints.server";
import { readCalendar, saveButton, saveButtons, saveDates, saveDeadlines } from "../../calendar/calendar";
import { organizerFor } from "../caller";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { mount } from "../mount";

/** The exhibition calendar (issue 39, decision 035): the organizer's days, checklist deadlines and button windows. Mounted inside /api. */
export function calendarRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();

  mount(router, calendarEndpoints.calendar, async ({ req, res }) => {
    const organizer = await organizerFor(deps, req, res);
    return readCalendar(db, organizer.exhibitionId);
  });
  mount(router, calendarEndpoints.saveDates, async (call) => {
    const organizer = await organizerFor(deps, call.req, call.res);
    return saveDates(db, organizer.exhibitionId, call.input, requestLanguage(call.req));
  });
  mount(router, calendarEndpoints.saveDeadlines, async (call) => {
    const organizer = await organizerFor(deps, call.req, call.res);
    return saveDeadlines(db, organizer.exhibitionId, call.input, requestLanguage(call.req));
  });
  mount(router, calendarEndpoints.saveButton, async (call) => {
    const organizer = await organizerFor(deps, call.req, call.res);
    return saveButton(db, organizer.exhibitionId, call.input, requestLanguage(call.req));
  });
  mount(router, calendarEndpoints.saveButtons, async (call) => {
    const organizer = await organizerFor(deps, call.req, call.res);
    return saveButtons(db, organizer.exhibitionId, call.input, requestLanguage(call.req));
  });

  return router;
}
