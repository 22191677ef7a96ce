import type { TRUCK_KINDS, TRUCK_STATUSES } from "../schema";

/**
 * The answers of the yellow-plate truck routes (issue 18, /smeb/truck/*): the exhibitor's list and
 * the organizer's review. Dates are YYYY-MM-DD, moments ISO 8601.
 */
type TruckKind = (typeof TRUCK_KINDS)[number];
export type TruckStatus = (typeof TRUCK_STATUSES)[number];

/** The build-up and dismantling days a truck may be planned on. */
export type TruckDays = { buildUpFrom: string; buildUpTo: string; dismantleFrom: string; dismantleTo: string };

export type TruckView = {
  id: number;
  version: number;
  boothId: number;
  boothNo: string;
  /** The registration: never changes once saved. */
  plate: string;
  trailerPlate: string | null;
  kind: TruckKind;
  driverName: string;
  /** Masked (docs/product.md § Masked personal data) for everyone but the organizer. */
  driverPhone: string;
  plannedOn: string;
  license: { url: string; name: string } | null;
  status: TruckStatus;
  returnReason: string | null;
  gate: string | null;
  decidedAt: string | null;
  createdAt: string;
  /** Changes are taken while submitted or returned, deletion until approved. */
  canEdit: boolean;
  canDelete: boolean;
};

/** GET /smeb/truck/list (and the answer of save, update and delete). */
export type TruckList = { trucks: TruckView[]; booths: { boothId: number; boothNo: string }[]; days: TruckDays };

export type TruckReviewItem = TruckView & { exhibitorName: string };

/** GET /smeb/truck/review/list: one page of a status (waiting ones first without one), and a day. */
export type TruckReviewList = {
  items: TruckReviewItem[];
  counts: Record<TruckStatus, number>;
  total: number;
  page: number;
  pageSize: number;
  status: TruckStatus | null;
  day: string | null;
  days: TruckDays;
};

/** GET /smeb/truck/pass/verify: what the gate checks against the truck in front of it. */
export type TruckPassCheck = {
  id: number;
  plate: string;
  trailerPlate: string | null;
  kind: TruckKind;
  plannedOn: string;
  gate: string;
  boothNo: string;
  exhibitorName: string;
  driverName: string;
};
