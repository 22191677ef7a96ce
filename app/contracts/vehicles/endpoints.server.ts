import { endpoint } from "../api/endpoint";
import {
  blueCarDecisionSchema,
  blueCarIdSchema,
  blueCarPassCodeSchema,
  blueCarPassQuerySchema,
  blueCarReviewQuerySchema,
  blueCarSchema,
  blueCarSettingsSchema,
  blueCarUpdateSchema,
} from "./blue-cars/schema";
import type { BlueCarList, BlueCarPassCheck, BlueCarReviewItem, BlueCarReviewList, BlueCarSettings } from "./blue-cars/types";
import type { CarrierExpressList, ExpressBookingView, ExpressList } from "./express/types";
import type { OverseasAgentsAnswer, OverseasRequestList, OverseasRequestView } from "./overseas/types";
import {
  expressQuerySchema,
  expressSchema,
  expressStepSchema,
  exportDaySchema,
  overseasRequestSchema,
  recordIdSchema,
  reviewQuerySchema,
  truckDecisionSchema,
  truckPassCodeSchema,
  truckPassQuerySchema,
  truckSchema,
  truckUpdateSchema,
  taiwanFindQuerySchema,
  taiwanHeaderSchema,
  taiwanLineDeleteSchema,
  taiwanLineSchema,
  taiwanReviewSchema,
} from "./schema";
import type { TaiwanFilingView, TaiwanFind, TaiwanReviewDetail, TaiwanReviewList } from "./taiwan/types";
import type { TruckList, TruckPassCheck, TruckReviewItem, TruckReviewList } from "./trucks/types";

/** A deleted express booking. */
export type ExpressDeleted = { id: number };

/**
 * Yellow-plate trucks (spec /exhibitTL truckInformationSubmit and truckReview): the exhibitor's
 * list, add, change and delete, the pass PDF, and the organizer's review, decision, day export and
 * pass check.
 */
export const truckEndpoints = {
  list: endpoint.get("/smeb/truck/list").answers<TruckList>(),
  save: endpoint.post("/smeb/truck/save", truckSchema).answers<TruckList>(),
  update: endpoint.post("/smeb/truck/update", truckUpdateSchema).answers<TruckList>(),
  remove: endpoint.post("/smeb/truck/delete", recordIdSchema).answers<TruckList>(),
  pass: endpoint.get("/smeb/truck/pass", truckPassQuerySchema).file(),
  reviewList: endpoint.get("/smeb/truck/review/list", reviewQuerySchema).answers<TruckReviewList>(),
  decide: endpoint.post("/smeb/truck/review/decide", truckDecisionSchema).answers<TruckReviewItem>(),
  exportReviews: endpoint.get("/smeb/truck/review/export", exportDaySchema).file(),
  verifyPass: endpoint.get("/smeb/truck/pass/verify", truckPassCodeSchema).answers<TruckPassCheck>(),
};

/** The Taiwan exhibits filing (spec /exhibitTL twExhibitsDeclaration and twExhibitsReview). */
export const taiwanFilingEndpoints = {
  find: endpoint.get("/smeb/twExhibit/find", taiwanFindQuerySchema).answers<TaiwanFind>(),
  saveHeader: endpoint.post("/smeb/twExhibit/save", taiwanHeaderSchema).answers<TaiwanFilingView>(),
  addLine: endpoint.post("/smeb/twExhibit/line/add", taiwanLineSchema).answers<TaiwanFilingView>(),
  removeLine: endpoint.post("/smeb/twExhibit/line/delete", taiwanLineDeleteSchema).answers<TaiwanFilingView>(),
  submit: endpoint.post("/smeb/twExhibit/submit", recordIdSchema).answers<TaiwanFilingView>(),
  reviewList: endpoint.get("/smeb/twExhibit/review/list", reviewQuerySchema).answers<TaiwanReviewList>(),
  reviewDetail: endpoint.get("/smeb/twExhibit/review/detail", recordIdSchema).answers<TaiwanReviewDetail>(),
  decide: endpoint.post("/smeb/twExhibit/review/decide", taiwanReviewSchema).answers<TaiwanReviewDetail>(),
  exportReviews: endpoint.get("/smeb/twExhibit/review/export").file(),
};

/** Small-exhibit express (spec /exhibitTL smallExhibitsExpress): the exhibitor's bookings and the carrier's. */
export const expressEndpoints = {
  list: endpoint.get("/smeb/express/list", expressQuerySchema).answers<ExpressList>(),
  save: endpoint.post("/smeb/express/save", expressSchema).answers<ExpressBookingView>(),
  remove: endpoint.post("/smeb/express/delete", recordIdSchema).answers<ExpressDeleted>(),
  carrierList: endpoint.get("/shipment/express/list", expressQuerySchema).answers<CarrierExpressList>(),
  step: endpoint.post("/shipment/express/step", expressStepSchema).answers<ExpressBookingView>(),
};

/** Overseas exhibit transport (spec /exhibitTL overseasExhibitTrans): the agents, a request, the history. */
export const overseasEndpoints = {
  agents: endpoint.get("/smeb/overseas/agents").answers<OverseasAgentsAnswer>(),
  saveRequest: endpoint.post("/smeb/overseas/request/save", overseasRequestSchema).answers<OverseasRequestView>(),
  requests: endpoint.get("/smeb/overseas/request/list").answers<OverseasRequestList>(),
};

/**
 * Non-Shenzhen blue-plate cars (issue 41, spec /HT/blueCarGuide): the exhibitor's list, add, change
 * and delete, the pass PDF of an approved car, and the organizer's review, decision, settings (the
 * English traffic page, the guide texts) and pass check.
 */
export const blueCarEndpoints = {
  list: endpoint.get("/smeb/blueCar/list").answers<BlueCarList>(),
  save: endpoint.post("/smeb/blueCar/save", blueCarSchema).answers<BlueCarList>(),
  update: endpoint.post("/smeb/blueCar/update", blueCarUpdateSchema).answers<BlueCarList>(),
  remove: endpoint.post("/smeb/blueCar/delete", blueCarIdSchema).answers<BlueCarList>(),
  pass: endpoint.get("/smeb/blueCar/pass", blueCarPassQuerySchema).file(),
  reviewList: endpoint.get("/smeb/blueCar/review/list", blueCarReviewQuerySchema).answers<BlueCarReviewList>(),
  decide: endpoint.post("/smeb/blueCar/review/decide", blueCarDecisionSchema).answers<BlueCarReviewItem>(),
  settings: endpoint.get("/smeb/blueCar/settings").answers<BlueCarSettings>(),
  saveSettings: endpoint.post("/smeb/blueCar/settings/save", blueCarSettingsSchema).answers<BlueCarSettings>(),
  verifyPass: endpoint.get("/smeb/blueCar/pass/verify", blueCarPassCodeSchema).answers<BlueCarPassCheck>(),
};
