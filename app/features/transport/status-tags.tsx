import { Badge as Tag, Group } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { OrderView } from "../../contracts/transport/api-types";
import "../../contracts/transport/texts";

/**
 * The status tags and the order's steps, without any form code: the carrier's home panel shows them,
 * and /index must not pull Conform and the schemas into its chunk (issue 19's page weight).
 */

const STATUS_COLORS: Record<string, string> = { draft: "gray", submitted: "blue", accepted: "green", returned: "orange", booked: "blue", confirmed: "green" };

export function DeclarationStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status] ?? "gray"} variant="light" data-testid="declaration-status" style={{ flexShrink: 0 }}>
      {t(`transport.statuses.${status}`)}
    </Tag>
  );
}

/** The order's steps in a row: done ones ticked, the current one filled. */
export function OrderSteps({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const current = order.steps.indexOf(order.step);
  return (
    <Group gap={6} data-testid="order-steps" aria-label={t("transport.page.orderSteps")}>
      {order.steps.map((step, index) => (
        <Tag
          key={step}
          variant={index === current ? "filled" : "light"}
          color={index <= current ? "green" : "gray"}
          aria-current={index === current ? "step" : undefined}
        >
          {index < current ? "✓ " : ""}
          {t(`transport.steps.${step}`)}
        </Tag>
      ))}
      <Tag variant="outline" color={order.paid ? "green" : "gray"} data-testid="order-paid">
        {t(order.paid ? "transport.page.paid" : "transport.page.unpaid")}
      </Tag>
    </Group>
  );
}
