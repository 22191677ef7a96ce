import type { Currency } from "./values";

/**
 * What the Taiwan exhibits filing API answers (issue 18, spec /exhibitTL twExhibitsDeclaration and
 * the customs agent's twExhibitsReview). Money in cents of the line's own currency (never
 * converted), weights in grams with the kg text beside, days and times ISO.
 */
export type TaiwanStatus = "draft" | "submitted" | "accepted" | "returned";
type TaiwanDisposition = "sold" | "returned";

export type TaiwanLineView = {
  sort: number;
  nameZh: string;
  nameEn: string;
  hsCode: string;
  quantity: number;
  unit: string;
  unitValueCents: number;
  currency: Currency;
  disposition: TaiwanDisposition;
  packages: number;
  grossWeightG: number;
  /** "12.5": the weight as a person reads it. */
  grossWeightKg: string;
  /** quantity × unit value, in cents of `currency`. */
  valueCents: number;
};

export type TaiwanTotal = { currency: Currency; cents: number };

export type TaiwanFilingView = {
  id: number;
  version: number;
  boothId: number;
  boothNo: string;
  importerName: string;
  importerContact: string;
  importerPhone: string;
  status: TaiwanStatus;
  /** The customs agent's comments of its last decision (the reason when returned). */
  reviewComment: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  /** Draft or returned: the exhibitor may change the header and the lines. */
  editable: boolean;
  /** Editable and with at least one line. */
  submittable: boolean;
  lines: TaiwanLineView[];
  totals: TaiwanTotal[];
  packagesTotal: number;
  grossWeightKgTotal: string;
};

type TaiwanBooth = { boothId: number; boothNo: string };

/** GET /smeb/twExhibit/find: the caller's booths, the booth looked at, and its filing (null before the header is saved). */
export type TaiwanFind = { booths: TaiwanBooth[]; boothId: number | null; filing: TaiwanFilingView | null; linesMax: number };

type TaiwanReviewItem = {
  id: number;
  status: TaiwanStatus;
  exhibitorName: string;
  boothNo: string;
  importerName: string;
  lineCount: number;
  totals: TaiwanTotal[];
  submittedAt: string | null;
  reviewedAt: string | null;
};

/** GET /smeb/twExhibit/review/list: filings ever submitted, waiting ones first; counts per status. */
export type TaiwanReviewList = {
  items: TaiwanReviewItem[];
  counts: Record<Exclude<TaiwanStatus, "draft">, number>;
  total: number;
  page: number;
  pageSize: number;
};

/** GET /smeb/twExhibit/review/detail: one filing with its exhibitor, and whether the agent can decide now. */
export type TaiwanReviewDetail = TaiwanFilingView & { exhibitorName: string; decidable: boolean };
