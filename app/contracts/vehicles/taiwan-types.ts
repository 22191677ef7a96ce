import type { Currency } from "./tw-values";

/**
 * What the Taiwan exhibits filing API answers (issue 18, spec /exhibitTL twExhibitsDeclaration and
 * the customs agent's twExhibitsReview). Money in cents of the line's own currency (never
 * converted), weights in grams with the kg text beside, days and times ISO.
 */
export type TwStatus = "draft" | "submitted" | "accepted" | "returned";
export type TwDisposition = "sold" | "returned";

export type TwLineView = {
  sort: number;
  nameZh: string;
  nameEn: string;
  hsCode: string;
  quantity: number;
  unit: string;
  unitValueCents: number;
  currency: Currency;
  disposition: TwDisposition;
  packages: number;
  grossWeightG: number;
  /** "12.5": the weight as a person reads it. */
  grossWeightKg: string;
  /** quantity × unit value, in cents of `currency`. */
  valueCents: number;
};

export type TwTotal = { currency: Currency; cents: number };

export type TwFilingView = {
  id: number;
  version: number;
  boothId: number;
  boothNo: string;
  importerName: string;
  importerContact: string;
  importerPhone: string;
  status: TwStatus;
  /** The customs agent's comments of its last decision (the reason when returned). */
  reviewComment: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  /** Draft or returned: the exhibitor may change the header and the lines. */
  editable: boolean;
  /** Editable and with at least one line. */
  submittable: boolean;
  lines: TwLineView[];
  totals: TwTotal[];
  packagesTotal: number;
  grossWeightKgTotal: string;
};

export type TwBooth = { boothId: number; boothNo: string };

/** GET /smeb/twExhibit/find: the caller's booths, the booth looked at, and its filing (null before the header is saved). */
export type TwFind = { booths: TwBooth[]; boothId: number | null; filing: TwFilingView | null; linesMax: number };

export type TwReviewItem = {
  id: number;
  status: TwStatus;
  exhibitorName: string;
  boothNo: string;
  importerName: string;
  lineCount: number;
  totals: TwTotal[];
  submittedAt: string | null;
  reviewedAt: string | null;
};

/** GET /smeb/twExhibit/review/list: filings ever submitted, waiting ones first; counts per status. */
export type TwReviewList = { items: TwReviewItem[]; counts: Record<Exclude<TwStatus, "draft">, number>; total: number; page: number; pageSize: number };

/** GET /smeb/twExhibit/review/detail: one filing with its exhibitor, and whether the agent can decide now. */
export type TwReviewDetail = TwFilingView & { exhibitorName: string; decidable: boolean };
