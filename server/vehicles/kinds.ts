import { BLUE_CAR_PAGE_SIZE } from "../../app/contracts/vehicles/blue-cars/values";
import { ApiCode, ApiError, fieldError } from "../api/envelope";

/**
 * The registered vehicles reviewed by the organizer (issue 54): yellow-plate trucks (issue 18) and
 * blue-plate cars (issue 41). What they share runs once (registrations.ts); what differs is here as
 * data: the table, the texts their refusals name, the page size of the review, and how a changed
 * plate is refused (a conflict for trucks, a field error for cars; the API tests hold both).
 */
export type VehicleKind = {
  table: "yellow_trucks" | "blue_cars";
  /** The texts group of the kind's refusals: `${texts}.errors.<name>`. */
  texts: "vehicles.trucks" | "vehicles.blueCars";
  /** The organizer's review list, rows a page. */
  reviewPageSize: number;
  /** An update naming another plate than the registered one. */
  plateLocked: () => ApiError;
};

const conflict = (key: string) => new ApiError(ApiCode.conflict, key);

export const TRUCKS: VehicleKind = {
  table: "yellow_trucks",
  texts: "vehicles.trucks",
  reviewPageSize: 20,
  plateLocked: () => conflict("vehicles.trucks.errors.plateLocked"),
};

export const BLUE_CARS: VehicleKind = {
  table: "blue_cars",
  texts: "vehicles.blueCars",
  reviewPageSize: BLUE_CAR_PAGE_SIZE,
  plateLocked: () => fieldError("vehicles.blueCars.errors.plateLocked", "plate"),
};

/** A conflict named by the kind's texts: `${kind.texts}.errors.${name}`. */
export const kindConflict = (kind: VehicleKind, name: string) => conflict(`${kind.texts}.errors.${name}`);
