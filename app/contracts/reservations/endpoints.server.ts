import { endpoint } from "../api/endpoint";
import type { Hotel, MeetingBooking, MeetingRoom, Paged, ReservationOverview, RoomRequest } from "./api-types";
import {
  blockSaveSchema,
  decisionSchema,
  deskListSchema,
  hotelSaveSchema,
  meetingBookingSchema,
  meetingRoomSaveSchema,
  reservationIdSchema,
  roomRequestSchema,
} from "./schema";

/**
 * Business reservations (issue 41, docs/product.md § Business reservations): exhibitors request hotel
 * rooms from the partner hotels' blocks and book meeting rooms; the organizer (roleId 1) confirms or
 * declines and maintains hotels, blocks and meeting rooms (the `desk` calls).
 */
export const reservationEndpoints = {
  overview: endpoint.get("/smeb/reservation/overview").answers<ReservationOverview>(),
  requestRooms: endpoint.post("/smeb/reservation/room/request", roomRequestSchema).answers<RoomRequest>(),
  /** Until the hotel's cut-off day. */
  cancelRooms: endpoint.post("/smeb/reservation/room/cancel", reservationIdSchema).answers<RoomRequest>(),
  bookMeeting: endpoint.post("/smeb/reservation/meeting/book", meetingBookingSchema).answers<MeetingBooking>(),
  /** Until the booked day begins. */
  cancelMeeting: endpoint.post("/smeb/reservation/meeting/cancel", reservationIdSchema).answers<MeetingBooking>(),

  deskRequests: endpoint.get("/smeb/reservation/desk/room/list", deskListSchema).answers<Paged<RoomRequest>>(),
  deskBookings: endpoint.get("/smeb/reservation/desk/meeting/list", deskListSchema).answers<Paged<MeetingBooking>>(),
  decideRooms: endpoint.post("/smeb/reservation/desk/room/decide", decisionSchema).answers<RoomRequest>(),
  decideMeeting: endpoint.post("/smeb/reservation/desk/meeting/decide", decisionSchema).answers<MeetingBooking>(),
  saveHotel: endpoint.post("/smeb/reservation/desk/hotel/save", hotelSaveSchema).answers<Hotel[]>(),
  /** Refused while it has room blocks. */
  deleteHotel: endpoint.post("/smeb/reservation/desk/hotel/delete", reservationIdSchema).answers<Hotel[]>(),
  saveBlock: endpoint.post("/smeb/reservation/desk/block/save", blockSaveSchema).answers<Hotel[]>(),
  /** Refused while requested or confirmed requests hold its rooms. */
  deleteBlock: endpoint.post("/smeb/reservation/desk/block/delete", reservationIdSchema).answers<Hotel[]>(),
  saveMeetingRoom: endpoint.post("/smeb/reservation/desk/meetingRoom/save", meetingRoomSaveSchema).answers<MeetingRoom[]>(),
  /** Refused while it has live bookings. */
  deleteMeetingRoom: endpoint.post("/smeb/reservation/desk/meetingRoom/delete", reservationIdSchema).answers<MeetingRoom[]>(),
};
