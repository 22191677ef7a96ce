import { shellTitle } from "~/lib/page-title";
import { Text } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { FormReply } from "~/features/orders/forms";
import { Pager, StatusFilter } from "~/features/orders/order-list";
import { ReviewTable } from "~/routes/_shell.bookingService.orderReview/review-table";
import { translate } from "~/contracts/i18n/translate.server";
import { handleCompleteAction, orderNotice } from "~/features/orders/order-action.server";
import { listQuery, loadOrders, noStore } from "~/features/orders/orders.server";
import { ordersEndpoints } from "~/contracts/orders/endpoints.server";
import { requireShellUser } from "~/lib/permissions.server";
import { ORDER_NO } from "~/contracts/orders/values";
import { Toast } from "~/components/toast";
import "~/contracts/orders/texts";
import { PagePanel } from "~/components/page-panel";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "orders.review.title" };

/** The organizer's service orders (menu 47, roleId 1 only; the API refuses everyone else with 403 → /401). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, language } = await requireShellUser(request, context);
  const url = new URL(request.url);
  const query = listQuery(url);
  const orders = await loadOrders(api, ordersEndpoints.adminList, query, request, context);
  const confirm = url.searchParams.get("confirm");
  return json(
    {
      title: translate(language, "orders.review.title"),
      orders,
      status: query.status,
      confirming: confirm && ORDER_NO.test(confirm) ? confirm : null,
      notice: orderNotice(url.searchParams.get("notice")),
    },
    { headers: noStore },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireShellUser(request, context);
  return handleCompleteAction(request, context, user);
}

export default function OrderReviewPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as FormReply | undefined;
  const { orders, status } = data;
  return (
    <PagePanel title={t("orders.review.title")}>
      {data.notice ? (
        <Toast kind="success" testId="notice">
          {t(data.notice)}
        </Toast>
      ) : null}
      <StatusFilter status={status} />
      {orders.list.length ? (
        <ReviewTable orders={orders.list} status={status} page={orders.page} confirming={data.confirming} reply={reply} />
      ) : (
        <Text c="dimmed" data-testid="orders-empty">
          {t(status ? "orders.list.emptyFiltered" : "orders.list.empty")}
        </Text>
      )}
      <Pager page={orders} status={status} />
    </PagePanel>
  );
}
