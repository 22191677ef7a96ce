import { Badge as Tag, Group, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import type { ExpressBookingView, ExpressStatus } from "~/contracts/vehicles/express/types";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/express/texts";

/** What the exhibitor's history and the carrier's list show alike of an express booking (issue 18). */
const STATUS_COLORS: Record<ExpressStatus, string> = { booked: "blue", received: "orange", delivered: "green" };

export function ExpressStatusTag({ status }: { status: ExpressStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} variant="light" data-testid="express-status" style={{ flexShrink: 0 }}>
      {t(`vehicles.expressStatuses.${status}`)}
    </Tag>
  );
}

/** The three steps: reached ones ticked with their time, the current one filled. */
export function ExpressSteps({ booking }: { booking: ExpressBookingView }) {
  const { t } = useTranslation();
  const current = booking.steps.findIndex((s) => s.status === booking.status);
  return (
    <Group gap={4} data-testid="express-steps" aria-label={t("vehicles.express.steps")}>
      {booking.steps.map((step, index) => (
        <Tag
          key={step.status}
          size="sm"
          variant={index === current ? "filled" : "light"}
          color={index <= current ? "green" : "gray"}
          aria-current={index === current ? "step" : undefined}
          title={step.at ? exhibitionDateTime(step.at) : undefined}
          data-testid={`express-step-${step.status}`}
        >
          {index < current ? "✓ " : ""}
          {t(`vehicles.expressStatuses.${step.status}`)}
          {step.at ? ` ${exhibitionDateTime(step.at).slice(5)}` : ""}
        </Tag>
      ))}
    </Group>
  );
}

/** The parcel's columns: item with pieces, weight and size, sender, recipient and expected day. */
function Head() {
  const { t } = useTranslation();
  return (
    <>
      <Table.Th>{t("vehicles.express.item")}</Table.Th>
      <Table.Th>{t("vehicles.fields.booth")}</Table.Th>
      <Table.Th>{t("vehicles.express.sender")}</Table.Th>
      <Table.Th>{t("vehicles.express.recipient")}</Table.Th>
      <Table.Th>{t("vehicles.fields.expectedOn")}</Table.Th>
    </>
  );
}

function Cells({ booking: b }: { booking: ExpressBookingView }) {
  const { t } = useTranslation();
  const wrap = { overflowWrap: "anywhere" } as const;
  return (
    <>
      <Table.Td style={wrap}>
        <Text size="sm" fw={500}>
          {b.itemName}
        </Text>
        <Text size="xs" c="dimmed" data-testid="express-measures">
          {t("vehicles.express.piecesValue", { n: b.pieces })} · {t("vehicles.express.weightValue", { weight: b.grossWeightKg })} ·{" "}
          {t("vehicles.express.sizeValue", { length: b.lengthCm, width: b.widthCm, height: b.heightCm })}
        </Text>
        {b.trackingNo ? (
          <Text size="xs" c="dimmed">
            {t("vehicles.fields.trackingNo")} {b.trackingNo}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{b.boothNo}</Table.Td>
      <Table.Td style={wrap}>
        <Text size="sm">{b.senderName}</Text>
        <Text size="xs" c="dimmed">
          {b.senderPhone} · {b.senderAddress}
        </Text>
      </Table.Td>
      <Table.Td style={wrap}>
        <Text size="sm">{b.recipientName}</Text>
        <Text size="xs" c="dimmed">
          {b.recipientPhone}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: "nowrap" }}>{b.expectedOn}</Table.Td>
    </>
  );
}

/** The booking's status cell: its tag over the three steps. */
export function ExpressStatusCell({ booking }: { booking: ExpressBookingView }) {
  return (
    <Table.Td>
      <Stack gap={4}>
        <ExpressStatusTag status={booking.status} />
        <ExpressSteps booking={booking} />
      </Stack>
    </Table.Td>
  );
}

/** The express lists' pager texts. */
export const EXPRESS_PAGER_KEYS = { previous: "vehicles.express.previous", next: "vehicles.express.next", pageOf: "vehicles.express.pageOf" };

export const ExpressRow = { Head, Cells };
