import { TRANSPORT_PAGER_KEYS } from "./pager-keys";
import { PageHeading } from "~/components/page-heading";
import { shellTitle } from "~/lib/page-title";
import { Paper, Stack, Text } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FilterLinks } from "~/components/filter-links";
import { ListPager } from "~/components/list-pager";
import { addressWith, pageFrom, pageValue } from "~/lib/address";
import type { DeclarationStatus } from "~/contracts/transport/api-types";
import { transportEndpoints } from "~/contracts/transport/endpoints.server";
import { DeclarationTable } from "~/features/transport/declaration-table";
import { DECLARATION_STATUSES } from "~/contracts/transport/values";
import { translate } from "~/contracts/i18n/translate.server";
import { requireOk } from "~/lib/api.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";
import "~/contracts/transport/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

/** docs/product.md § Footer and floating buttons: the carrier review page has no floating buttons. */
export const handle = { breadcrumb: "transport.review.title", floatingButtons: false } satisfies PageHandle;

const PATH = "/exhibitTL/review";
const FILTERS = DECLARATION_STATUSES.filter((status) => status !== "draft");

/** The declarations addressed to the signed-in carrier (the organizer: every carrier's, to read), waiting ones first. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const status = FILTERS.find((s) => s === url.searchParams.get("status")) ?? null;
  const page = pageFrom(url.searchParams);
  const list = await requireOk(await api.call(transportEndpoints.reviewList, { status: status ?? undefined, page }), request, context);
  return json({ title: translate(language, "transport.review.title"), list, status });
}

export default function ReviewPage() {
  const { t } = useTranslation();
  const { list, status } = useLoaderData<typeof loader>();
  const link = (next: { status?: DeclarationStatus | null; page?: number }) =>
    addressWith(PATH, { status: next.status === undefined ? status : next.status, page: pageValue(next.page) });
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} maw={1100}>
      <Stack gap="md">
        <PageHeading
          title={t("transport.review.title")}
          intro={list.carrier ? t("transport.review.intro", { carrier: list.carrier.name }) : t("transport.review.organizerIntro")}
        />
        <FilterLinks
          label={t("transport.fields.status")}
          testId="review-filters"
          all={{ label: t("transport.review.all"), testId: "review-filter-all" }}
          options={FILTERS.map((s) => ({ value: s, label: `${t(`transport.statuses.${s}`)} (${list.counts[s] ?? 0})`, testId: `review-filter-${s}` }))}
          current={status}
          link={(s) => link({ status: s })}
        />
        {list.items.length ? (
          <DeclarationTable
            declarations={list.items}
            view={{ for: "review", carrierColumn: !list.carrier }}
            detailPath={PATH}
            testId={{ table: "review-list", row: "review" }}
          />
        ) : (
          <Text c="dimmed">{t("transport.review.empty")}</Text>
        )}
        <ListPager page={list.page} pageSize={list.pageSize} total={list.total} link={(page) => link({ page })} keys={TRANSPORT_PAGER_KEYS} />
      </Stack>
    </Paper>
  );
}
