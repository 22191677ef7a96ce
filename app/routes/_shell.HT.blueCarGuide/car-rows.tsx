import { Anchor, Badge as Tag, Group, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { BlueCarView } from "~/contracts/vehicles/blue-cars/types";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/blue-cars/texts";

export const STATUS_COLORS = { submitted: "blue", approved: "green", returned: "orange" } as const;

/** The exhibitor's cars: status, pass or the organizer's comment, and what may be done with each. */
export function CarRows({ cars, path }: { cars: BlueCarView[]; path: string }) {
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
                <Tag color={STATUS_COLORS[car.status]} variant="light" data-testid="blue-car-status">
                  {t(`vehicles.blueCars.statuses.${car.status}`)}
                </Tag>
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
                <Group gap="sm" wrap="nowrap">
                  {car.status === "approved" ? (
                    <Anchor href={`${path}/pass?id=${car.id}`} size="sm" data-testid={`blue-car-pass-${car.id}`}>
                      {t("vehicles.blueCars.downloadPass")}
                    </Anchor>
                  ) : null}
                  {car.canEdit ? (
                    <Anchor component={Link} to={`${path}?edit=${car.id}`} size="sm" preventScrollReset data-testid={`blue-car-edit-${car.id}`}>
                      {t("vehicles.blueCars.edit")}
                    </Anchor>
                  ) : null}
                  {car.canDelete ? (
                    <Anchor component={Link} to={`${path}?delete=${car.id}`} c="red.9" size="sm" preventScrollReset data-testid={`blue-car-delete-${car.id}`}>
                      {t("vehicles.blueCars.delete")}
                    </Anchor>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
