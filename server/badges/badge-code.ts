import { groupedCode, signedCodes } from "../passes/signed-code";

/**
 * The signed badge code a badge's QR carries (issue 14, docs/decisions/016): `EPB1.<code>.<signature>`.
 * `<code>` is the badge's random code (16 bytes, base64url, badges.code), so nothing personal is in
 * it; the signature is over `EPB1.<code>`. Signed with the first secret, verified against all of
 * them, so a secret can be rotated (the new one first, the old one kept until old prints are no
 * longer used). The signing and reading are the passes' (server/passes/signed-code.ts).
 */
const BADGE_CODE_PREFIX = "EPB1";
const CODE = "[A-Za-z0-9_-]{22}";
const badgeCodes = signedCodes({ prefix: BADGE_CODE_PREFIX, purpose: "exhibitor-portal/badge-code/v1", subject: CODE });
const signedText = (code: string) => `${BADGE_CODE_PREFIX}.${code}`;

/** The text of a badge's QR code, signed with the first configured secret. */
export function signBadgeCode(code: string, secrets: readonly string[]) {
  if (!new RegExp(`^${CODE}$`).test(code)) throw new Error("badge code: not a 16-byte base64url code");
  return badgeCodes.sign(code, signedText(code), secrets);
}

/** The badge code inside a scanned or typed text, or null when the text is not one we signed. */
export function verifyBadgeCode(text: unknown, secrets: readonly string[]): string | null {
  const read = badgeCodes.read(text);
  return read && badgeCodes.verify(signedText(read.subject), read.signature, secrets) ? read.subject : null;
}

/** The signed text in groups of five, as printed under the QR for typing by hand. */
export const groupedBadgeCode = groupedCode;
