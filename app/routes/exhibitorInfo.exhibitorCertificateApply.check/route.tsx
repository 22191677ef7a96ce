import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { badgeEndpoints } from "~/contracts/badges/endpoints.server";
import { handleAuthErrors } from "~/lib/api.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";

export const handle = { permissionOf: "/exhibitorInfo/exhibitorCertificateApply" } satisfies PageHandle;

/**
 * The badge form's check as the user leaves the mobile or e-mail (JavaScript only): `{ message }`,
 * null when the value is free. Only 'already exists' is reported here; the form's own rules and the
 * save say everything else.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const field = url.searchParams.get("field");
  const value = (url.searchParams.get("value") ?? "").slice(0, 200);
  if (field !== "mobile" && field !== "email") return json({ message: null }, { status: 400 });
  const excludeId = url.searchParams.get("excludeId") ?? undefined;
  const result = await handleAuthErrors(
    field === "mobile"
      ? await api.call(badgeEndpoints.validateMobile, { mobile: value, excludeId })
      : await api.call(badgeEndpoints.validateEmail, { email: value, excludeId }),
    request,
    context,
  );
  return json({ message: !result.ok && result.code === 409 ? result.message : null }, { headers: { "Cache-Control": "no-store" } });
}
