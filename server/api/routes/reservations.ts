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
  mount(router, endpoints.decideRooms, async ({ req, res, input }) =>
    withMessage(await decideRequest(db, await organizerFor(deps, req, res), input), say(req, "desk.decided")),
  );
  mount(router, endpoints.decideMeeting, async ({ req, res, input }) =>
    withMessage(await decideBooking(db, await organizerFor(deps, req, res), input), say(req, "desk.decided")),
  );
  mount(router, endpoints.saveHotel, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    await saveHotel(db, organizer, input);
    return withMessage(await listHotels(db, organizer), say(req, "desk.saved"));
  });
  mount(router, endpoints.deleteHotel, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    await deleteHotel(db, organizer, input.id);
    return withMessage(await listHotels(db, organizer), say(req, "desk.deleted"));
  });
  mount(router, endpoints.saveBlock, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    await saveBlock(db, organizer, input);
    return withMessage(await listHotels(db, organizer), say(req, "desk.saved"));
  });
  mount(router, endpoints.deleteBlock, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    await deleteBlock(db, organizer, input.id);
    return withMessage(await listHotels(db, organizer), say(req, "desk.deleted"));
  });
  mount(router, endpoints.saveMeetingRoom, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    await saveMeetingRoom(db, organizer, input);
    return withMessage(await listMeetingRooms(db, organizer), say(req, "desk.saved"));
  });
  mount(router, endpoints.deleteMeetingRoom, async ({ req, res, input }) => {
    const organizer = await organizerFor(deps, req, res);
    await deleteMeetingRoom(db, organizer, input.id);
    return withMessage(await listMeetingRooms(db, organizer), say(req, "desk.deleted"));
  });

  return router;
}
