import type { LeadRating } from "./values";

type ExhibitionInfo = { name: string; venue: string; opensOn: string; endsOn: string };

/**
 * GET /visit/pass: the visitor's own pass, opened from the link in the SMS or e-mail (the code in it
 * is the visitor's key: no sign-in). `leadUrl` is what the QR encodes: /lead/<code> behind the
 * exhibition's public address, or the path alone while there is none (the page adds the address it was opened at).
 */
export type VisitorPass = {
  exhibition: ExhibitionInfo;
  visitorNo: string;
  name: string;
  company: string;
  leadUrl: string;
  /** The pass page's own path (/pass/<code>). */
  passPath: string;
  leadConsent: boolean;
  checkedInAt: string | null;
};

/** GET /visit/leadCode: what a pass's code is, told to anyone (nothing personal). */
export type LeadCodeInfo = { exhibitionName: string; currentExhibition: boolean };

/** The visitor as an exhibitor who scanned them sees them: contacts only with the visitor's consent. */
export type LeadVisitor = {
  visitorNo: string;
  name: string;
  company: string;
  position: string;
  /** Null without consent (never masked text: nothing to read off). */
  mobile: string | null;
  email: string | null;
  contactShown: boolean;
  /** The personal data was deleted: name and company are empty. */
  erased: boolean;
};

export type LeadTag = { id: number; name: string; leads: number };

export type Lead = {
  id: number;
  visitor: LeadVisitor;
  rating: LeadRating | null;
  notes: string;
  tagIds: number[];
  followUp: boolean;
  scannedBy: string;
  scannedByUserId: number | null;
  firstScannedAt: string;
  updatedAt: string;
  scans: number;
};

/** GET /smeb/leads/capture */
export type LeadCapture = { visitor: LeadVisitor; lead: Lead | null; tags: LeadTag[] };

/** What one queued scan came to. `repeat`: its id was received before (the same lead, nothing added). */
export type LeadScanStatus = "saved" | "repeat" | "forged" | "otherExhibition" | "erased" | "deleted";
export type LeadScanResult = { id: string; status: LeadScanStatus; leadId: number | null; visitorName: string | null; message: string | null };

/** POST /smeb/leads/scans */
export type LeadScansAnswer = { results: LeadScanResult[] };

export type LeadCount = { key: string; label: string; count: number };

/** GET /smeb/leads: the company's leads, paged, with the counts per member and per day. */
export type LeadList = {
  rows: Lead[];
  total: number;
  page: number;
  pageSize: number;
  tags: LeadTag[];
  members: { id: number; label: string }[];
  perMember: LeadCount[];
  perDay: LeadCount[];
};

/** GET /smeb/leads/overview: the organizer's counts; never a visitor's contact. */
export type LeadOverview = {
  perExhibitor: { userId: number; companyName: string; leads: number; hot: number; members: number }[];
  perDay: LeadCount[];
  visitors: { registered: number; checkedIn: number; leadConsent: number; erased: number };
  totalLeads: number;
};

/** POST /smeb/invitation/visitors/resendPass: the pass link sent again. */
export type PassResent = { sms: boolean; email: boolean };
