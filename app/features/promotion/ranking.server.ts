import { json } from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/node";
import { translate } from "~/contracts/i18n/translate.server";
import { ORGANIZER_ROLE_ID } from "~/contracts/permission/roles";
import { visitorEndpoints } from "~/contracts/promotion/visitors/endpoints.server";
import { RANKING_PERIODS, type RankingKind, type RankingPeriod } from "~/contracts/promotion/visitors/values";
import { requireOk } from "~/lib/api.server";
import { requireShellUser } from "~/lib/permissions.server";

/** One ranking page: the period from `?period=` (all by default), the ranking, and whether the caller may export it. */
export async function loadRanking(request: Request, context: AppLoadContext, kind: RankingKind) {
  const { api, language, info } = await requireShellUser(request, context);
  const asked = new URL(request.url).searchParams.get("period");
  const period: RankingPeriod = RANKING_PERIODS.find((p) => p === asked) ?? "all";
  const endpoint = kind === "invite" ? visitorEndpoints.inviteRanking : visitorEndpoints.browseRanking;
  const ranking = await requireOk(await api.call(endpoint, { period }), request, context);
  return json(
    {
      title: translate(language, kind === "invite" ? "promotion.reports.inviteTitle" : "promotion.reports.browseTitle"),
      ranking,
      organizer: info.infoVO.roleId === ORGANIZER_ROLE_ID,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
