import { shellTitle } from "~/lib/page-title";
import { Badge, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { trafficGuidesEndpoints } from "~/contracts/traffic-guides/endpoints.server";
import { GUIDES_ADMIN_PATH, dayLabel } from "~/contracts/traffic-guides/values";
import { Fact, GuideHeader, usePick } from "~/features/traffic-guides/guide-parts";
import { useTranslation } from "~/i18n/texts";
import { requireOk } from "~/lib/api.server";
import { linkableFor, requireShellUser } from "~/lib/permissions.server";
import "~/contracts/traffic-guides/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "trafficGuides.bus.title" } satisfies PageHandle;

/**
 * /HT/busGuide (issue 41): the exhibition's shuttle buses as the organizer published them: the
 * intro, then each route with its stops in order and its timetable per day (build-up and show
 * days), in the reader's language. Read only.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const guide = await requireOk(await user.api.call(trafficGuidesEndpoints.bus), request, context);
  return json(
    { title: translate(user.language, "trafficGuides.bus.title"), guide, manageLink: linkableFor(user, context.pages ?? [], GUIDES_ADMIN_PATH) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function BusGuidePage() {
  const { t, language } = useTranslation();
  const { guide, manageLink } = useLoaderData<typeof loader>();
  const pick = usePick();
  return (
    <Stack gap="lg" maw={1100}>
      <GuideHeader title={t("trafficGuides.bus.title")} intro={guide.intro} manageLink={manageLink} />
      {!guide.routes.length ? (
        <Paper withBorder p={{ base: "sm", sm: "lg" }}>
          <Text c="dimmed" data-testid="bus-empty">
            {t("trafficGuides.bus.empty")}
          </Text>
        </Paper>
      ) : null}
      {guide.routes.map((route) => (
        <Paper key={route.id} withBorder p={{ base: "sm", sm: "lg" }} data-testid="bus-route">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {pick(route.nameZh, route.nameEn)}
            </Title>
            {pick(route.noteZh, route.noteEn) ? <Text style={{ whiteSpace: "pre-line" }}>{pick(route.noteZh, route.noteEn)}</Text> : null}
            <SimpleGrid cols={{ base: 1, md: 2 }}>
              <Stack gap="xs">
                <Title order={3} size="h5">
                  {t("trafficGuides.bus.stops")}
                </Title>
                {route.stops.length ? (
                  <List type="ordered" spacing="xs">
                    {route.stops.map((stop) => (
                      <List.Item key={stop.id}>
                        <Text span fw={500}>
                          {pick(stop.nameZh, stop.nameEn)}
                        </Text>
                        <Fact label={t("trafficGuides.parking.address")} text={pick(stop.addressZh, stop.addressEn)} />
                      </List.Item>
                    ))}
                  </List>
                ) : (
                  <Text c="dimmed">{t("trafficGuides.bus.noStops")}</Text>
                )}
              </Stack>
              <Stack gap="xs">
                <Title order={3} size="h5">
                  {t("trafficGuides.bus.timetable")}
                </Title>
                {route.timetables.length ? (
                  <Table withTableBorder striped>
                    <Table.Tbody>
                      {route.timetables.map((day) => (
                        <Table.Tr key={day.id}>
                          <Table.Td>
                            <Group gap={6} wrap="nowrap">
                              {dayLabel(day.serviceDay, language)}
                              <Badge size="xs" variant="light" color={day.serviceDay < guide.days.opensOn ? "orange" : "blue"}>
                                {day.serviceDay < guide.days.opensOn ? t("trafficGuides.bus.buildUpDay") : t("trafficGuides.bus.showDay")}
                              </Badge>
                            </Group>
                          </Table.Td>
                          <Table.Td>
                            {t("trafficGuides.bus.departures", { first: day.firstDeparture, last: day.lastDeparture, interval: day.intervalMinutes })}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                ) : (
                  <Text c="dimmed">{t("trafficGuides.bus.noTimetable")}</Text>
                )}
              </Stack>
            </SimpleGrid>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
