import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { leadEndpoints } from "~/contracts/leads/endpoints.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { proxyDownload } from "~/lib/download.server";
import { requireShellUser } from "~/lib/permissions.server";
import { PAGE_PATH } from "../_shell.leads.list/filters";
import { leadListFilters } from "../_shell.leads.list/filters.server";

export const handle = { permissionOf: PAGE_PATH } satisfies PageHandle;

/**
 * GET /leads/export?<the list's filters>: the company's .xlsx of every lead they match, with the list's
 * permission. The API builds it (contacts only where the visitor consents at export time) and it passes
 * through untouched. A refused filter goes back to the list, which names it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context, PAGE_PATH);
  const url = new URL(request.url);
  const { filters, errors } = leadListFilters(url.searchParams);
  if (errors) throw redirect(`${PAGE_PATH}${url.search}`);
  const { page: _page, ...query } = filters;
  const response = await user.api.download(leadEndpoints.exportLeads, query);
  return proxyDownload(response, request, context, { cacheControl: "private, no-store" });
}
