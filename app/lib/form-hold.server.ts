import crypto from "node:crypto";
import zlib from "node:zlib";
import type { AppLoadContext } from "@remix-run/node";
import { createCookie } from "@remix-run/node";
import { parse as parseCookieHeader, serialize } from "cookie";

/**
 * What was typed into a form whose POST arrived after the session ended is kept, so that after
 * signing in again the page shows it back (docs/decisions/006). It travels in the browser, not in
 * server memory: deflated, encrypted with the session secret (AES-256-GCM) and split over a few
 * HttpOnly cookies scoped to the form's path, for two hours. It is bound to the account that was
 * signed in (a signed `acct` cookie set at sign-in), so the next person at a shared computer never
 * sees it. Files are not kept; uploaded files are, as their URLs.
 */
const HOLD_COOKIE = "hold";
const CHUNK_CHARS = 3800;
const MAX_CHUNKS = 4;
const HOLD_SECONDS = 2 * 60 * 60;
/** Never kept, whatever the form: secrets typed into it. */
const NEVER_HELD = /password|captcha|^vCode$|MobileCode$|EmailCode$/i;

type Held = { path: string; account: string; at: number; fields: [string, string][] };

function key(context: AppLoadContext) {
  return crypto.createHash("sha256").update(`form-hold|${context.sessionSecrets[0]}`).digest();
}

function seal(context: AppLoadContext, held: Held) {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(context), iv);
  const body = Buffer.concat([cipher.update(zlib.deflateRawSync(JSON.stringify(held))), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

function open(context: AppLoadContext, sealed: string): Held | null {
  try {
    const raw = Buffer.from(sealed, "base64url");
    const decipher = crypto.createDecipheriv("aes-256-gcm", key(context), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
    return JSON.parse(zlib.inflateRawSync(plain).toString("utf8")) as Held;
  } catch {
    return null;
  }
}

/** The account signed in in this browser (set at sign-in, signed, HttpOnly). */
export function accountCookie(context: AppLoadContext) {
  return createCookie(context.secureCookies ? "__Host-acct" : "acct", {
    httpOnly: true,
    sameSite: "lax",
    secure: context.secureCookies,
    path: "/",
    maxAge: 30 * 24 * 60 * 60,
    secrets: context.sessionSecrets,
  });
}

export async function signedInAccount(request: Request, context: AppLoadContext): Promise<string | null> {
  const value: unknown = await accountCookie(context)
    .parse(request.headers.get("cookie"))
    .catch(() => null);
  return typeof value === "string" && value ? value.toLowerCase() : null;
}

/** Forms read by an action register here, so a 401 found later can still keep their fields. */
const readForms = new WeakMap<Request, FormData>();
export function rememberForm(request: Request, formData: FormData) {
  readForms.set(request, formData);
}

function cookieOptions(context: AppLoadContext, path: string, maxAge: number) {
  return { path, httpOnly: true, sameSite: "lax" as const, secure: context.secureCookies, maxAge };
}

/**
 * Set-Cookie headers keeping this POST's fields, or [] when there is nothing to keep (no account,
 * not a form, too large). Called where a POST meets an ended session.
 */
export async function holdPostedForm(request: Request, context: AppLoadContext): Promise<string[]> {
  if (request.method !== "POST") return [];
  const account = await signedInAccount(request, context);
  if (!account) return [];
  let formData = readForms.get(request);
  if (!formData) {
    if (request.bodyUsed) return [];
    formData = await request
      .clone()
      .formData()
      .catch(() => undefined);
  }
  if (!formData) return [];
  const fields: [string, string][] = [];
  for (const [name, value] of formData) {
    if (typeof value === "string" && !NEVER_HELD.test(name)) fields.push([name, value]);
  }
  if (!fields.length) return [];
  const path = new URL(request.url).pathname;
  const sealed = seal(context, { path, account, at: Date.now(), fields });
  const chunks = sealed.match(new RegExp(`.{1,${CHUNK_CHARS}}`, "g")) ?? [];
  if (chunks.length > MAX_CHUNKS) {
    console.warn(JSON.stringify({ level: "warn", msg: "form too large to hold across sign-in", path, bytes: sealed.length, requestId: context.requestId }));
    return [];
  }
  return [
    ...chunks.map((chunk, i) => serialize(`${HOLD_COOKIE}${i}`, chunk, cookieOptions(context, path, HOLD_SECONDS))),
    // Fewer chunks than a previous hold: the stale ones go.
    ...Array.from({ length: MAX_CHUNKS - chunks.length }, (_, i) => serialize(`${HOLD_COOKIE}${chunks.length + i}`, "", cookieOptions(context, path, 0))),
  ];
}

/**
 * The fields held for this page and the signed-in account, with the headers that clear them.
 * Fields held for another account are dropped unread.
 */
export async function takeHeldForm(request: Request, context: AppLoadContext, username: string) {
  const cookies = parseCookieHeader(request.headers.get("cookie") ?? "");
  const chunks: string[] = [];
  for (let i = 0; i < MAX_CHUNKS && cookies[`${HOLD_COOKIE}${i}`]; i++) chunks.push(cookies[`${HOLD_COOKIE}${i}`]!);
  if (!chunks.length) return { fields: null, headers: [] as string[] };
  const path = new URL(request.url).pathname;
  const headers = Array.from({ length: MAX_CHUNKS }, (_, i) => serialize(`${HOLD_COOKIE}${i}`, "", cookieOptions(context, path, 0)));
  const held = open(context, chunks.join(""));
  const fresh = held && Date.now() - held.at < HOLD_SECONDS * 1000;
  if (!held || !fresh || held.path !== path || held.account !== username.toLowerCase()) return { fields: null, headers };
  return { fields: held.fields, headers };
}

/** Held fields as a form's values: repeated names become lists. */
export function heldValues(fields: [string, string][]) {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of fields) {
    const existing = values[name];
    values[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return values;
}

/**
 * A page loader's side of the hold: the named fields typed before the session ended (only if the
 * held form was this intent, when one is given) as the form's default values, and the page's
 * response headers: never cached (typed values are in it), clearing the hold. `values` is null
 * when nothing is held for this page and account.
 */
export async function heldFormValues(request: Request, context: AppLoadContext, holder: string, fields: readonly string[], intent?: string) {
  const held = await takeHeldForm(request, context, holder);
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of held.headers) headers.append("Set-Cookie", cookie);
  const values = held.fields ? heldValues(held.fields) : null;
  if (!values || (intent !== undefined && values.intent !== intent)) return { values: null, headers };
  return { values: Object.fromEntries(fields.filter((name) => values[name] !== undefined).map((name) => [name, values[name]!])), headers };
}
