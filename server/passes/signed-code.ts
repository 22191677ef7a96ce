import { SIGNED_CODE_MAX_LENGTH } from "../../app/contracts/common/signed-code";
import { signForPurpose, verifyForPurpose } from "../auth/purpose-signature";

/**
 * The signed code a printed pass's QR carries (a badge, a truck's or a blue-plate car's pass):
 * `<prefix>.<subject>.<signature>`, the signature the first 16 bytes of an HMAC (purpose-signature.ts,
 * a key of the kind's own derived from the session secrets) over the text the kind signs. Each kind
 * is data: its prefix, its purpose (so one kind's signature never passes for another's), the shape
 * of its subject (a badge's random code, a vehicle's id) and what it signs; only the signing and
 * reading are here.
 */
export type SignedCodeKind = {
  prefix: string;
  purpose: string;
  /** A regular expression's source for the subject part (no capture groups). */
  subject: string;
};

/** 16 bytes in base64url: 22 characters, no padding. */
const SIGNATURE = "[A-Za-z0-9_-]{22}";

export function signedCodes(kind: SignedCodeKind) {
  const shape = new RegExp(`^${kind.prefix}\\.(${kind.subject})\\.(${SIGNATURE})$`);
  return {
    /** The code for `subject`, signing `signed` (the facts the code must stay bound to). */
    sign(subject: string | number, signed: string, secrets: readonly string[]) {
      return `${kind.prefix}.${subject}.${signForPurpose(kind.purpose, signed, secrets)}`;
    },
    /**
     * The subject and signature of a scanned or typed text, or null when it has not the kind's shape.
     * White space anywhere is dropped (a scanner's line end, the groups printed for typing): it is
     * no character of a code, so ignoring it accepts nothing more. Case is not folded (base64url is
     * case-sensitive). Longer input is refused before any work.
     */
    read(text: unknown): { subject: string; signature: string } | null {
      if (typeof text !== "string" || text.length > SIGNED_CODE_MAX_LENGTH) return null;
      const match = shape.exec(text.replace(/\s+/g, ""));
      return match ? { subject: match[1]!, signature: match[2]! } : null;
    },
    /** Whether `signature` was made over `signed` with one of the secrets. */
    verify(signed: string, signature: string, secrets: readonly string[]) {
      return verifyForPurpose(kind.purpose, signed, signature, secrets);
    },
  };
}

/** A code in groups of five, as printed under its QR for typing by hand (spaces are ignored when read). */
export function groupedCode(code: string) {
  return code.match(/.{1,5}/g)!.join(" ");
}
