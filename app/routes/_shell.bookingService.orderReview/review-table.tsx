import { Alert, Anchor, Button, Group, Table, Text } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { formatCny } from "~/contracts/common/format";
import { useErrorText } from "~/lib/forms";
import type { AdminOrderSummary } from "~/features/orders/orders.server";
import type { OrderStatus } from "~/contracts/orders/schema";
import { exhibitionDateTime } from "../../contracts/common/exhibition-time";
import type { FormReply } from "../../features/orders/forms";
import { OrderStatusBadge } from "../../features/orders/order-status";
import "~/contracts/orders/texts";
import { StackedTable } from "~/components/stacked-table";

type Props = { orders: AdminOrderSummary[]; status: OrderStatus | null; page: number; confirming: string | null; reply?: FormReply };

/** The organizer's list: whose order, what was attached, and 'mark complete' once paid (two steps); a card per order on a phone. */
export function ReviewTable({ orders, status, page, confirming, reply }: Props) {
  const keep = { ...(status ? { status } : {}), page: String(page) };
  return (
    <StackedTable
      testId="review-orders"
      striped
      heads={[
        "orders.list.orderNo",
        "orders.review.exhibitor",
        "orders.list.booth",
        "orders.list.createdAt",
        "orders.list.source",
        "orders.list.status",
        { label: "orders.list.total", ta: "right" },
        "orders.review.files",
        {},
      ]}
    >
      {orders.map((order) => {
        const exhibitor = order.businessName ? `${order.businessName} (${order.username})` : order.username;
        const refused = reply?.form === `complete-${order.orderNo}` ? reply : undefined;
        return <ReviewRow key={order.orderNo} order={order} exhibitor={exhibitor} keep={keep} confirming={confirming === order.orderNo} refused={refused} />;
      })}
    </StackedTable>
  );
}

function ReviewRow({
  order,
  exhibitor,
  keep,
  confirming,
  refused,
}: {
  order: AdminOrderSummary;
  exhibitor: string;
  keep: Record<string, string>;
  confirming: boolean;
  refused?: FormReply;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const files = [
    ...order.contractUrls.map((url, i) => ({ url, label: `${t("orders.fields.contract")} ${i + 1}` })),
    ...(order.voucherUrl ? [{ url: order.voucherUrl, label: t("orders.fields.voucher") }] : []),
  ];
  return (
    <>
      <Table.Tr data-testid={`review-${order.orderNo}`}>
        <Table.Td data-label={t("orders.list.orderNo")}>{order.orderNo}</Table.Td>
        <Table.Td data-label={t("orders.review.exhibitor")}>{exhibitor}</Table.Td>
        <Table.Td data-label={t("orders.list.booth")}>{order.boothNo}</Table.Td>
        <Table.Td data-label={t("orders.list.createdAt")}>{exhibitionDateTime(order.createdAt)}</Table.Td>
        <Table.Td data-label={t("orders.list.source")}>{t(`orders.sources.${order.source}`)}</Table.Td>
        <Table.Td data-label={t("orders.list.status")}>
          <OrderStatusBadge status={order.status} />
        </Table.Td>
        <Table.Td ta="right" data-label={t("orders.list.total")}>
          {formatCny(order.totalCents)}
        </Table.Td>
        <Table.Td data-label={t("orders.review.files")}>
          {files.length ? (
            <Group gap={6}>
              {files.map((file) => (
                <Anchor key={file.url} href={file.url} target="_blank" rel="noreferrer" size="sm">
                  {file.label}
                </Anchor>
              ))}
            </Group>
          ) : null}
        </Table.Td>
        <Table.Td>
          {order.status === "payment_claimed" ? (
            <Button
              component={Link}
              to={`?${new URLSearchParams({ ...keep, confirm: order.orderNo })}`}
              preventScrollReset
              replace
              size="xs"
              variant="light"
              color="green"
            >
              {t("orders.review.complete")}
            </Button>
          ) : null}
        </Table.Td>
      </Table.Tr>
      {confirming || refused ? (
        <Table.Tr>
          <Table.Td colSpan={9}>
            <Alert
              color={refused ? "red" : "green"}
              role="alertdialog"
              aria-label={t("orders.review.confirmComplete", { orderNo: order.orderNo, exhibitor, total: formatCny(order.totalCents) })}
              data-testid="confirm-complete"
            >
              {refused?.errors?.length ? (
                <Text c="red" size="sm" role="alert">
                  {errorText(refused.errors)}
                </Text>
              ) : null}
              <Form method="post">
                <input type="hidden" name="orderNo" value={order.orderNo} />
                {Object.entries(keep).map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <Group gap="sm">
                  <Text size="sm">{t("orders.review.confirmComplete", { orderNo: order.orderNo, exhibitor, total: formatCny(order.totalCents) })}</Text>
                  <Button type="submit" name="intent" value="complete" color="green" size="xs" autoFocus>
                    {t("orders.review.confirmCompleteYes")}
                  </Button>
                  <Button component={Link} to={`?${new URLSearchParams(keep)}`} preventScrollReset replace variant="default" size="xs">
                    {t("orders.booking.cancel")}
                  </Button>
                </Group>
              </Form>
            </Alert>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
