import { BLUE_CAR_STATUSES } from "./blue-cars/values";
import { TRUCK_STATUSES } from "./values";

/**
 * What the pages of the two reviewed vehicle kinds differ in (issue 54): yellow-plate trucks (issue
 * 18) and blue-plate cars (issue 41). Their shared page parts (app/features/vehicles) read these; the
 * server's side is server/vehicles/kinds.ts. Texts are named under `vehicles.` by the kind's group,
 * which its own <kind>/texts.ts registers (the page imports it).
 */
export type VehiclePageKind = {
  /** The kind's own texts group: `vehicles.<texts>.review.*`, `vehicles.<texts>.downloadPass`… */
  texts: "trucks" | "blueCars";
  /** Where its fields' names are, under `vehicles.` (trucks share theirs with the other shipments). */
  fieldTexts: "fields" | "blueCars.fields";
  /** Where the names of its statuses are, under `vehicles.`. */
  statusTexts: "truckStatuses" | "blueCars.statuses";
  statuses: typeof TRUCK_STATUSES | typeof BLUE_CAR_STATUSES;
  /** Test ids and form ids begin with it: `${testId}-approve-7`. */
  testId: "truck" | "blue-car";
  /** The exhibitor's page (its `pass?id=` downloads the signed pass) and the organizer's review. */
  pagePath: string;
  reviewPath: string;
  /** Whether the review list narrows by a day (a truck comes on one day; a car's days are a range). */
  dayFilter: boolean;
  /** The record type of its History (`?history=` on both pages; docs/decisions/069). */
  historyType: "truck" | "blueCar";
};

export const TRUCK_PAGES: VehiclePageKind = {
  texts: "trucks",
  fieldTexts: "fields",
  statusTexts: "truckStatuses",
  statuses: TRUCK_STATUSES,
  testId: "truck",
  pagePath: "/exhibitTL/truckInformationSubmit",
  reviewPath: "/exhibitTL/truckReview",
  dayFilter: true,
  historyType: "truck",
};

export const BLUE_CAR_PAGES: VehiclePageKind = {
  texts: "blueCars",
  fieldTexts: "blueCars.fields",
  statusTexts: "blueCars.statuses",
  statuses: BLUE_CAR_STATUSES,
  testId: "blue-car",
  pagePath: "/HT/blueCarGuide",
  reviewPath: "/HT/blueCarReview",
  dayFilter: false,
  historyType: "blueCar",
};

/** One colour a status on every vehicle page. */
export const STATUS_COLORS = { submitted: "blue", approved: "green", returned: "orange" } as const;
