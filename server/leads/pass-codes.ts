import crypto from "node:crypto";
import { signedCodes } from "../passes/signed-code";

/**
 * A visitor's two codes (issue 56, docs/decisions/070), both signed over the visitor's random pass key
 * (visitors.pass_key, 16 bytes base64url: nothing personal in it):
 * - the lead code `EPV1.<key>.<signature>`, what the pass's QR opens (/lead/<code>): anyone who scans
 *   the pass has it, so it shows an exhibitor's team the visitor and a stranger nothing personal;
 * - the pass page code `EPP1.<key>.<signature>`, in the link of the visitor's SMS and e-mail: it opens
 *   the pass itself and its consent. Another purpose, so it cannot be made from the lead code.
 * A forged or altered code fails its signature before any query. Signed with the first session
 * secret, checked against all (rotation as for badges, server/badges/badge-code.ts).
 */
const KEY = "[A-Za-z0-9_-]{22}";
const leadCodes = signedCodes({ prefix: "EPV1", purpose: "exhibitor-portal/visitor-lead-code/v1", subject: KEY });
const passPageCodes = signedCodes({ prefix: "EPP1", purpose: "exhibitor-portal/visitor-pass-page/v1", subject: KEY });

export const newPassKey = () => crypto.randomBytes(16).toString("base64url");

const signedText = (prefix: string, key: string) => `${prefix}.${key}`;

export const signLeadCode = (key: string, secrets: readonly string[]) => leadCodes.sign(key, signedText("EPV1", key), secrets);
export const signPassPageCode = (key: string, secrets: readonly string[]) => passPageCodes.sign(key, signedText("EPP1", key), secrets);

/** The pass key inside a scanned lead code, or null when the text is no lead code we signed. */
export function verifyLeadCode(text: unknown, secrets: readonly string[]): string | null {
  const read = leadCodes.read(text);
  return read && leadCodes.verify(signedText("EPV1", read.subject), read.signature, secrets) ? read.subject : null;
}

/** The pass key inside a pass page's code, or null. */
export function verifyPassPageCode(text: unknown, secrets: readonly string[]): string | null {
  const read = passPageCodes.read(text);
  return read && passPageCodes.verify(signedText("EPP1", read.subject), read.signature, secrets) ? read.subject : null;
}

/** Whether a scanned text has a lead code's shape (the check-in desk tells a visitor's pass from a badge by it). */
export const looksLikeLeadCode = (text: string) => leadCodes.read(text) !== null;
