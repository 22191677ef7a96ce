import { signForPurpose, verifyForPurpose } from "../auth/purpose-signature";

/**
 * The signed badge code a badge's QR carries (issue 14, docs/decisions/016): `EPB1.<code>.<signature>`.
 * `<code>` is the badge's random code (16 bytes, base64url, badges.code), so nothing personal is in
 * it; `<signature>` is the first 16 bytes of an HMAC-SHA256 over `EPB1.<code>`, base64url, keyed by a
 * key derived from a session secret. Signed with the first secret, verified against all of them, so a
 * secret can be rotated (the new one first, the old one kept until old prints are no longer used).
 */
const BADGE_CODE_PREFIX = "EPB1";
/** Longer input is refused before any work (a scanner or a hostile form can send anything). */
export const BADGE_CODE_MAX_LENGTH = 100;

// 16 bytes in base64url: 22 characters, no padding.
const PART = "[A-Za-z0-9_-]{22}";
const SIGNED = new RegExp(`^${BADGE_CODE_PREFIX}\\.(${PART})\\.(${PART})$`);
const CODE = new RegExp(`^${PART}$`);

/** A key of its own for badge codes, so a badge signature can never pass as a cookie's or a policy's. */
const PURPOSE = "exhibitor-portal/badge-code/v1";

/** The text of a badge's QR code, signed with the first configured secret. */
export function signBadgeCode(code: string, secrets: readonly string[]) {
  if (!CODE.test(code)) throw new Error("badge code: not a 16-byte base64url code");
  return `${BADGE_CODE_PREFIX}.${code}.${signForPurpose(PURPOSE, `${BADGE_CODE_PREFIX}.${code}`, secrets)}`;
}

/**
 * The badge code inside a scanned or typed text, or null when the text is not one we signed. White
 * space anywhere is dropped (a scanner's line end, the groups the badge prints for typing): it is no
 * character of the code, so ignoring it accepts nothing more. Case is not folded: base64url is
 * case-sensitive, and folding would widen what a guess may match.
 */
export function verifyBadgeCode(text: unknown, secrets: readonly string[]): string | null {
  if (typeof text !== "string" || text.length > BADGE_CODE_MAX_LENGTH) return null;
  const match = SIGNED.exec(text.replace(/\s+/g, ""));
  if (!match) return null;
  const [, code, signature] = match as unknown as [string, string, string];
  return verifyForPurpose(PURPOSE, `${BADGE_CODE_PREFIX}.${code}`, signature, secrets) ? code : null;
}

/** The signed text in groups of five, as printed under the QR for typing by hand (spaces are ignored when read). */
export function groupedBadgeCode(signed: string) {
  return signed.match(/.{1,5}/g)!.join(" ");
}
