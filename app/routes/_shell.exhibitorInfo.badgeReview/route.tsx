import { shellTitle } from "~/lib/page-title";
import { idInAddress } from "~/lib/address-filters.server";
import { Paper } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { badgeEndpoints } from "~/contracts/badges/endpoints.server";
import { translate } from "~/contracts/i18n/translate.server";
import { requireOk } from "~/lib/api.server";
import { formConstraints } from "~/lib/forms.server";
import { badgeDecisionSchema } from "~/features/badges/review-schema.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";
import { loadRecordHistory } from "~/features/team/record-history.server";
import { decideAction } from "./action.server";
import { BadgeDetail } from "./badge-detail";
import { listSearch, NO_STORE } from "./filters";
import { listFilters } from "./filters.server";
import { ReviewList } from "./review-table";
import "~/contracts/badges/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "badges.review.title" } satisfies PageHandle;

/**
 * The organizer's badge review (roleId 1; the menu and the API refuse everyone else): every badge
 * of the exhibition with filters, and one badge (`?id=`) with its history and the decision form.
 * The list's filters stay in the address, so the detail's way back keeps them.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const title = translate(language, "badges.review.title");
  const filters = listFilters(url.searchParams);
  const id = idInAddress(url.searchParams, "id");
  if (id !== null) {
    // The badge and its history of changes side by side; the history is null for a staff role without the badges area.
    const [badge, history] = await Promise.all([
      api.call(badgeEndpoints.reviewInfo, { id }).then((result) => requireOk(result, request, context)),
      loadRecordHistory(api, "badge", id),
    ]);
    const constraints = formConstraints({ decision: badgeDecisionSchema });
    return json(
      { title, view: "detail" as const, badge, history, list: null, filters, back: listSearch(filters, { page: filters.page }), constraints },
      { headers: NO_STORE },
    );
  }
  const list = await requireOk(await api.call(badgeEndpoints.reviewList, filters), request, context);
  return json(
    { title, view: "list" as const, badge: null, history: null, list, filters, back: listSearch(filters, { page: filters.page }), constraints: null },
    { headers: NO_STORE },
  );
}

export async function action(args: ActionFunctionArgs) {
  return decideAction(args);
}

export default function BadgeReviewPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }}>
      {data.view === "detail" ? (
        <BadgeDetail badge={data.badge!} history={data.history} back={data.back} reply={{ constraint: data.constraints!.decision, lastResult }} />
      ) : (
        <ReviewList list={data.list!} filters={data.filters} />
      )}
    </Paper>
  );
}
