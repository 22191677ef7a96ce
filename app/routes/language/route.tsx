import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { authEndpoints } from "~/contracts/auth/endpoints.server";
import { isLanguage } from "~/contracts/i18n/config";
import { apiFor } from "~/lib/api.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { clearTicket, readTicket, serializeLanguage } from "~/lib/cookies.server";

/**
 * Sets the language cookie. docs/product.md § Sign-in and sessions: switching language while signed in logs out
 * and returns to /login (the menus and data are language-specific). A switch offered beside a Chinese-only page
 * (`signInTo`, issue 51) makes that page the sign-in's return path.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData();
  const lng = formData.get("lng");
  const headers = new Headers();
  if (isLanguage(lng)) headers.append("Set-Cookie", serializeLanguage(lng, context));
  if (await readTicket(request, context)) {
    const api = await apiFor(request, context);
    await api.call(authEndpoints.cancellation);
    headers.append("Set-Cookie", await clearTicket(context));
    const signInTo = formData.get("signInTo") === null ? null : safeRedirect(formData.get("signInTo"), "/index");
    return redirect(signInTo ? `/login?${new URLSearchParams({ redirectTo: signInTo })}` : "/login", { headers });
  }
  // Back to the same page, the login page itself (with its return path) included.
  return redirect(safeRedirect(formData.get("redirectTo"), "/login", { allowSignIn: true }), { headers });
}

export async function loader() {
  return redirect("/login");
}
