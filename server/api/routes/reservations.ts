import { Router } from "express";
import { DEADLINE_ACTIONS } from "../../../app/contracts/calendar/values";
import { translate } from "../../../app/contracts/i18n/translate.server";
import { reservationEndpoints as endpoints } from "../../../app/contracts/reservations/endpoints.server";
import { requireActionOpen } from "../../auth/button-check";
import { showDays } from "../../reservations/common";
import { deleteBlock, deleteHotel, listHotels, saveBlock, saveHotel } from "../../reservations/hotels";
import {
  bookMeeting,
  cancelBooking,
  decideBooking,
  deleteMeetingRoom,
  deskBookings,
  listMeetingRooms,
  myBookings,
  saveMeetingRoom,
} from "../../reservations/meetings";
import { cancelRequest, decideRequest, deskRequests, myRequests, requestRooms } from "../../reservations/room-requests";
import { callerFor, organizerFor } from "../caller";
import type { ApiDeps } from "../context";
import { requestLanguage } from "../envelope";
import { mount, withMessage } from "../mount";
import { mountOrganizerChange, type OrganizerChange } from "../organizer-change";
import type { AnyEndpoint } from "../../../app/contracts/api/endpoint";

/**
 * Business reservations (issue 41, docs/product.md § Business reservations). Mounted inside /api. Carrier
 * accounts are refused (403, server/transport/carrier-scope.ts); the desk routes are the organizer's.
 */
export function reservationRoutes(deps: ApiDeps): Router {
  const { db } = deps;
  const router = Router();
  const say = (req: Parameters<typeof requestLanguage>[0], key: string) => translate(requestLanguage(req), `reservations.${key}`);

  mount(router, endpoints.overview, async ({ req, res }) => {
    const caller = await callerFor(deps, req, res);
    const [hotels, meetingRooms, show, requests, bookings] = await Promise.all([
      listHotels(db, caller),
      listMeetingRooms(db, caller),
      showDays(db, caller.exhibitionId),
      myRequests(db, caller),
      myBookings(db, caller),
    ]);
    return { hotels, meetingRooms, showDays: show.days, requests, bookings };
  });
  mount(router, endpoints.requestRooms, async ({ req, res, input }) => {
    const caller = await callerFor(deps, req, res);
    await requireActionOpen(db, caller, DEADLINE_ACTIONS.reservations);
    return withMessage(await requestRooms(db, caller, input), say(req, "requested"));
  });
  mount(router, endpoints.cancelRooms, async ({ req, res, input }) =>
    withMessage(await cancelRequest(db, await callerFor(deps, req, res), input.id), say(req, "cancelled")),
  );
  mount(router, endpoints.bookMeeting, async ({ req, res, input }) => {
    const caller = await callerFor(deps, req, res);
    await requireActionOpen(db, caller, DEADLINE_ACTIONS.reservations);
    return withMessage(await bookMeeting(db, caller, input), say(req, "booked"));
  });
  mount(router, endpoints.cancelMeeting, async ({ req, res, input }) =>
    withMessage(await cancelBooking(db, await callerFor(deps, req, res), input.id), say(req, "cancelled")),
  );

  mount(router, endpoints.deskRequests, async ({ req, res, input }) => deskRequests(db, await organizerFor(deps, req, res), input));
  mount(router, endpoints.deskBookings, async ({ req, res, input }) => deskBookings(db, await organizerFor(deps, req, res), input));
  const deskChange = <E extends AnyEndpoint>(endpoint: E, message: "decided" | "saved" | "deleted", run: OrganizerChange<E>["run"]) =>
    mountOrganizerChange(router, deps, endpoint, { run, message: `reservations.desk.${message}` });
  deskChange(endpoints.decideRooms, "decided", (organizer, input) => decideRequest(db, organizer, input));
  deskChange(endpoints.decideMeeting, "decided", (organizer, input) => decideBooking(db, organizer, input));
  // A hotel's, block's or meeting room's change answers the whole list it changed.
  deskChange(endpoints.saveHotel, "saved", (organizer, input) => saveHotel(db, organizer, input).then(() => listHotels(db, organizer)));
  deskChange(endpoints.deleteHotel, "deleted", (organizer, input) => deleteHotel(db, organizer, input.id).then(() => listHotels(db, organizer)));
  deskChange(endpoints.saveBlock, "saved", (organizer, input) => saveBlock(db, organizer, input).then(() => listHotels(db, organizer)));
  deskChange(endpoints.deleteBlock, "deleted", (organizer, input) => deleteBlock(db, organizer, input.id).then(() => listHotels(db, organizer)));
  deskChange(endpoints.saveMeetingRoom, "saved", (organizer, input) => saveMeetingRoom(db, organizer, input).then(() => listMeetingRooms(db, organizer)));
  deskChange(endpoints.deleteMeetingRoom, "deleted", (organizer, input) =>
    deleteMeetingRoom(db, organizer, input.id).then(() => listMeetingRooms(db, organizer)),
  );

  return router;
}
