import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { authEndpoints } from "~/contracts/auth/endpoints.server";
import { apiFor } from "~/lib/api.server";
import { clearTicket, serializeNotice } from "~/lib/cookies.server";

/** Logout is a POST (no GET changes data): ends the API session, clears the cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  const api = await apiFor(request, context);
  // Even if the API is unreachable, this browser is signed out.
  await api.call(authEndpoints.cancellation);
  const headers = new Headers();
  headers.append("Set-Cookie", await clearTicket(context));
  headers.append("Set-Cookie", serializeNotice("login.signedOut", context));
  return redirect("/login", { headers });
}

export async function loader() {
  return redirect("/index");
}
