import type { MessageDelivery } from "../../delivery-log/values";
import type { RankingKind, RankingPeriod } from "./values";

/** One choice of the page's lists, its name in the caller's language. */
type VisitChoice = { id: number | string; name: string };

/**
 * GET /visit/info: what the public page shows for a link. Only what is meant public: the
 * exhibition, the inviting company's name (null for an unknown code or one of another exhibition),
 * the choice lists, and whether the caller's address must pass a captcha now.
 */
export type VisitPage = {
  exhibition: { name: string; venue: string; opensOn: string; endsOn: string } | null;
  inviterCompany: string | null;
  classes: VisitChoice[];
  countries: VisitChoice[];
  /** China's provinces (region codes), asked for when the country is `chinaCountryId`. */
  provinces: VisitChoice[];
  chinaCountryId: number;
  captchaRequired: boolean;
};

/** POST /visit/sendCode */
/** `delivery`: whether the code's SMS left already or waits in the queue (the number masked). */
export type VisitorCodeSent = { resendAfterSeconds: number; expiresInSeconds: number; delivery: MessageDelivery };

/** POST /visit/register: the confirmation. */
/** `passPath`: the visitor's pass page (/pass/<code>), also sent by SMS and e-mail. */
export type VisitorRegistered = { visitorNo: string; name: string; exhibitionName: string; inviterCompany: string | null; passPath: string };

/** One exhibitor's row of a ranking: company names only. */
export type RankingRow = { rank: number; companyName: string; count: number; mine: boolean };

/**
 * A ranking (competition ranking: equal counts share a rank and the next rank skips; equal ranks by
 * company name). `rows`: the top RANKING_TOP (every row for the organizer); `own`: the caller's row
 * wherever it stands (null for the organizer); `ranked`: how many exhibitors have a count above 0.
 */
export type Ranking = { kind: RankingKind; period: RankingPeriod; rows: RankingRow[]; own: RankingRow | null; ranked: number };

/** One visitor as the exhibitor (masked unless consented and allowed) or the organizer (as typed) sees them. */
export type AudienceRow = {
  id: number;
  visitorNo: string;
  name: string;
  company: string;
  position: string;
  mobile: string;
  email: string;
  /** Whether mobile and e-mail are shown as typed. */
  contactShown: boolean;
  country: string;
  province: string;
  interests: string[];
  consent: boolean;
  invitation: { id: number; name: string } | null;
  registeredAt: string;
  /** When the visitor's pass was checked in at the entrance (null: not yet). */
  checkedInAt: string | null;
  /**
   * The exhibitor's own list only: the state of the confirmation SMS and e-mail the visitor was sent
   * on registering through the invitation, from the delivery log (null: none was asked for).
   */
  confirmation?: { sms: VisitorMessageState | null; email: VisitorMessageState | null };
};

/** A message's state as the exhibitor reads it: a send in progress counts as queued. */
export type VisitorMessageState = "queued" | "sent" | "failed";

/** GET /smeb/invitation/audience/list: the caller's own visitors, newest first. */
/** `checkedIn`: how many of the matching visitors were checked in at the entrance with their pass. */
export type AudiencePage = { rows: AudienceRow[]; total: number; checkedIn: number; page: number; pageSize: number; contactsShared: boolean };

/** GET /smeb/invitation/audience/chart: per exhibition day, oldest first, the caller's registrations and views. */
export type AudienceChart = { days: { day: string; registrations: number; views: number }[]; totals: { registrations: number; views: number } };

/** The organizer's row: the visitor as typed, with who invited them. */
export type VisitorRow = AudienceRow & {
  inviterUserId: number | null;
  inviterCompany: string | null;
  sourceCode: string | null;
  /** The pass page's path (/pass/<code>), null once the visitor's data is erased or for a visitor without a pass. */
  passPath: string | null;
  /** Whether the visitor lets exhibitors who scan the pass receive the contacts (issue 56). */
  leadConsent: boolean;
  erased: boolean;
};
export type VisitorPage = { rows: VisitorRow[]; total: number; checkedIn: number; page: number; pageSize: number };

export type VisitorSettings = { contactsShared: boolean };
