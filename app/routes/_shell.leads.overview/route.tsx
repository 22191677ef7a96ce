import { Anchor, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CommonPager } from "~/components/common-pager";
import { ListTable } from "~/components/list-table";
import { PagePanel } from "~/components/page-panel";
import { translate } from "~/contracts/i18n/translate.server";
import { leadEndpoints } from "~/contracts/leads/endpoints.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { LeadCounts } from "~/features/leads/lead-counts";
import { useTranslation } from "~/i18n/texts";
import { pageFrom } from "~/lib/address";
import { requireOk } from "~/lib/api.server";
import { shellTitle } from "~/lib/page-title";
import { requireShellUser } from "~/lib/permissions.server";
import "~/contracts/leads/texts";
import "~/contracts/promotion/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "leads.overviewTitle" } satisfies PageHandle;

const PATH = "/leads/overview";
const VISITORS_PATH = "/exhibitorInfo/invitation/visitors";
const PAGE_SIZE = 50;

/**
 * /leads/overview (the organizer's, docs/decisions/070): how the show's lead scanning goes, in counts
 * only (visitors registered, checked in, consenting, erased; leads per exhibitor, most first, 50 a
 * page; leads per day). Which visitor an exhibitor met is the exhibitor's and is not shown here.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const overview = await requireOk(await api.call(leadEndpoints.overview), request, context);
  const total = overview.perExhibitor.length;
  const page = Math.min(pageFrom(new URL(request.url).searchParams), Math.max(1, Math.ceil(total / PAGE_SIZE)));
  const exhibitors = overview.perExhibitor.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  return json(
    {
      title: translate(language, "leads.overviewTitle"),
      visitors: overview.visitors,
      totalLeads: overview.totalLeads,
      perDay: overview.perDay,
      exhibitors,
      page,
      total,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function LeadOverviewPage() {
  const { t } = useTranslation();
  const { visitors, totalLeads, perDay, exhibitors, page, total } = useLoaderData<typeof loader>();
  const figures = [
    ["registered", "leads.overview.registered", visitors.registered],
    ["checkedIn", "leads.overview.checkedIn", visitors.checkedIn],
    ["consenting", "leads.overview.consenting", visitors.leadConsent],
    ["erased", "leads.overview.erased", visitors.erased],
    ["totalLeads", "leads.overview.totalLeads", totalLeads],
  ] as const;
  return (
    <Stack gap="lg" maw={1100}>
      <PagePanel title={t("leads.overviewTitle")} intro={t("leads.overview.intro")}>
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
          {figures.map(([name, label, value]) => (
            <Paper key={name} withBorder p="sm" data-testid={`lead-overview-${name}`}>
              <Text size="xs" c="dimmed">
                {t(label)}
              </Text>
              <Text fw={700} size="xl" data-testid="lead-overview-figure">
                {value}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
        <Anchor component={Link} to={VISITORS_PATH} size="sm">
          {t("promotion.reports.visitorsTitle")}
        </Anchor>
      </PagePanel>
      <Paper withBorder p="lg">
        <Stack gap="md">
          {exhibitors.length ? (
            <ListTable
              minWidth={480}
              testId="lead-overview-exhibitors"
              heads={["leads.overview.exhibitor", "leads.overview.leads", "leads.overview.hot", "leads.overview.members"]}
            >
              {exhibitors.map((row) => (
                <Table.Tr key={row.userId} data-testid="lead-overview-exhibitor">
                  <Table.Td style={{ overflowWrap: "anywhere" }}>{row.companyName}</Table.Td>
                  <Table.Td ta="right">{row.leads}</Table.Td>
                  <Table.Td ta="right">{row.hot}</Table.Td>
                  <Table.Td ta="right">{row.members}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          ) : (
            <Text c="dimmed" data-testid="lead-overview-empty">
              {t("leads.overview.empty")}
            </Text>
          )}
          <CommonPager page={page} pageSize={PAGE_SIZE} total={total} link={(next) => `${PATH}?page=${next}`} />
          {perDay.length ? <LeadCounts title={t("leads.list.perDay")} counts={perDay} testId="lead-overview-per-day" /> : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
