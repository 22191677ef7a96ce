import { HiddenFields } from "~/components/hidden-fields";
import { Button, Table, Text } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { ListPager } from "~/components/list-pager";
import type { CarrierExpressList, CarrierExpressView } from "~/contracts/vehicles/express/types";
import { EXPRESS_PAGER_KEYS, ExpressRow, ExpressStatusCell } from "../_shell.exhibitTL.smallExhibitsExpress/express-parts";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/express/texts";
import { Panel } from "~/components/panel";
import { ListTable } from "~/components/list-table";

/** The button that moves a booking to its next status, posted as intent expressStep with the version it shows. */
function NextStep({ booking, pending }: { booking: CarrierExpressView; pending: boolean }) {
  const { t } = useTranslation();
  if (!booking.nextStatus) return null;
  return (
    <Form method="post" preventScrollReset>
      <HiddenFields values={{ intent: "expressStep", id: booking.id, version: booking.version, status: booking.nextStatus }} />
      <Button type="submit" size="xs" loading={pending} data-testid={`express-next-${booking.id}`}>
        {t("vehicles.express.moveTo", { status: t(`vehicles.expressStatuses.${booking.nextStatus}`) })}
      </Button>
    </Form>
  );
}

/**
 * The small-exhibit express bookings addressed to this carrier (the organizer: every carrier's, read
 * only), by expected day; the carrier marks each received at the warehouse, then delivered.
 */
export function ExpressForCarrier({
  list,
  canAct,
  pending,
  link,
}: {
  list: CarrierExpressList;
  canAct: boolean;
  pending: boolean;
  link: (page: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <Panel title={t("vehicles.express.carrierTitle")} gap="sm">
      <Text size="sm" c="dimmed">
        {t(list.carrier ? "vehicles.express.carrierIntro" : "vehicles.express.organizerIntro")}
      </Text>
      {list.items.length ? (
        <ListTable
          minWidth={1000}
          testId="carrier-express"
          heads={["vehicles.express.exhibitor", <ExpressRow.Head key="booking" />, "vehicles.fields.status", canAct && <Table.Th key="act" />]}
        >
          {list.items.map((b) => (
            <Table.Tr key={b.id} data-testid={`carrier-express-${b.id}`}>
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                {b.exhibitorName}
                <Text size="xs" c="dimmed">
                  {t("vehicles.express.number", { id: b.id })}
                  {list.carrier ? "" : ` · ${b.carrierName}`}
                </Text>
              </Table.Td>
              <ExpressRow.Cells booking={b} />
              <ExpressStatusCell booking={b} />
              {canAct ? (
                <Table.Td>
                  <NextStep booking={b} pending={pending} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </ListTable>
      ) : (
        <Text c="dimmed" data-testid="carrier-express-empty">
          {t("vehicles.express.carrierEmpty")}
        </Text>
      )}
      <ListPager page={list.page} pageSize={list.pageSize} total={list.total} link={link} keys={EXPRESS_PAGER_KEYS} />
    </Panel>
  );
}
