import { createCookie } from "@remix-run/node";
import { parse as parseCookieHeader, serialize } from "cookie";
import type { AppLoadContext } from "@remix-run/node";
import { isLanguage, languageFromAcceptLanguage, type Language } from "~/contracts/i18n/config";

const SEVEN_DAYS = 7 * 24 * 60 * 60;

/**
 * The API ticket, signed with SESSION_SECRET. `__Host-` and Secure whenever the portal is
 * served over https, so no subdomain or plain-http page can set or read it.
 */
function ticketCookie(context: AppLoadContext) {
  return createCookie(context.secureCookies ? "__Host-ticket" : "ticket", {
    httpOnly: true,
    sameSite: "lax",
    secure: context.secureCookies,
    path: "/",
    maxAge: SEVEN_DAYS,
    secrets: context.sessionSecrets,
  });
}

export async function readTicket(request: Request, context: AppLoadContext): Promise<string | null> {
  // A tampered cookie can make the signature check throw (invalid base64): that is no ticket.
  const value: unknown = await ticketCookie(context)
    .parse(request.headers.get("cookie"))
    .catch(() => null);
  return typeof value === "string" && value ? value : null;
}

export async function setTicket(context: AppLoadContext, ticket: string) {
  return ticketCookie(context).serialize(ticket);
}

export async function clearTicket(context: AppLoadContext) {
  return ticketCookie(context).serialize("", { maxAge: 0 });
}

/** The chosen language (`lng=zh`), kept a year; only the server reads it, so HttpOnly like the rest. */
const LANGUAGE_COOKIE = "lng";

export function getLanguage(request: Request): Language {
  const cookies = parseCookieHeader(request.headers.get("cookie") ?? "");
  const chosen = cookies[LANGUAGE_COOKIE];
  return isLanguage(chosen) ? chosen : languageFromAcceptLanguage(request.headers.get("accept-language"));
}

export function serializeLanguage(language: Language, context: AppLoadContext) {
  return serialize(LANGUAGE_COOKIE, language, {
    path: "/",
    maxAge: 365 * 24 * 60 * 60,
    httpOnly: true,
    sameSite: "lax",
    secure: context.secureCookies,
  });
}

/** One-time notices (e.g. the session-expired text) carried across a redirect. */
const NOTICE_COOKIE = "notice";
const noticeKeys = ["session.expired", "login.signedOut", "login.passwordChangedSignIn", "errors.insufficientPermissions"] as const;
export type NoticeKey = (typeof noticeKeys)[number];

export function serializeNotice(key: NoticeKey, context: AppLoadContext) {
  return serialize(NOTICE_COOKIE, key, { path: "/", httpOnly: true, sameSite: "lax", secure: context.secureCookies, maxAge: 120 });
}

export function readNotice(request: Request): NoticeKey | null {
  const value = parseCookieHeader(request.headers.get("cookie") ?? "")[NOTICE_COOKIE];
  return noticeKeys.find((k) => k === value) ?? null;
}

export function clearNotice(context: AppLoadContext) {
  return serialize(NOTICE_COOKIE, "", { path: "/", httpOnly: true, sameSite: "lax", secure: context.secureCookies, maxAge: 0 });
}

/**
 * The visitor's own pass on this phone (its page code): set when the pass page opens or the
 * registration ends, so the visitor scanning their own QR is sent to their pass, not to a
 * "sign in as an exhibitor" notice (docs/decisions/070). The code is the visitor's key already.
 */
const OWN_PASS_COOKIE = "own_pass";
const NINETY_DAYS = 90 * 24 * 60 * 60;

export function serializeOwnPass(code: string, context: AppLoadContext) {
  return serialize(OWN_PASS_COOKIE, code, { path: "/", httpOnly: true, sameSite: "lax", secure: context.secureCookies, maxAge: NINETY_DAYS });
}

export function readOwnPass(request: Request): string | null {
  return parseCookieHeader(request.headers.get("cookie") ?? "")[OWN_PASS_COOKIE] ?? null;
}
