import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { handleAuthErrors } from "~/lib/api.server";
import { safeRedirect } from "~/lib/safe-redirect";
import { requireShellUser } from "~/lib/permissions.server";
import { switchBoothSchema } from "~/features/settings/booth-schema.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { settingsEndpoints } from "~/contracts/settings/endpoints.server";

export const handle = { personal: "account" } satisfies PageHandle;

/**
 * The booth switch of the user dropdown (several booths): a plain form POST with boothId and
 * redirectTo, so it works without JavaScript. The current booth lives in the API session, so the
 * next page's permission info (loaded per request) already shows it.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireShellUser(request, context);
  const formData = await request.formData();
  const back = safeRedirect(formData.get("redirectTo"), "/index");
  const parsed = switchBoothSchema.safeParse({ boothId: formData.get("boothId") ?? undefined });
  if (!parsed.success) return redirect(back);

  // 401 → /login, 403 (not the caller's booth) → /401.
  const result = await handleAuthErrors(await api.call(settingsEndpoints.switchBooth, { boothId: parsed.data.boothId }), request, context);
  if (!result.ok) return redirect(back);

  return redirect(back);
}

export async function loader() {
  return redirect("/index");
}
