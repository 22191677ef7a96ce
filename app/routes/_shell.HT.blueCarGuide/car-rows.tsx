import { ReturnedNote } from "../_shell.exhibitTL.truckInformationSubmit/truck-cells";
import { ListTable } from "~/components/list-table";
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
    <ListTable
      minWidth={760}
      testId="blue-car-list"
      heads={[
        "vehicles.blueCars.fields.plate",
        "vehicles.blueCars.fields.ownerName",
        "vehicles.blueCars.fields.neededFrom",
        "vehicles.blueCars.fields.status",
        <Table.Th key="act" />,
      ]}
    >
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
            <ReturnedNote
              status={car.status}
              reason={car.reviewComment && t("vehicles.blueCars.returnedBecause", { comment: car.reviewComment })}
              testId="blue-car-comment"
            />
          </Table.Td>
          <Table.Td>
            <RowActions kind={BLUE_CAR_PAGES} row={car} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
