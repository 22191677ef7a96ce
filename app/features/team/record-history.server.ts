import type { AnyEndpoint } from "~/contracts/api/endpoint";
import type { HistoryEntry } from "~/contracts/team/api-types";
import { teamEndpoints } from "~/contracts/team/endpoints.server";
import type { HistoryRecordType } from "~/contracts/team/schema";
import type { ApiClient, ApiResult } from "~/lib/api.server";

/**
 * One record's history for its detail page, oldest first (GET /smeb/history/record). `null` when the
 * API refuses it (403: a member or staff role without the record's area; 404: not the caller's), so
 * the page shows no History section rather than an error; also on 401, which the page's own call for
 * the record answers with the sign-in (the two run side by side). Anything else fails the page, as
 * requireOk does.
 */
export async function loadRecordHistory(api: ApiClient, type: HistoryRecordType, id: number | string): Promise<HistoryEntry[] | null> {
  return historyOrNothing(await api.call(teamEndpoints.recordHistory, { type, id: String(id) }));
}

/**
 * The changes the company made on a page through these endpoints, its records' actions
 * (app/contracts/team/page-history.ts), newest first; `null` as above.
 */
export async function loadPageHistory(api: ApiClient, actions: readonly AnyEndpoint[]): Promise<HistoryEntry[] | null> {
  return historyOrNothing(await api.call(teamEndpoints.pageHistory, { actions: actions.map((action) => action.path).join(",") }));
}

function historyOrNothing(result: ApiResult<HistoryEntry[]>): HistoryEntry[] | null {
  if (result.ok) return result.data;
  if (result.code === 401 || result.code === 403 || result.code === 404) return null;
  throw new Response(result.message, { status: result.code >= 400 && result.code < 600 ? result.code : 502 });
}
