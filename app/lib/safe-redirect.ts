/**
 * The one check for a return path the user supplies (after sign-in, the language and booth switches,
 * the contractor sign-in, the sidebar and tab form): a path on this site only, read the way browsers
 * read it, or the fallback. Browsers drop tabs and line breaks anywhere in a URL, trim control
 * characters and spaces at its ends and take a backslash for a slash, so "/\t/evil.example" or
 * "/\\evil.example" would leave the site; a line break or a NUL would also break the Location header.
 */
const ORIGIN = "http://portal.invalid";
const MAX_LENGTH = 2048;
// Whitespace (any, Unicode included), C0 and C1 control characters, backslashes.
const REFUSED = /[\s\u0000-\u001f\u007f-\u009f\\]/;
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export function safeRedirect(to: unknown, fallback = "/index", { allowSignIn = false } = {}): string {
  return check(to, fallback, allowSignIn, 0);
}

function check(to: unknown, fallback: string, allowSignIn: boolean, depth: number): string {
  if (depth > 3) return fallback;
  if (typeof to !== "string" || to.length > MAX_LENGTH || !to.startsWith("/") || to.startsWith("//") || REFUSED.test(to)) return fallback;
  // Encoded, the same: "/%2F%2Fevil.example" or "/%5Cevil.example" once decoded by a server or a proxy.
  let decoded: string;
  try {
    decoded = decodeURIComponent(to);
  } catch {
    return fallback;
  }
  if (decoded.startsWith("//") || decoded.startsWith("/\\") || CONTROL.test(decoded)) return fallback;
  let url: URL;
  try {
    url = new URL(to, ORIGIN);
  } catch {
    return fallback;
  }
  // Dot segments can collapse into "//" ("/.//evil.example"), which would be read as another host.
  if (url.origin !== ORIGIN || url.pathname.startsWith("//")) return fallback;
  // Back to the sign-in or sign-out page after signing in would loop.
  if (!allowSignIn && /^\/(login|logout)(\/|$)/.test(url.pathname)) return fallback;
  const normalized = `${url.pathname}${url.search}${url.hash}`;
  // Normalizing can make a new one ("/%2e/%5c" → "/%5c"): the result passes the same checks.
  return normalized === to ? normalized : check(normalized, fallback, allowSignIn, depth + 1);
}
