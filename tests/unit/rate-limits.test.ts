import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../server/rate-limits/named-limits";

const MINUTE = 60_000;

/**
 * The named limits as docs/product.md states them (the organizer's specification gives no numbers):
 * written out here, not imported, so that a changed number is a changed document.
 */
describe("the named rate limits", () => {
  it("are docs/product.md's numbers", () => {
    expect(RATE_LIMITS).toEqual({
      signInFailures: { max: 10, windowMs: 15 * MINUTE, captchaAfter: 3, countedIn: "login_attempts" },
      passwordResetRequests: { max: 10, windowMs: 15 * MINUTE, captchaAfter: 3 },
      passwordResetMessagesPerAccount: { max: 5, windowMs: 60 * MINUTE, countedIn: "password_tokens" },
      invoiceQrPerIp: { max: 30, windowMs: 10 * MINUTE },
      visitorRequestsPerIp: { max: 30, windowMs: 15 * MINUTE, captchaAfter: 6 },
      visitorSmsPerMobileMinute: { max: 1, windowMs: MINUTE, countedIn: "visitor_codes" },
      visitorSmsPerMobileHour: { max: 5, windowMs: 60 * MINUTE, countedIn: "visitor_codes" },
      verificationCodePerTarget: { max: 1, windowMs: MINUTE, countedIn: "verification_codes" },
      verificationCodesPerUserHour: { max: 10, windowMs: 60 * MINUTE, countedIn: "verification_codes" },
      contractorCodeResend: { max: 1, windowMs: MINUTE, countedIn: "contractor_accesses" },
      badgeLiveChecks: { max: 60, windowMs: 10 * MINUTE },
      badgeForeignMatches: { max: 10, windowMs: 60 * MINUTE },
    });
  });
});
