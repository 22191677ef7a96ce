import { Table, Text } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/trucks/texts";

/** What the exhibitors' vehicle lists and the organizer's reviews show alike of a truck or car. */

/** The driver's name with the phone under it. */
export function DriverCell({ truck }: { truck: { driverName: string; driverPhone: string } }) {
  return (
    <Table.Td>
      {truck.driverName}
      <Text size="xs" c="dimmed">
        {truck.driverPhone}
      </Text>
    </Table.Td>
  );
}

/** The gate the truck comes in by, once the organizer has set one. */
export function GateLine({ gate }: { gate?: string | null }) {
  const { t } = useTranslation();
  return gate ? (
    <Text size="xs" c="dimmed">
      {t("vehicles.trucks.gateLine", { gate })}
    </Text>
  ) : null;
}

/** Why the organizer returned the vehicle (its text, translated), shown only while it is returned. */
export function ReturnedNote({ status, reason, testId }: { status: string; reason?: string | null | false; testId?: string }) {
  return status === "returned" && reason ? (
    <Text size="xs" c="orange.9" data-testid={testId} style={{ overflowWrap: "anywhere" }}>
      {reason}
    </Text>
  ) : null;
}
