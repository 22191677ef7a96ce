import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleAuthErrors, requireOk, type ApiEnvelope } from "~/lib/api.server";
import { requireButton } from "~/lib/buttons.server";
import { requireShellUser } from "~/lib/permissions.server";
import { SCHEDULE_BUTTONS, SCHEDULE_MENU_ID } from "~/schemas/schedule";

/**
 * GET /index/schedule/export: the schedule's "export" button (spec point 6, menu id 2) as a
 * resource route, outside the shell layout. The guard checks the schedule page's path; the
 * CSV comes from the API and passes through untouched (spec point 8: downloads).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context, "/index/schedule");
  requireButton(user, SCHEDULE_MENU_ID, SCHEDULE_BUTTONS.export);
  const response = await user.api.download("/smeb/worksheet/export");
  // Not a download but an API envelope: 401 → /login, 403 → /401, anything else an error page.
  if ((response.headers.get("content-type") ?? "").includes("application/json")) {
    const envelope = (await response.json()) as ApiEnvelope<unknown>;
    const result =
      envelope.code === 200
        ? ({ ok: true, code: 200, message: envelope.message, data: envelope.data } as const)
        : ({ ok: false, code: envelope.code, message: envelope.message, data: envelope.data } as const);
    await requireOk(await handleAuthErrors(result, request, context), request, context);
    throw new Response(envelope.message, { status: 502 });
  }
  return passThrough(response);
}

/**
 * The body and its content headers pass unchanged; the response's own security headers are our
 * server's (server/security.ts), not the API's. fetch has already decoded any gzip the API applied,
 * so encoding and length are not copied: our own server compresses again as it sees fit.
 */
const CONTENT_HEADERS = ["content-type", "content-disposition", "cache-control", "last-modified", "etag"];

function passThrough(response: Response) {
  const headers = new Headers();
  for (const name of CONTENT_HEADERS) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
