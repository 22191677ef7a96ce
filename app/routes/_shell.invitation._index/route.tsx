import type { LoaderFunctionArgs } from "@remix-run/node";
import { areaHandle } from "~/components/shell/area-layout";
import { redirectToFirstPage } from "~/lib/area.server";

/**
 * The /invitation menu area (docs/product.md § Promotion): Chinese only, hidden in English. Its pages
 * live under /exhibitorInfo/invitation and show its sidebar there (the /exhibitorInfo layout); its own
 * path, like every area's, opens the first of them the user may see (/401 in English, where it has none).
 */
export const handle = areaHandle({ hiddenInEnglish: true });

export async function loader({ request, context }: LoaderFunctionArgs) {
  return redirectToFirstPage(request, context, "/invitation");
}
