import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { signInUrl } from "../../lib/api.server";
import { clearTicket, readTicket } from "../../lib/cookies.server";

/**
 * The one way loaders and actions ask "who is this": no ticket → the session is cleared
 * and the user goes to /login with the return path (docs/product.md § Sign-in and sessions).
 */
export async function requireTicket(request: Request, context: AppLoadContext) {
  const ticket = await readTicket(request, context);
  if (!ticket) {
    throw redirect(await signInUrl(request, context), { headers: { "Set-Cookie": await clearTicket(context) } });
  }
  return ticket;
}
