import type { AppLoadContext } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { permissionEndpoints } from "../../contracts/permission/endpoints.server";
import { apiFor, requireOk, signInUrl } from "../../lib/api.server";
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

/** Signed-in user with their permission info; an expired ticket ends at /login (via requireOk). */
export async function requireUser(request: Request, context: AppLoadContext) {
  await requireTicket(request, context);
  const api = await apiFor(request, context);
  const info = await requireOk(await api.call(permissionEndpoints.info), request, context);
  return { api, info };
}
