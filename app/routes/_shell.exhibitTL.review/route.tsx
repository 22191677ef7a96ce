import { shellTitle } from "~/lib/page-title";
import { Anchor, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { ListPager } from "~/components/list-pager";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import type { DeclarationStatus } from "~/contracts/transport/api-types";
import { transportEndpoints } from "~/contracts/transport/endpoints.server";
import { DeclarationStatusTag } from "~/features/transport/parts";
import { DECLARATION_STATUSES } from "~/contracts/transport/values";
import { translate } from "~/contracts/i18n/translate.server";
import { requireOk } from "~/lib/api.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { requireShellUser } from "~/lib/permissions.server";
import "~/contracts/transport/texts";
import { formatCny } from "~/contracts/common/format";

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
  const page = Math.max(1, Math.min(10_000, Number(url.searchParams.get("page")) || 1));
  const list = await requireOk(await api.call(transportEndpoints.reviewList, { status: status ?? undefined, page }), request, context);
  return json({ title: translate(language, "transport.review.title"), list, status });
}

export default function ReviewPage() {
  const { t } = useTranslation();
  const { list, status } = useLoaderData<typeof loader>();
  const link = (next: { status?: DeclarationStatus | null; page?: number }) => {
    const params = new URLSearchParams();
    const s = next.status === undefined ? status : next.status;
    if (s) params.set("status", s);
    if (next.page && next.page > 1) params.set("page", String(next.page));
    const query = params.toString();
    return query ? `${PATH}?${query}` : PATH;
  };
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} maw={1100}>
      <Stack gap="md">
        <Title order={1} size="h3">
          {t("transport.review.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {list.carrier ? t("transport.review.intro", { carrier: list.carrier.name }) : t("transport.review.organizerIntro")}
        </Text>
        <Group gap="md" data-testid="review-filters">
          <Anchor component={Link} to={link({ status: null, page: 1 })} fw={status ? undefined : 700}>
            {t("transport.review.all")}
          </Anchor>
          {FILTERS.map((s) => (
            <Anchor key={s} component={Link} to={link({ status: s, page: 1 })} fw={status === s ? 700 : undefined}>
              {t(`transport.statuses.${s}`)} ({list.counts[s] ?? 0})
            </Anchor>
          ))}
        </Group>
        {list.items.length ? (
          <Table.ScrollContainer minWidth={760}>
            <Table striped withTableBorder data-testid="review-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("transport.page.number")}</Table.Th>
                  <Table.Th>{t("transport.page.exhibitor")}</Table.Th>
                  {list.carrier ? null : <Table.Th>{t("transport.fields.carrier")}</Table.Th>}
                  <Table.Th>{t("transport.page.arrival")}</Table.Th>
                  <Table.Th style={{ textAlign: "right" }}>{t("transport.page.exhibitCount")}</Table.Th>
                  <Table.Th style={{ textAlign: "right" }}>{t("transport.page.amount")}</Table.Th>
                  <Table.Th>{t("transport.fields.status")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.items.map((d) => (
                  <Table.Tr key={d.id} data-testid={`review-${d.id}`}>
                    <Table.Td>
                      <Anchor component={Link} to={`${PATH}/${d.id}`}>
                        {t("transport.page.declarationNo", { id: d.id })}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {exhibitionDateTime(d.submittedAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>
                      {d.exhibitorName}
                      <Text size="xs" c="dimmed">
                        {d.boothNo}
                      </Text>
                    </Table.Td>
                    {list.carrier ? null : <Table.Td style={{ overflowWrap: "anywhere" }}>{d.carrierName}</Table.Td>}
                    <Table.Td style={{ whiteSpace: "nowrap" }}>
                      {d.arrivalFrom} – {d.arrivalTo}
                    </Table.Td>
                    <Table.Td style={{ textAlign: "right" }}>{d.exhibitCount}</Table.Td>
                    <Table.Td style={{ textAlign: "right", whiteSpace: "nowrap" }}>{formatCny(d.amountCents)}</Table.Td>
                    <Table.Td>
                      <DeclarationStatusTag status={d.status} />
                      {d.orderStep ? (
                        <Text size="xs" c="dimmed">
                          {t(`transport.steps.${d.orderStep}`)}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text c="dimmed">{t("transport.review.empty")}</Text>
        )}
        <ListPager
          page={list.page}
          pageSize={list.pageSize}
          total={list.total}
          link={(page) => link({ page })}
          keys={{ previous: "transport.page.previous", next: "transport.page.next", pageOf: "transport.page.pageOf" }}
        />
      </Stack>
    </Paper>
  );
}
