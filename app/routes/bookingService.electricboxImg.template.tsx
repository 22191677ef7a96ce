import type { LoaderFunctionArgs } from "@remix-run/node";
import { handleAuthErrors, requireOk, type ApiEnvelope } from "~/lib/api.server";
import { requireShellUser } from "~/lib/permissions.server";

/**
 * GET /bookingService/electricboxImg/template: the location map template (a PDF of the caller's
 * booth on a 1 m grid) as a resource route, outside the shell layout. The guard checks the map
 * page's path; the PDF comes from the API and passes through untouched.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context, "/bookingService/electricboxImg");
  const boothId = new URL(request.url).searchParams.get("boothId") ?? undefined;
  const response = await user.api.download("/smeb/booking/electricboxImg/template", boothId ? { boothId } : undefined);
  // Not a download but an API envelope: 401 → /login, anything else an error page.
  if ((response.headers.get("content-type") ?? "").includes("application/json")) {
    const envelope = (await response.json()) as ApiEnvelope<unknown>;
    const result =
      envelope.code === 200
        ? ({ ok: true, code: 200, message: envelope.message, data: envelope.data } as const)
        : ({ ok: false, code: envelope.code, message: envelope.message, data: envelope.data } as const);
    await requireOk(await handleAuthErrors(result, request, context), request, context);
    throw new Response(envelope.message, { status: 502 });
  }
  const headers = new Headers();
  for (const name of ["content-type", "content-disposition"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: response.status, headers });
}
