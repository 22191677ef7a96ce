import { Anchor, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ListPager } from "~/components/list-pager";
import { homeEndpoints } from "~/contracts/home/endpoints.server";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { useTranslation } from "~/i18n/texts";
import { requireOk } from "~/lib/api.server";
import { requireShellUser } from "~/lib/permissions.server";
import "~/contracts/home/texts";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Not done" }];

/** Opened from the organizer's home; the API answers the organizer only (an exhibitor lands on /401). */
export const handle = { breadcrumb: "home.overview.title", permissionOf: "/index" } satisfies PageHandle;

const PAGE_SIZE = 50;

/** /index/checklist/:itemId: the exhibitors not done with one checklist item, with their booths and contacts, paged, and the export. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const itemId = Number(params.itemId);
  if (!Number.isInteger(itemId) || itemId <= 0) throw new Response("Not found", { status: 404 });
  const page = Math.max(1, Math.min(10_000, Number(new URL(request.url).searchParams.get("page")) || 1));
  const list = await requireOk(await api.call(homeEndpoints.notDone, { itemId, page, pageSize: PAGE_SIZE }), request, context);
  const item = language === "en" ? list.item.titleEn || list.item.title : list.item.title;
  return json({ title: translate(language, "home.overview.notDoneTitle", { item }), item, list, page }, { headers: { "Cache-Control": "private, no-store" } });
}

export default function NotDonePage() {
  const { t } = useTranslation();
  const { title, list, page } = useLoaderData<typeof loader>();
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} maw={1100}>
      <Stack gap="sm">
        <Anchor component={Link} to="/index" size="sm">
          {t("home.overview.back")}
        </Anchor>
        <Title order={1} size="h3">
          {title}
        </Title>
        <Group gap="md">
          <Text data-testid="not-done-count">{list.total ? t("home.overview.notDoneCount", { count: list.total }) : t("home.overview.allDone")}</Text>
          {list.total ? (
            <Anchor href={`/index/checklist/${list.item.id}/export`} download>
              {t("home.overview.export")}
            </Anchor>
          ) : null}
        </Group>
        {list.rows.length ? (
          <Table.ScrollContainer minWidth={720}>
            <Table striped withTableBorder data-testid="not-done-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("home.overview.username")}</Table.Th>
                  <Table.Th>{t("home.overview.company")}</Table.Th>
                  <Table.Th>{t("home.overview.booths")}</Table.Th>
                  <Table.Th>{t("home.overview.phone")}</Table.Th>
                  <Table.Th>{t("home.overview.email")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.rows.map((row) => (
                  <Table.Tr key={row.userId} data-testid="not-done-row">
                    <Table.Td>{row.username}</Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{row.companyName}</Table.Td>
                    <Table.Td>{row.booths}</Table.Td>
                    <Table.Td>{row.phone}</Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{row.email}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        <ListPager
          page={page}
          pageSize={PAGE_SIZE}
          total={list.total}
          link={(n) => `?page=${n}`}
          keys={{ previous: "common.previous", next: "common.next", pageOf: "common.pageOf" }}
        />
      </Stack>
    </Paper>
  );
}
