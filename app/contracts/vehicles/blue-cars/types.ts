import type { BlueCarScan, BlueCarStatus } from "./values";

/**
 * The answers of the blue-plate car routes (issue 41, /smeb/blueCar/*). Dates are YYYY-MM-DD,
 * moments ISO 8601.
 */
type BlueCarFile = { url: string; name: string };

export type BlueCarView = {
  id: number;
  version: number;
  ownerName: string;
  /** The registration: never changes once saved. */
  plate: string;
  scans: Record<BlueCarScan, BlueCarFile | null>;
  neededFrom: string;
  neededTo: string;
  status: BlueCarStatus;
  passNo: string | null;
  validFrom: string | null;
  validTo: string | null;
  reviewComment: string | null;
  reviewedAt: string | null;
  createdAt: string;
  /** Changes and deletion are taken until the organizer approves. */
  canEdit: boolean;
  canDelete: boolean;
};

/** The days a car may be registered for: build-up to the closing day. */
export type BlueCarDays = { from: string; to: string };

/** GET /smeb/blueCar/list (and the answer of save, update and delete). */
export type BlueCarList = {
  cars: BlueCarView[];
  days: BlueCarDays;
  /** The organizer's guide in the caller's language (content text format). */
  guide: string;
  /** Where the English page sends the browser (null: none set). */
  trafficPageUrlEn: string | null;
};

/**
 * An organizer's row: the exhibitor, and the other exhibitors' live registrations of the same plate
 * (issue 50: a plate is not refused for being someone else's; the organizer resolves it by approving
 * one and returning the others).
 */
export type BlueCarReviewItem = BlueCarView & { exhibitorName: string; plateConflicts: { exhibitorName: string; status: BlueCarStatus }[] };

/** GET /smeb/blueCar/review/list: one page of a status (waiting ones first without one). */
export type BlueCarReviewList = {
  items: BlueCarReviewItem[];
  counts: Record<BlueCarStatus, number>;
  total: number;
  page: number;
  pageSize: number;
  status: BlueCarStatus | null;
  days: BlueCarDays;
};

/** GET /smeb/blueCar/settings: the organizer's English traffic page and guide texts. */
export type BlueCarSettings = { trafficPageUrlEn: string | null; guideZh: string; guideEn: string };

/** GET /smeb/blueCar/pass/verify: what the gate checks against the car in front of it. */
export type BlueCarPassCheck = {
  id: number;
  plate: string;
  ownerName: string;
  passNo: string;
  validFrom: string;
  validTo: string;
  exhibitorName: string;
};
