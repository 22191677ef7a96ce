/** A lead's rating, hottest first (docs/decisions/070). */
export const LEAD_RATINGS = ["hot", "warm", "cold"] as const;
export type LeadRating = (typeof LEAD_RATINGS)[number];

/** A note about a lead: a conversation's worth, not an essay. */
export const LEAD_NOTES_MAX = 2000;
export const LEAD_TAG_NAME_MAX = 20;
/** The tags one company defines. */
export const LEAD_TAGS_MAX = 30;
/** Scans sent in one request from a device's queue; the scan page sends its queue in batches of this size or fewer. */
export const LEAD_SCAN_BATCH_MAX = 200;
/** The id a device makes for a queued scan: a UUID, or any 8 to 64 such characters. */
export const DEVICE_SCAN_ID = /^[A-Za-z0-9_-]{8,64}$/;
/** A scanned text: a pass's URL or its bare code. Longer is no pass of ours. */
export const SCANNED_TEXT_MAX = 400;

/** The path a pass's QR opens: /lead/<lead code>. */
export const LEAD_CAPTURE_PATH = "/lead/";
/** The visitor's own pass page: /pass/<pass page code>. */
export const VISITOR_PASS_PATH = "/pass/";

/**
 * The lead code inside a scanned text: the last path segment after /lead/ when the text is a URL
 * (the QR encodes the full address), the text itself otherwise. White space is dropped.
 */
export function leadCodeOf(text: string): string {
  const trimmed = text.replace(/\s+/g, "");
  const at = trimmed.lastIndexOf(LEAD_CAPTURE_PATH);
  if (at < 0) return trimmed;
  return decodeURIComponent(trimmed.slice(at + LEAD_CAPTURE_PATH.length).split(/[?#/]/)[0] ?? "");
}
