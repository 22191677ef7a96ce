import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "exhibitor-portal" },
    // Never log secrets even if a handler passes a whole body by mistake.
    redact: {
      paths: ["password", "newPassword", "*.password", "*.newPassword", "req.headers.cookie", "req.headers.ticket", 'res.headers["set-cookie"]'],
      censor: "[redacted]",
    },
    formatters: { log: redactUrlFields },
  };
  return destination ? pino(options, destination) : pino(options);
}

const REDACTED = "[redacted]";

/**
 * Query parameters whose value is a secret wherever they appear: the invoice QR page's token, the
 * API ticket, one-time codes, the signed upload form's fields (OSS and S3 names), passwords.
 */
const SECRET_PARAMETERS = new Set([
  "token",
  "ticket",
  "code",
  "signature",
  "policy",
  "key",
  "ossaccesskeyid",
  "x-amz-signature",
  "x-amz-credential",
  "x-amz-security-token",
  "password",
  "access_token",
  "secret",
]);
/** An invoice QR token (server/invoices/qr-token.ts), wherever it is pasted: a path segment, another parameter. */
const QR_TOKEN = /^EPI\d\.\d/;

/**
 * The URL with every secret it carries replaced by "[redacted]", for log lines (issue 36 item 4):
 * the values of the parameters above, anything shaped like a QR token, and the dynamic segments of
 * the routes in `secretPaths` (issue 50 item 3: "/setPassword/:token", read from the build's route
 * handles, see secretPathPatterns). Works on the raw text, so a broken escape or an odd shape from a
 * hostile client is kept as it came, never thrown on.
 */
export function redactUrl(url: string, secretPaths: readonly string[] = []): string {
  const hashAt = url.indexOf("#");
  const hash = hashAt >= 0 ? url.slice(hashAt) : "";
  const beforeHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = beforeHash.indexOf("?");
  const path = queryAt >= 0 ? beforeHash.slice(0, queryAt) : beforeHash;
  const segments = path.split("/");
  const secret = secretSegments(segments, secretPaths);
  const redactedPath = segments.map((segment, i) => (secret.has(i) || QR_TOKEN.test(decoded(segment)) ? REDACTED : segment)).join("/");
  if (queryAt < 0) return redactedPath + hash;
  const query = beforeHash
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const equalsAt = pair.indexOf("=");
      if (equalsAt < 0) return pair;
      const name = decoded(pair.slice(0, equalsAt)).toLowerCase();
      const value = decoded(pair.slice(equalsAt + 1));
      return SECRET_PARAMETERS.has(name) || QR_TOKEN.test(value) ? `${pair.slice(0, equalsAt)}=${REDACTED}` : pair;
    })
    .join("&");
  return `${redactedPath}?${query}${hash}`;
}

/**
 * The positions of `segments` (a path split at "/") that a secret route's dynamic segments take:
 * matched as a prefix (a longer path that no route serves carries the token all the same), ignoring
 * letter case and empty segments as the router does, and on the decoded text.
 */
function secretSegments(segments: string[], secretPaths: readonly string[]): Set<number> {
  const found = new Set<number>();
  if (!secretPaths.length) return found;
  const present = segments.flatMap((segment, i) => (segment ? [{ i, text: decoded(segment).toLowerCase() }] : []));
  for (const pattern of secretPaths) {
    const parts = pattern.split("/").filter(Boolean);
    if (present.length < parts.length) continue;
    const matches = parts.every((part, k) => part.startsWith(":") || part === "*" || part.toLowerCase() === present[k]!.text);
    if (!matches) continue;
    parts.forEach((part, k) => {
      if (part.startsWith(":")) found.add(present[k]!.i);
      // A splat takes the rest of the path.
      if (part === "*") for (const rest of present.slice(k)) found.add(rest.i);
    });
  }
  return found;
}

function decoded(text: string) {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** App log lines that name a URL (a page, a redirect target) pass it through redactUrl. */
function redactUrlFields(object: Record<string, unknown>) {
  let copy: Record<string, unknown> | null = null;
  for (const field of ["url", "path", "location", "redirectTo"]) {
    const value = object[field];
    if (typeof value !== "string") continue;
    const redacted = redactUrl(value);
    if (redacted !== value) (copy ??= { ...object })[field] = redacted;
  }
  return copy ?? object;
}
