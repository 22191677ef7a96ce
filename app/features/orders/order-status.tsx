import { Badge, Table, Text } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { Language } from "~/contracts/i18n/config";
import { formatCny } from "~/contracts/common/format";
import type { OrderLine } from "~/features/orders/orders.server";
import { ORDER_STATUSES, type OrderStatus } from "~/contracts/orders/values";
import { localName, localUnit } from "../../contracts/orders/display";
import "../../contracts/orders/texts";

const STATUS_COLORS: Record<OrderStatus, string> = { submitted: "blue", contract_uploaded: "grape", payment_claimed: "orange", completed: "green" };

/** Never narrower than its words (app/styles/booking.css): squeezed in a table it showed as an empty pill. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" className="order-status-badge" data-testid="order-status">
      {t(`orders.statuses.${status}`)}
    </Badge>
  );
}

/** docs/product.md § Service orders: order submitted → contract uploaded → payment claimed → transaction complete. */
export function OrderStepper({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  const current = ORDER_STATUSES.indexOf(status);
  return (
    <nav aria-label={t("orders.detail.steps")}>
      <ol className="order-stepper" data-testid="order-stepper">
        {ORDER_STATUSES.map((step, index) => (
          <li
            key={step}
            aria-current={index === current ? "step" : undefined}
            className={index < current ? "is-done" : index === current ? "is-current" : undefined}
          >
            <span className="order-stepper-number" aria-hidden="true">
              {index < current || status === "completed" ? "✓" : index + 1}
            </span>{" "}
            {t(`orders.statuses.${step}`)}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** The order's lines at the prices locked when it was committed; a card per line on a phone. */
export function OrderLinesTable({ lines, totalCents, language }: { lines: OrderLine[]; totalCents: number; language: Language }) {
  const { t } = useTranslation();
  return (
    <Table withTableBorder striped data-testid="order-lines" className="stacked-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t("orders.detail.service")}</Table.Th>
          <Table.Th>{t("orders.detail.priceKind")}</Table.Th>
          <Table.Th ta="right">{t("orders.booking.unitPrice")}</Table.Th>
          <Table.Th ta="right">{t("orders.detail.quantity")}</Table.Th>
          <Table.Th ta="right">{t("orders.booking.amount")}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((line) => (
          <Table.Tr key={line.code}>
            <Table.Td data-label={t("orders.detail.service")}>{localName(line, language)}</Table.Td>
            <Table.Td data-label={t("orders.detail.priceKind")}>
              <Text size="sm">{t(`orders.priceKinds.${line.priceKind}`)}</Text>
            </Table.Td>
            <Table.Td ta="right" data-label={t("orders.booking.unitPrice")}>
              {`${formatCny(line.unitCents)} / ${localUnit(line, language)}`}
            </Table.Td>
            <Table.Td ta="right" data-label={t("orders.detail.quantity")}>
              {line.quantity}
            </Table.Td>
            <Table.Td ta="right" data-label={t("orders.booking.amount")}>
              {formatCny(line.lineCents)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={4}>{t("orders.booking.total")}</Table.Th>
          <Table.Th ta="right" data-testid="order-total">
            {formatCny(totalCents)}
          </Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
