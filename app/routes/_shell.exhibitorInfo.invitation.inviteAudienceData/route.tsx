import { shellTitle } from "~/lib/page-title";
import { Anchor, Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { ListPager } from "~/components/list-pager";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { visitorEndpoints } from "~/contracts/promotion/visitors/endpoints.server";
import { CHART_DAYS_DEFAULT } from "~/contracts/promotion/visitors/values";
import { AudienceTable } from "~/features/promotion/audience-table";
import { DailyChart } from "~/features/promotion/daily-chart";
import { useTranslation } from "~/i18n/texts";
import { requireOk } from "~/lib/api.server";
import { requireShellUser } from "~/lib/permissions.server";
import "~/contracts/promotion/texts";
import { pageFrom } from "~/lib/address";
import { Panel } from "~/components/panel";
import { PageHeading } from "~/components/page-heading";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "promotion.reports.audienceTitle" } satisfies PageHandle;

const PAGE_SIZE = 20;
const KEYWORD_MAX = 50;

/**
 * The exhibitor's invited audience (spec /exhibitorInfo/invitation/inviteAudienceData): a daily chart,
 * the visitors who registered through the exhibitor's links (masked as the API answers them),
 * searchable and paged by the address, and their export with the same search.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const query = new URL(request.url).searchParams;
  const keyword = (query.get("keyword") ?? "").trim().slice(0, KEYWORD_MAX);
  const page = pageFrom(query);
  const [audience, chart] = await Promise.all([
    api.call(visitorEndpoints.audience, { keyword, page, pageSize: PAGE_SIZE }).then((r) => requireOk(r, request, context)),
    api.call(visitorEndpoints.audienceChart, { days: CHART_DAYS_DEFAULT }).then((r) => requireOk(r, request, context)),
  ]);
  return json(
    { title: translate(language, "promotion.reports.audienceTitle"), audience, chart, keyword },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function InviteAudiencePage() {
  const { t } = useTranslation();
  const { audience, chart, keyword } = useLoaderData<typeof loader>();
  const search = (page: number) => `?${new URLSearchParams({ ...(keyword ? { keyword } : {}), page: String(page) })}`;
  return (
    <Stack gap="lg" maw={1200}>
      <Panel gap="sm">
        <PageHeading title={t("promotion.reports.audienceTitle")} intro={t("promotion.reports.audienceIntro")} />
        <Title order={2} size="h5">
          {t("promotion.reports.chartTitle", { days: chart.days.length })}
        </Title>
        <DailyChart chart={chart} />
      </Panel>
      <Panel gap="sm">
        <Form method="get" data-testid="audience-search">
          <Group align="flex-end" gap="sm">
            <TextInput
              name="keyword"
              type="search"
              label={t("promotion.visitors.fields.keyword")}
              placeholder={t("promotion.reports.keywordHint")}
              defaultValue={keyword}
              maxLength={KEYWORD_MAX}
            />
            <Button type="submit" variant="default">
              {t("promotion.reports.search")}
            </Button>
            {audience.total ? (
              <Anchor href={`/exhibitorInfo/invitation/inviteAudienceData/export${keyword ? `?${new URLSearchParams({ keyword })}` : ""}`} download>
                {t("promotion.reports.export")}
              </Anchor>
            ) : null}
          </Group>
        </Form>
        <Text size="sm" data-testid="audience-total">
          {t("promotion.reports.total", { count: audience.total })}
          {" · "}
          <span data-testid="audience-checked-in-total">{t("promotion.reports.checkedInTotal", { count: audience.checkedIn })}</span>
        </Text>
        {audience.rows.length ? (
          <AudienceTable rows={audience.rows} />
        ) : (
          <Text c="dimmed" data-testid="audience-empty">
            {keyword ? t("promotion.reports.noMatch") : t("promotion.reports.emptyAudience")}{" "}
            {keyword ? null : (
              <Anchor component={Link} to="/exhibitorInfo/invitation/custom">
                {t("promotion.reports.shareLink")}
              </Anchor>
            )}
          </Text>
        )}
        <ListPager
          page={audience.page}
          pageSize={audience.pageSize}
          total={audience.total}
          link={search}
          keys={{ previous: "common.previous", next: "common.next", pageOf: "common.pageOf" }}
        />
      </Panel>
    </Stack>
  );
}
