import type { EXPRESS_STATUSES } from "../schema";

/**
 * The small-exhibit express answers (spec /exhibitTL smallExhibitsExpress, issue 18): the
 * exhibitor's bookings with their steps, and the carrier's list of what is addressed to it.
 * Weights leave as kg text (up to three decimals), sizes as whole centimetres.
 */
export type ExpressStatus = (typeof EXPRESS_STATUSES)[number];

/** One step of a booking: reached (with when) or still ahead (`at` null). */
export type ExpressStepView = { status: ExpressStatus; at: string | null };

export type ExpressBookingView = {
  id: number;
  boothId: number;
  boothNo: string;
  carrierId: number;
  carrierName: string;
  senderName: string;
  senderPhone: string;
  senderAddress: string;
  recipientName: string;
  recipientPhone: string;
  itemName: string;
  pieces: number;
  grossWeightKg: string;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  expectedOn: string;
  trackingNo: string | null;
  status: ExpressStatus;
  /** The status the carrier may move it to, or null once delivered. */
  nextStatus: ExpressStatus | null;
  steps: ExpressStepView[];
  version: number;
  createdAt: string;
};

export type ExpressFilters = { status: ExpressStatus | null; from: string | null; to: string | null };

/** GET /smeb/express/list: the exhibitor's history (newest first, a page at a time) and what the form offers. */
export type ExpressList = {
  items: ExpressBookingView[];
  total: number;
  page: number;
  pageSize: number;
  filters: ExpressFilters;
  booths: { boothId: number; boothNo: string }[];
  carriers: { id: number; name: string }[];
  /** The booth's contact from the exhibitor's profile, to prefill the recipient. */
  recipient: { name: string; phone: string };
  /** Expected arrival may be from `today` to the last show day. */
  today: string;
  lastShowDay: string;
};

export type CarrierExpressView = ExpressBookingView & { exhibitorName: string };

/** GET /shipment/express/list: the bookings addressed to the carrier (the organizer: every carrier's), by expected day. */
export type CarrierExpressList = {
  carrier: { id: number; name: string } | null;
  items: CarrierExpressView[];
  total: number;
  page: number;
  pageSize: number;
  filters: ExpressFilters;
};
