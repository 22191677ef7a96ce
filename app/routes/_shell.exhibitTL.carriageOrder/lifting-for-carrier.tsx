import { ListTable } from "~/components/list-table";
import { HiddenFields } from "~/components/hidden-fields";
import { Badge as Tag, Button, Table, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { CarrierLiftingList } from "~/contracts/transport/api-types";
import { LiftingRow } from "~/features/transport/lifting-parts";
import "~/contracts/transport/texts";
import { Panel } from "~/components/panel";

/** The hoisting and forklift bookings exhibitors e-mailed to this carrier; the carrier confirms each. */
export function LiftingForCarrier({ bookings, canAct, pending }: { bookings: CarrierLiftingList["bookings"]; canAct: boolean; pending: boolean }) {
  const { t } = useTranslation();
  return (
    <Panel title={t("transport.orders.liftingTitle")} gap="sm">
      {bookings.length ? (
        <ListTable minWidth={860} testId="carrier-lifting" heads={["transport.page.exhibitor", <LiftingRow.Head key="h1" />, <Table.Th key="act" />]}>
          {bookings.map((b) => (
            <Table.Tr key={b.id} data-testid={`carrier-lifting-${b.id}`}>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{b.exhibitorName}</Table.Td>
              <LiftingRow.Cells booking={b} />
              <Table.Td>
                {b.status === "booked" && canAct ? (
                  <Form method="post" preventScrollReset>
                    <HiddenFields values={{ intent: "confirmLifting", id: b.id }} />
                    <Button type="submit" size="xs" loading={pending}>
                      {t("transport.orders.confirmLifting")}
                    </Button>
                  </Form>
                ) : (
                  <Tag variant="light" color={b.status === "confirmed" ? "green" : "blue"}>
                    {t(`transport.liftingStatuses.${b.status}`)}
                  </Tag>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      ) : (
        <Text c="dimmed">{t("transport.orders.liftingEmpty")}</Text>
      )}
    </Panel>
  );
}
