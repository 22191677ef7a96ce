import crypto from "node:crypto";
import { createCookie, redirect, type AppLoadContext } from "@remix-run/node";
import type { Language } from "~/contracts/i18n/config";
import { translate } from "~/contracts/i18n/translate.server";

/**
 * Server messages after a form post shown as a toast (docs/product.md § Messages and errors): a text key and its values.
 * Field errors stay beside their fields; a form's own errors are FormError's.
 */
export type FlashToast = { kind: "success" | "error"; key: string; values?: Record<string, string | number> };
/** What the page renders: the text in the user's language and an id, so a repeated message shows again. */
export type ToastView = { kind: FlashToast["kind"]; text: string; id: string };

function toastCookie(context: AppLoadContext) {
  // Signed, so a page cannot be made to show a message the portal did not send.
  return createCookie(context.secureCookies ? "__Host-toast" : "toast", {
    httpOnly: true,
    sameSite: "lax",
    secure: context.secureCookies,
    path: "/",
    maxAge: 120,
    secrets: context.sessionSecrets,
  });
}

/**
 * A toast for the page this action answers with. Without JavaScript the root loader of the same
 * request renders it (the load context carries it); with JavaScript the loaders run in requests of
 * their own after the action, so a cookie carries it and the root loader clears it.
 */
export async function showToast(context: AppLoadContext, toast: FlashToast, headers = new Headers()) {
  context.toast = toast;
  if (context.dataRequest) headers.append("Set-Cookie", await toastCookie(context).serialize(toast));
  return headers;
}

/** A redirect whose next page shows the toast (JavaScript on or off). */
export async function redirectWithToast(url: string, context: AppLoadContext, toast: FlashToast, headers = new Headers()) {
  headers.append("Set-Cookie", await toastCookie(context).serialize(toast));
  return redirect(url, { headers });
}

function isFlashToast(value: unknown): value is FlashToast {
  if (!value || typeof value !== "object") return false;
  const { kind, key, values } = value as Record<string, unknown>;
  return (kind === "success" || kind === "error") && typeof key === "string" && (values === undefined || (typeof values === "object" && values !== null));
}

/** The root loader's part: this request's toast, if any, as text; the cookie that carried it is cleared. */
export async function takeToast(request: Request, context: AppLoadContext, language: Language): Promise<{ toast: ToastView | null; headers: Headers }> {
  const headers = new Headers();
  let toast: FlashToast | null = context.toast ?? null;
  const cookieHeader = request.headers.get("cookie");
  const cookie = toastCookie(context);
  if (cookieHeader?.includes(`${cookie.name}=`)) {
    const carried: unknown = await cookie.parse(cookieHeader);
    headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
    if (!toast && isFlashToast(carried)) toast = carried;
  }
  if (!toast) return { toast: null, headers };
  const text = translate(language, toast.key, toast.values);
  // An unknown key is never shown as a raw key.
  if (text === toast.key) return { toast: null, headers };
  return { toast: { kind: toast.kind, text, id: crypto.randomUUID() }, headers };
}
