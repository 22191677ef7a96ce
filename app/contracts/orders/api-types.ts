import type { OrderSource, OrderStatus, PriceKind, ServiceCategory } from "./schema";

/**
 * The service-ordering API's answers (/smeb/service/*): written once, used by our API
 * (server/orders/*) and by the pages (app/features/orders/orders.server.ts). Money is integer cents.
 */

export const ORDER_ACTIONS = ["updateContractor", "regenerateContract", "delete", "uploadContract", "claimPayment", "complete"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export type ContractKind = "generated" | "stamped";

/** The price the server charges if ordered now; `until` is when it ends ('advance price until ...'). */
export type PriceInForce = { kind: PriceKind; cents: number; until?: string };

export type ServiceView = {
  id: number;
  code: string;
  category: ServiceCategory;
  name: string;
  nameEn: string;
  unit: string;
  unitEn: string;
  photoUrl: string | null;
  advanceCents: number;
  standardCents: number;
  onsiteCents: number;
  price: PriceInForce;
  orderOpen: boolean;
  orderOpensAt: string | null;
  orderClosesAt: string | null;
};

export type Catalogue = {
  /** The last second of advance prices and the first day of on-site prices, exhibition time. */
  advanceUntil: string;
  onsiteFrom: string;
  list: ServiceView[];
};

export type CartLine = {
  itemId: number;
  serviceId: number;
  boothId: number;
  boothNo: string;
  name: string;
  nameEn: string;
  unit: string;
  unitEn: string;
  photoUrl: string | null;
  quantity: number;
  price: PriceInForce;
  lineCents: number;
  orderOpen: boolean;
};

export type CartView = { boothId: number; boothNo: string; lines: CartLine[]; totalCents: number; count: number };

export type OrderLine = {
  serviceId: number | null;
  code: string;
  name: string;
  nameEn: string;
  unit: string;
  unitEn: string;
  priceKind: PriceKind;
  unitCents: number;
  quantity: number;
  lineCents: number;
};

type OrderEvent = { action: string; fromStatus: string | null; toStatus: string | null; actorLabel: string; details: unknown; createdAt: string };

export type OrderSummary = {
  orderNo: string;
  source: OrderSource;
  status: OrderStatus;
  totalCents: number;
  boothId: number | null;
  boothNo: string;
  contractorCompany: string | null;
  contractorContact: string | null;
  contractorPhone: string | null;
  createdAt: string;
};

export type OrderView = OrderSummary & {
  installationDrawingUrl: string | null;
  contractVersion: number;
  contractUrls: string[];
  /** The current contract PDF: the generated one until the upload, then the stamped, combined one. */
  contractPdfUrl: string | null;
  contractPdfKind: ContractKind | null;
  /** The generated contract of the current version (still kept after the upload). */
  generatedContractPdfUrl: string | null;
  rulesAcceptedAt: string | null;
  voucherUrl: string | null;
  contractUploadedAt: string | null;
  paymentClaimedAt: string | null;
  completedAt: string | null;
  lines: OrderLine[];
  /** What the caller may do next (the organizer's completion is not the exhibitor's). */
  allowedActions: OrderAction[];
  history: OrderEvent[];
};

export type OrderPage<T> = { total: number; page: number; pageSize: number; list: T[] };
/** The organizer's list also says whose order it is and what was attached. */
export type AdminOrderSummary = OrderSummary & { username: string; businessName: string | null; contractUrls: string[]; voucherUrl: string | null };
