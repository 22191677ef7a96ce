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
  /** While under review: submittedAt + REVIEW_DAYS days (spec point 9). */
  expectedReviewBy: string | null;
  version: number;
  history: ProfileEvent[];
  complete: boolean;
  firstIncompleteStep: ProfileStep | null;
};
