import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { regionChoices } from "~/contracts/lookups/region-choices";
import { lookupEndpoints } from "~/contracts/lookups/endpoints.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { apiFor, requireOk } from "~/lib/api.server";

/** Public reference data, the same for everyone (decision 050): a page fetches it without its session cookie, so caches may keep it. */
export const handle = { public: true } satisfies PageHandle;

/**
 * GET /regions?lang=zh|en&v=<build>: every province, city and district for the address pickers in
 * one answer (issue 51). Asked for with this build's version it is kept for a week (the next release
 * asks for a new address); any other version, for five minutes. A browser that sends its session
 * cookie gets it too, but never cached (server/remix/private-responses.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const language = url.searchParams.get("lang") === "en" ? "en" : "zh";
  const api = await apiFor(request, context);
  const tree = await requireOk(await api.call(lookupEndpoints.regions), request, context);
  const current = url.searchParams.get("v") === context.buildVersion;
  return json(regionChoices(tree, language), {
    headers: { "Cache-Control": current ? "public, max-age=604800, immutable" : "public, max-age=300" },
  });
}
