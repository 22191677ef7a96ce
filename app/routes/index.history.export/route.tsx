import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { teamEndpoints } from "~/contracts/team/endpoints.server";
import { proxyDownload } from "~/lib/download.server";
import { requireShellUser } from "~/lib/permissions.server";
import { PAGE_PATH } from "../_shell.index.history/filters";
import { historyFilters } from "../_shell.index.history/filters.server";

export const handle = { permissionOf: PAGE_PATH } satisfies PageHandle;

/**
 * GET /index/history/export?<the log's filters>: the organizer's .xlsx of every entry they match, as
 * a resource route with the log's permission. The API (organizer, administration area) builds the
 * file and it passes through untouched. A refused filter goes back to the log, which names it,
 * rather than to an error page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context, PAGE_PATH);
  const url = new URL(request.url);
  const { filters, errors } = historyFilters(url.searchParams);
  if (errors) throw redirect(`${PAGE_PATH}${url.search}`);
  const { page: _page, ...query } = filters;
  const response = await user.api.download(teamEndpoints.historyExport, query);
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
