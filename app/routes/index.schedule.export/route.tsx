import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireButton } from "~/lib/buttons.server";
import { proxyDownload } from "~/lib/download.server";
import { requireShellUser } from "~/lib/permissions.server";
import { homeEndpoints } from "~/contracts/home/endpoints.server";
import { SCHEDULE_BUTTONS, SCHEDULE_MENU_ID } from "~/contracts/home/schedule-values";

/**
 * GET /index/schedule/export: the schedule's "export" button (docs/product.md § Button permissions, menu id 2) as a
 * resource route, outside the shell layout. The guard checks the schedule page's path; the
 * CSV comes from the API and passes through untouched (docs/product.md § Messages and errors: downloads).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context, "/index/schedule");
  requireButton(user, SCHEDULE_MENU_ID, SCHEDULE_BUTTONS.export);
  return proxyDownload(await user.api.download(homeEndpoints.exportWorksheet), request, context);
}
