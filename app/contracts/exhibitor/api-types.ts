import type { ProfileDraft, ProfileStatus, ProfileStep } from "./schema";

/**
 * The exhibitor profile API's answers (/smeb/exhibitor/info/*): written once, used by our API
 * (server/exhibitor/*) and by the pages (app/features/exhibitor/profile.server.ts).
 */

export type ProfileEvent = {
  action: string;
  fromStatus: string | null;
  toStatus: string | null;
  comment: string | null;
  actorLabel: string;
  /** The step a draft save touched, else null. */
  step: string | null;
  createdAt: string;
};

export type ProfileView = {
  /** "" until the profile's first save (reading never stores anything). */
  uniqueId: string;
  status: ProfileStatus;
  draft: ProfileDraft;
  submitted: ProfileDraft | null;
  reviewComment: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  approvedAt: string | null;
  /** While under review: submittedAt + REVIEW_DAYS days (docs/product.md § Review with comments). */
  expectedReviewBy: string | null;
  version: number;
  history: ProfileEvent[];
  complete: boolean;
  firstIncompleteStep: ProfileStep | null;
  /**
   * What the account already knows (company names, contact, mobile, e-mail; issue 51), for the fields
   * the draft has no value for: the form starts from them; they are stored only when a step is saved.
   */
  fromAccount: ProfileDraft;
};

/** reviewDetail: the profile under review and whose it is. */
export type ReviewDetail = ProfileView & { userId: number; username: string };

/** One row of the organizer's review queue (reviewList). */
export type ReviewRow = {
  userId: number;
  username: string;
  companyNameZh: string | null;
  companyNameEn: string | null;
  status: ProfileStatus;
  submittedAt: string | null;
};
export type ReviewList = { total: number; page: number; pageSize: number; rows: ReviewRow[] };

/** The choice lists of the profile's exhibits step (class/list, industry/list, listAreaClassify). */
export type NamedItem = { id: number; name: string; nameEn: string };
/** A theme with its pavilions (halls); a pavilion's id is the hall id. */
export type AreaTheme = NamedItem & { pavilions: (NamedItem & { code: string })[] };

/** getExhibitionLetterUrl: where the approved profile's confirmation letter is. */
export type ExhibitionLetter = { url: string };
