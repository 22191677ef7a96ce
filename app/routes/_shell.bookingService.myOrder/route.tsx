import { shellTitle } from "~/lib/page-title";
import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { MyOrdersTable, Pager, StatusFilter } from "~/features/orders/order-list";
import { translate } from "~/contracts/i18n/translate.server";
import { orderNotice } from "~/features/orders/order-action.server";
import { BOOKING_PAGE } from "~/features/orders/paths";
import { listQuery, loadOrders, noStore } from "~/features/orders/orders.server";
import { ordersEndpoints } from "~/contracts/orders/endpoints.server";
import { requireShellUser } from "~/lib/permissions.server";
import { Toast } from "~/components/toast";
import "~/contracts/orders/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "orders.list.title" };

/** The exhibitor's own orders (the API lists only the caller's), filtered by status, 10 a page. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const query = listQuery(url);
  const orders = await loadOrders(api, ordersEndpoints.list, query, request, context);
  return json(
    { title: translate(language, "orders.list.title"), orders, status: query.status, notice: orderNotice(url.searchParams.get("notice")) },
    { headers: noStore },
  );
}

export default function MyOrdersPage() {
  const { t } = useTranslation();
  const { orders, status, notice } = useLoaderData<typeof loader>();
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={1} size="h3">
            {t("orders.list.title")}
          </Title>
          <Anchor component={Link} to={BOOKING_PAGE}>
            {t("orders.list.bookMore")}
          </Anchor>
        </Group>
        {notice ? (
          <Toast kind="success" testId="notice">
            {t(notice)}
          </Toast>
        ) : null}
        <StatusFilter status={status} />
        {orders.list.length ? (
          <MyOrdersTable orders={orders.list} />
        ) : (
          <Text c="dimmed" data-testid="orders-empty">
            {t(status ? "orders.list.emptyFiltered" : "orders.list.empty")}
          </Text>
        )}
        <Pager page={orders} status={status} />
      </Stack>
    </Paper>
  );
}
