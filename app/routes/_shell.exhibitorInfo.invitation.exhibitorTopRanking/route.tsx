import { shellTitle } from "~/lib/page-title";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { RankingPage } from "~/features/promotion/ranking-page";
import { loadRanking } from "~/features/promotion/ranking.server";
import "~/contracts/promotion/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "promotion.reports.browseTitle" } satisfies PageHandle;

/** The popularity ranking (spec /exhibitorInfo/invitation/exhibitorTopRanking; docs/product.md § Promotion). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadRanking(request, context, "browse");
}

export default function PopularityRankingPage() {
  const { ranking, organizer } = useLoaderData<typeof loader>();
  return <RankingPage ranking={ranking} organizer={organizer} />;
}
