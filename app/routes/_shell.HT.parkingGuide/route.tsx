import { shellTitle } from "~/lib/page-title";
import { Image, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { translate } from "~/contracts/i18n/translate.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { trafficGuidesEndpoints } from "~/contracts/traffic-guides/endpoints.server";
import { GUIDES_ADMIN_PATH, carParkMapPath } from "~/contracts/traffic-guides/values";
import { Fact, GuideHeader, usePick } from "~/features/traffic-guides/guide-parts";
import { useTranslation } from "~/i18n/texts";
import { requireOk } from "~/lib/api.server";
import { linkableFor, requireShellUser } from "~/lib/permissions.server";
import "~/contracts/traffic-guides/texts";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

export const handle = { breadcrumb: "trafficGuides.parking.title" } satisfies PageHandle;

/**
 * /HT/parkingGuide (issue 41): the exhibition's car parks as the organizer published them: the
 * intro, then each car park with its address, opening hours, prices, capacity and map, in the
 * reader's language. Read only.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const guide = await requireOk(await user.api.call(trafficGuidesEndpoints.parking), request, context);
  return json(
    { title: translate(user.language, "trafficGuides.parking.title"), guide, manageLink: linkableFor(user, context.pages ?? [], GUIDES_ADMIN_PATH) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function ParkingGuidePage() {
  const { t } = useTranslation();
  const { guide, manageLink } = useLoaderData<typeof loader>();
  const pick = usePick();
  return (
    <Stack gap="lg" maw={1100}>
      <GuideHeader title={t("trafficGuides.parking.title")} intro={guide.intro} manageLink={manageLink} />
      {!guide.carParks.length ? (
        <Paper withBorder p={{ base: "sm", sm: "lg" }}>
          <Text c="dimmed" data-testid="parking-empty">
            {t("trafficGuides.parking.empty")}
          </Text>
        </Paper>
      ) : null}
      {guide.carParks.map((park) => {
        const name = pick(park.nameZh, park.nameEn);
        return (
          <Paper key={park.id} withBorder p={{ base: "sm", sm: "lg" }} data-testid="car-park">
            <SimpleGrid cols={{ base: 1, md: park.hasMap ? 2 : 1 }}>
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {name}
                </Title>
                <Fact label={t("trafficGuides.parking.address")} text={pick(park.addressZh, park.addressEn)} />
                <Fact label={t("trafficGuides.parking.hours")} text={pick(park.hoursZh, park.hoursEn)} />
                <Fact label={t("trafficGuides.parking.prices")} text={pick(park.pricesZh, park.pricesEn)} />
                <Fact label={t("trafficGuides.parking.capacity")} text={t("trafficGuides.parking.spaces", { count: park.capacity })} />
              </Stack>
              {park.hasMap ? (
                <a href={carParkMapPath(park.id)} target="_blank" rel="noreferrer">
                  <Image src={carParkMapPath(park.id)} alt={t("trafficGuides.parking.mapAlt", { name })} radius="sm" maw={520} loading="lazy" />
                </a>
              ) : null}
            </SimpleGrid>
          </Paper>
        );
      })}
    </Stack>
  );
}
