import type { Quote, TransportService } from "./pricing";
import type { OrderStepName } from "./schema";

/**
 * What the exhibit transport API answers (issue 17, decision 019). Money in cents; weights as kg
 * text ("12.5"), volumes as m³ text ("1.235"), sizes in cm (exhibits) or m text (lifting); days
 * YYYY-MM-DD, times ISO. Names come in the request's language.
 */
export type DeclarationStatus = "draft" | "submitted" | "accepted" | "returned";

type CarrierPrice = { service: TransportService; perM3Cents: number; perTonCents: number; minimumCents: number };
type CarrierDiscount = {
  code: string;
  name: string;
  kind: "early" | "volume";
  untilOn: string | null;
  minVolumeM3: string | null;
  percentBp: number | null;
  amountCents: number | null;
};
/** An appointed carrier as an exhibitor picks it, with its price list. */
export type CarrierOption = { id: number; name: string; contactEmail: string; contactPhone: string; prices: CarrierPrice[]; discounts: CarrierDiscount[] };

export type ExhibitView = {
  sort: number;
  nameZh: string;
  nameEn: string;
  quantity: number;
  packages: number;
  grossWeightKg: string;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  volumeM3: string;
};

/** The server's quote, with volume and weight as text and discount names in the request's language. */
export type QuoteView = Omit<Quote, "discounts"> & { volumeM3: string; weightKg: string; discounts: { code: string; name: string; amountCents: number }[] };

export type OrderView = {
  id: number;
  orderNo: string;
  step: OrderStepName;
  /** The steps this order goes through ('returned' only when a return shipment was asked for). */
  steps: OrderStepName[];
  /** The step the carrier may move it to, null once completed. */
  nextStep: OrderStepName | null;
  amountCents: number;
  paid: boolean;
  paidAt: string | null;
  version: number;
};

export type TransportEventView = { kind: string; note: string | null; at: string; side: "exhibitor" | "carrier" | "organizer" };
export type MessageView = { id: number; side: "exhibitor" | "carrier"; author: string; body: string; at: string };

export type DeclarationSummary = {
  id: number;
  status: DeclarationStatus;
  carrierId: number;
  carrierName: string;
  exhibitorName: string;
  boothId: number;
  boothNo: string;
  arrivalFrom: string;
  arrivalTo: string;
  exhibitCount: number;
  /** The accepted amount once accepted, else the computed total. */
  amountCents: number;
  submittedAt: string | null;
  updatedAt: string;
  orderStep: OrderStepName | null;
  version: number;
};

export type DeclarationDetail = DeclarationSummary & {
  services: TransportService[];
  contactName: string;
  contactPhone: string;
  bill: { url: string; name: string } | null;
  exhibits: ExhibitView[];
  quote: QuoteView;
  acceptedCents: number | null;
  acceptNote: string | null;
  returnReason: string | null;
  /** Draft or returned, and the caller is its exhibitor. */
  editable: boolean;
  /** A draft never submitted. */
  deletable: boolean;
  /** Editable, with at least one exhibit and every service priced. */
  submittable: boolean;
  /** The caller is its carrier and it is submitted. */
  decidable: boolean;
  events: TransportEventView[];
  messages: MessageView[];
  order: OrderView | null;
};

/** POST /smeb/shipment/declaration/delete: the draft deleted. */
export type DeclarationDeleted = { id: number };

/** GET /smeb/shipment/declaration/list */
export type DeclarationList = {
  declarations: DeclarationSummary[];
  carriers: CarrierOption[];
  booths: { boothId: number; boothNo: string }[];
  /** Build-up days (arrival windows should end by the last). */
  buildUp: { from: string; to: string };
};

/** POST /smeb/shipment/exhibits/import: every row added. Failure: 400 transport.excel.rowsFailed with ImportFailure. */
export type ImportResult = { imported: number; declaration: DeclarationDetail };
export type ImportRowError = { row: number; column: string; message: string };
export type ImportFailure = { rows: ImportRowError[]; total: number; failedRows: number };

/** GET /shipment/review/list (carrier: its own; organizer: every carrier's, read only). */
export type ReviewList = {
  carrier: { id: number; name: string } | null;
  items: DeclarationSummary[];
  counts: Record<DeclarationStatus, number>;
  total: number;
  page: number;
  pageSize: number;
};

export type OrderRow = {
  declarationId: number;
  exhibitorName: string;
  boothNo: string;
  carrierName: string;
  arrivalFrom: string;
  arrivalTo: string;
  services: TransportService[];
  order: OrderView;
};

/** GET /shipment/order/list */
export type OrderList = { carrier: { id: number; name: string } | null; items: OrderRow[]; total: number; page: number; pageSize: number };

/** GET /shipment/home: the carrier's home panel. */
export type CarrierHome = { carrier: { id: number; name: string }; today: string; pendingReviews: number; todaysDeliveries: OrderRow[] };

export type LiftingBookingView = {
  id: number;
  kind: "forklift" | "crane";
  weightT: string;
  lengthM: string;
  widthM: string;
  heightM: string;
  pieces: number;
  workDay: string;
  slot: string;
  boothId: number;
  boothNo: string;
  carrierId: number;
  carrierName: string;
  feeCents: number;
  status: "booked" | "confirmed";
  confirmedAt: string | null;
  /** When it was e-mailed to the carrier (null: not yet). */
  sentAt: string | null;
};

export type LiftingSendView = { id: number; sentAt: string; sentTo: string; carrierName: string; count: number; totalFeeCents: number };
type LiftingFeeClassView = { kind: "forklift" | "crane"; maxWeightT: string; feeCents: number };

/** GET /smeb/shipment/forklift/list */
export type LiftingList = {
  bookings: LiftingBookingView[];
  /** Sent once: no booking can be added or deleted any more. */
  locked: boolean;
  sends: LiftingSendView[];
  classes: LiftingFeeClassView[];
  /** The days bookings may take: build-up and dismantling. */
  days: { buildUpFrom: string; buildUpTo: string; dismantleFrom: string; dismantleTo: string };
  carriers: { id: number; name: string }[];
  booths: { boothId: number; boothNo: string }[];
  totalFeeCents: number;
};

/** GET /shipment/forklift/list: the bookings e-mailed to this carrier. */
export type CarrierLiftingList = { bookings: (LiftingBookingView & { exhibitorName: string })[] };
