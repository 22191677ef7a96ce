import type { AppLoadContext } from "@remix-run/node";
import { setupEndpoints } from "~/contracts/setup/endpoints.server";
import { apiFor } from "~/lib/api.server";

/** Whether the portal runs the demo: the header and the sign-in page then show the demo mark (docs/decisions/054). */
export async function isDemoPortal(request: Request, context: AppLoadContext): Promise<boolean> {
  const api = await apiFor(request, context);
  const answer = await api.call(setupEndpoints.portalKind);
  return answer.ok && answer.data.demo;
}
