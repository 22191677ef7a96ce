import { Anchor, Button, Group, NativeSelect, Table } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { ListPager } from "~/components/list-pager";
import { formatCny } from "~/contracts/common/format";
import type { OrderPage, OrderSummary } from "~/features/orders/orders.server";
import { ORDER_STATUSES, type OrderStatus } from "~/contracts/orders/values";
import { exhibitionDateTime } from "../../contracts/common/exhibition-time";
import { OrderStatusBadge } from "./order-status";
import "../../contracts/orders/texts";
import { StackedTable } from "~/components/stacked-table";

/** A GET form: the status filter works as a plain link without JavaScript. */
export function StatusFilter({ status }: { status: OrderStatus | null }) {
  const { t } = useTranslation();
  return (
    <Form method="get" data-testid="status-filter">
      <Group align="end">
        <NativeSelect
          name="status"
          label={t("orders.list.filter")}
          defaultValue={status ?? ""}
          data={[{ value: "", label: t("orders.list.all") }, ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`orders.statuses.${s}`) }))]}
        />
        <Button type="submit" variant="default">
          {t("orders.list.apply")}
        </Button>
      </Group>
    </Form>
  );
}

export function Pager({ page, status }: { page: OrderPage<unknown>; status: OrderStatus | null }) {
  const link = (n: number) => `?${new URLSearchParams({ ...(status ? { status } : {}), page: String(n) })}`;
  return (
    <ListPager
      page={page.page}
      pageSize={page.pageSize}
      total={page.total}
      link={link}
      keys={{ previous: "orders.list.previousPage", next: "orders.list.nextPage", pageOf: "orders.list.pageOf" }}
    />
  );
}

/** The exhibitor's orders: number (a link to the order), time, booth, source, status, total; a card per order on a phone (app/styles/booking.css). */
export function MyOrdersTable({ orders }: { orders: OrderSummary[] }) {
  const { t } = useTranslation();
  return (
    <StackedTable
      testId="order-list"
      striped
      heads={[
        "orders.list.orderNo",
        "orders.list.createdAt",
        "orders.list.booth",
        "orders.list.source",
        "orders.list.status",
        { label: "orders.list.total", ta: "right" },
      ]}
    >
      {orders.map((order) => (
        <Table.Tr key={order.orderNo} data-testid={`order-${order.orderNo}`}>
          <Table.Td data-label={t("orders.list.orderNo")}>
            <Anchor component={Link} to={`/bookingService/myOrder/${order.orderNo}`}>
              {order.orderNo}
            </Anchor>
          </Table.Td>
          <Table.Td data-label={t("orders.list.createdAt")}>{exhibitionDateTime(order.createdAt)}</Table.Td>
          <Table.Td data-label={t("orders.list.booth")}>{order.boothNo}</Table.Td>
          <Table.Td data-label={t("orders.list.source")}>
            {t(`orders.sources.${order.source}`) + (order.source === "contractor" && order.contractorCompany ? ` · ${order.contractorCompany}` : "")}
          </Table.Td>
          <Table.Td data-label={t("orders.list.status")}>
            <OrderStatusBadge status={order.status} />
          </Table.Td>
          <Table.Td ta="right" data-label={t("orders.list.total")}>
            {formatCny(order.totalCents)}
          </Table.Td>
        </Table.Tr>
      ))}
    </StackedTable>
  );
}
