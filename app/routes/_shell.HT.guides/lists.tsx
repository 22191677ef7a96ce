import { Anchor, Badge, Group, List, Paper, Stack, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { BusRoute, CarPark } from "~/contracts/traffic-guides/api-types";
import { GUIDES_ADMIN_PATH, carParkMapPath, dayLabel } from "~/contracts/traffic-guides/values";
import { usePick } from "~/features/traffic-guides/guide-parts";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/traffic-guides/texts";

/** Edit and delete links of one row: `?<edit>=<id>` opens its form, `?<remove>=<id>` asks first. */
function RowLinks({ edit, remove, id }: { edit: string; remove: string; id: number }) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" wrap="nowrap">
      <Anchor component={Link} to={`${GUIDES_ADMIN_PATH}?${edit}=${id}`} size="sm">
        {t("trafficGuides.admin.edit")}
      </Anchor>
      <Anchor component={Link} to={`${GUIDES_ADMIN_PATH}?${remove}=${id}`} size="sm" c="red.8">
        {t("trafficGuides.admin.delete")}
      </Anchor>
    </Group>
  );
}

function Shown({ hidden }: { hidden: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={hidden ? "gray" : "green"}>
      {hidden ? t("trafficGuides.admin.hidden") : t("trafficGuides.admin.visible")}
    </Badge>
  );
}

/** Every route (hidden ones too) with its stops in order and its days, each editable. */
export function RouteList({ routes }: { routes: BusRoute[] }) {
  const { t, language } = useTranslation();
  const pick = usePick();
  if (!routes.length) return <Text c="dimmed">{t("trafficGuides.admin.noRoutes")}</Text>;
  return (
    <Stack gap="sm" data-testid="route-list">
      {routes.map((route) => (
        <Paper key={route.id} withBorder p="sm" data-testid="route-row">
          <Stack gap="xs">
            <Group justify="space-between">
              <Group gap="xs">
                <Text fw={600}>
                  {route.nameZh} / {route.nameEn}
                </Text>
                <Shown hidden={route.hidden} />
                <Text size="xs" c="dimmed">
                  {t("trafficGuides.fields.sort")} {route.sort}
                </Text>
              </Group>
              <RowLinks edit="route" remove="deleteRoute" id={route.id} />
            </Group>
            <Text size="sm" fw={500}>
              {t("trafficGuides.bus.stops")}
            </Text>
            {route.stops.length ? (
              <List type="ordered" size="sm" spacing={4}>
                {route.stops.map((stop) => (
                  <List.Item key={stop.id}>
                    <Group gap="sm">
                      <span>{pick(stop.nameZh, stop.nameEn)}</span>
                      <RowLinks edit="stop" remove="deleteStop" id={stop.id} />
                    </Group>
                  </List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm" c="dimmed">
                {t("trafficGuides.bus.noStops")}
              </Text>
            )}
            <Text size="sm" fw={500}>
              {t("trafficGuides.bus.timetable")}
            </Text>
            {route.timetables.length ? (
              <Stack gap={4}>
                {route.timetables.map((day) => (
                  <Group key={day.id} gap="sm" data-testid="timetable-row">
                    <Text size="sm">
                      {dayLabel(day.serviceDay, language)}:{" "}
                      {t("trafficGuides.bus.departures", { first: day.firstDeparture, last: day.lastDeparture, interval: day.intervalMinutes })}
                    </Text>
                    <RowLinks edit="day" remove="deleteDay" id={day.id} />
                  </Group>
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t("trafficGuides.bus.noTimetable")}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** Every car park (hidden ones too), editable. */
export function CarParkList({ carParks }: { carParks: CarPark[] }) {
  const { t } = useTranslation();
  if (!carParks.length) return <Text c="dimmed">{t("trafficGuides.admin.noCarParks")}</Text>;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped withTableBorder data-testid="car-park-list">
        <Table.Tbody>
          {carParks.map((park) => (
            <Table.Tr key={park.id} data-testid="car-park-row">
              <Table.Td>
                {park.nameZh} / {park.nameEn}
              </Table.Td>
              <Table.Td>{t("trafficGuides.parking.spaces", { count: park.capacity })}</Table.Td>
              <Table.Td>
                {park.hasMap ? (
                  <Anchor href={carParkMapPath(park.id)} target="_blank" size="sm">
                    {t("trafficGuides.parking.map")}
                  </Anchor>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Shown hidden={park.hidden} />
              </Table.Td>
              <Table.Td>
                <RowLinks edit="park" remove="deletePark" id={park.id} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
