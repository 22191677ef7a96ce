import { endpoint } from "../api/endpoint";
import type { BusGuide, BusRoute, CarPark, GuideIntro, ParkingGuide } from "./api-types";
import { busRouteSaveSchema, busStopSaveSchema, busTimetableSaveSchema, carParkSaveSchema, guideIdSchema, guideIntroSaveSchema } from "./schema";

/**
 * The bus and parking guides (issue 41), under /smeb/guides: every signed-in account reads the
 * exhibition's shown routes and car parks; the organizer (roleId 1) also sees hidden ones and
 * maintains the intros, routes, stops, timetables and car parks.
 */
export const trafficGuidesEndpoints = {
  bus: endpoint.get("/smeb/guides/bus").answers<BusGuide>(),
  parking: endpoint.get("/smeb/guides/parking").answers<ParkingGuide>(),
  /** A car park's map picture (shown inline). */
  map: endpoint.get("/smeb/guides/carPark/map", guideIdSchema).file(),

  saveIntro: endpoint.post("/smeb/guides/intro/save", guideIntroSaveSchema).answers<GuideIntro>(),
  saveRoute: endpoint.post("/smeb/guides/route/save", busRouteSaveSchema).answers<BusRoute>(),
  deleteRoute: endpoint.post("/smeb/guides/route/delete", guideIdSchema).answers<null>(),
  saveStop: endpoint.post("/smeb/guides/stop/save", busStopSaveSchema).answers<BusRoute>(),
  deleteStop: endpoint.post("/smeb/guides/stop/delete", guideIdSchema).answers<null>(),
  saveTimetable: endpoint.post("/smeb/guides/timetable/save", busTimetableSaveSchema).answers<BusRoute>(),
  deleteTimetable: endpoint.post("/smeb/guides/timetable/delete", guideIdSchema).answers<null>(),
  saveCarPark: endpoint.post("/smeb/guides/carPark/save", carParkSaveSchema).answers<CarPark>(),
  deleteCarPark: endpoint.post("/smeb/guides/carPark/delete", guideIdSchema).answers<null>(),
};
