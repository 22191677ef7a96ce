import { Table, Text } from "@mantine/core";
import type { BlueCarView } from "~/contracts/vehicles/blue-cars/types";
import { BLUE_CAR_PAGES } from "~/contracts/vehicles/kinds";
import { RowActions, StatusTag } from "~/features/vehicles/row-parts";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/blue-cars/texts";

/** The exhibitor's cars: status, pass or the organizer's comment, and what may be done with each. */
export function CarRows({ cars }: { cars: BlueCarView[] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped withTableBorder data-testid="blue-car-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("vehicles.blueCars.fields.plate")}</Table.Th>
            <Table.Th>{t("vehicles.blueCars.fields.ownerName")}</Table.Th>
            <Table.Th>{t("vehicles.blueCars.fields.neededFrom")}</Table.Th>
            <Table.Th>{t("vehicles.blueCars.fields.status")}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {cars.map((car) => (
            <Table.Tr key={car.id} data-testid={`blue-car-${car.id}`}>
              <Table.Td style={{ whiteSpace: "nowrap" }}>
                <Text fw={600} data-testid="blue-car-plate">
                  {car.plate}
                </Text>
              </Table.Td>
              <Table.Td>{car.ownerName}</Table.Td>
              <Table.Td style={{ whiteSpace: "nowrap" }}>{t("vehicles.blueCars.neededLine", { from: car.neededFrom, to: car.neededTo })}</Table.Td>
              <Table.Td>
                <StatusTag kind={BLUE_CAR_PAGES} status={car.status} />
                {car.status === "approved" && car.passNo ? (
                  <Text size="xs" data-testid="blue-car-pass-line">
                    {t("vehicles.blueCars.passLine", { passNo: car.passNo, from: car.validFrom, to: car.validTo })}
                  </Text>
                ) : null}
                {car.status === "returned" && car.reviewComment ? (
                  <Text size="xs" c="orange.9" data-testid="blue-car-comment" style={{ overflowWrap: "anywhere" }}>
                    {t("vehicles.blueCars.returnedBecause", { comment: car.reviewComment })}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <RowActions kind={BLUE_CAR_PAGES} row={car} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
