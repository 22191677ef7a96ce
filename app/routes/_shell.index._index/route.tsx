import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { homeEndpoints } from "~/contracts/home/endpoints.server";
import { exhibitionDate } from "~/contracts/common/exhibition-time";
import { ScheduleStatusBadge } from "~/features/home/schedule-status";
import { translate } from "~/contracts/i18n/translate.server";
import { businessNameFor } from "~/lib/display";
import { findMenu } from "~/contracts/permission/menus";
import { landingPath, requireShellUser } from "~/lib/permissions.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { transportEndpoints } from "~/contracts/transport/endpoints.server";
import { CarrierPanel } from "./carrier-panel";
import "~/contracts/home/texts";
import { ORGANIZER_ROLE_ID } from "~/contracts/permission/roles";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Exhibitor Portal" }];

export const handle = { breadcrumb: "home.title", title: "home.title", personal: "everyone" } satisfies PageHandle;

/** The carrier's own pages (docs/product.md § Public pages: review and carrier orders). */
const CARRIER_PAGES = ["/exhibitTL/review", "/exhibitTL/carriageOrder"];

/** Home subpages offered as quick links; the Chinese-only ones (docs/product.md § Languages) only in Chinese. */
const QUICK_LINKS: { slug: string; zhOnly: boolean }[] = [
  { slug: "schedule", zhOnly: false },
  { slug: "promote", zhOnly: false },
  { slug: "premise", zhOnly: true },
  { slug: "service", zhOnly: true },
  { slug: "hotel", zhOnly: true },
  { slug: "poster", zhOnly: false },
  { slug: "bannerDownload", zhOnly: false },
  { slug: "posterCn", zhOnly: false },
  { slug: "posterEn", zhOnly: false },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireShellUser(request, context);
  const { api, info, language } = user;
  // docs/product.md § Languages: / and /index go to the first non-top-level allowed page (the home page itself when it is first).
  const landing = landingPath(user);
  if (landing !== "/index") throw redirect(landing);
  const { infoVO } = info;
  // A carrier (transport pages, no booth) has no booth and no exhibitor checklist: its home says what it will find here.
  // The role's own menu tree, before the language filter (the transport area is hidden in English).
  const carrier = infoVO.roleId !== ORGANIZER_ROLE_ID && !infoVO.booths.length && CARRIER_PAGES.some((page) => findMenu(info.menuAuths, page));
  const worksheet = carrier ? null : await api.call(homeEndpoints.worksheet);
  // The carrier's work is in the transport area, which is Chinese only (docs/product.md § Languages).
  const carrierHome = carrier && language === "zh" ? await api.call(transportEndpoints.carrierHome) : null;
  const items = worksheet?.ok ? worksheet.data : [];
  const upcoming = items
    .filter((item) => item.status === "dueSoon" || item.status === "open")
    .sort((a, b) => a.deadline.localeCompare(b.deadline))
    .slice(0, 3)
    .map((item) => ({
      id: item.id,
      title: language === "en" ? item.titleEn || item.title : item.title,
      deadline: exhibitionDate(item.deadline),
      status: item.status,
    }));
  return json({
    title: translate(language, "home.title"),
    businessName: businessNameFor(infoVO, language),
    exhibitName: infoVO.exhibitName,
    contactPhone: infoVO.contactPhone ?? null,
    contactEmail: infoVO.contactEmail ?? null,
    booths: infoVO.booths,
    currentBoothId: infoVO.boothId,
    quickLinks: QUICK_LINKS.filter((link) => language === "zh" || !link.zhOnly).map((link) => link.slug),
    carrier,
    carrierHome: carrierHome?.ok ? carrierHome.data : null,
    scheduleLoaded: Boolean(worksheet?.ok),
    upcoming,
    overdue: items.filter((item) => item.status === "overdue").length,
  });
}

export default function HomePage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Text c="dimmed">{data.exhibitName ?? t("app.exhibitionFallback")}</Text>
        <Title order={1} size="h2" data-testid="business-name">
          {data.businessName}
        </Title>
        {data.contactPhone || data.contactEmail ? (
          <Text size="sm" c="dimmed" data-testid="contact">
            {[data.contactPhone, data.contactEmail].filter(Boolean).join(" · ")}
          </Text>
        ) : null}
      </Stack>

      {data.carrier ? (
        <CarrierPanel home={data.carrierHome} />
      ) : (
        <section aria-labelledby="home-booths">
          <Title order={2} size="h4" id="home-booths" mb="xs">
            {t("home.booths")}
          </Title>
          {data.booths.length ? (
            <Group gap="sm">
              {data.booths.map((booth) => (
                <Card key={booth.boothId} withBorder padding="sm">
                  <Group gap="xs">
                    <Text fw={600}>{t("home.booth", { boothNo: booth.boothNo })}</Text>
                    <Text size="sm" c="dimmed">
                      {t("home.boothArea", { area: booth.boothArea })}
                    </Text>
                    {booth.boothId === data.currentBoothId && data.booths.length > 1 ? (
                      <Badge size="xs" variant="light">
                        {t("home.currentBooth")}
                      </Badge>
                    ) : null}
                  </Group>
                </Card>
              ))}
            </Group>
          ) : (
            <Text c="dimmed">{t("home.noBooth")}</Text>
          )}
        </section>
      )}

      {data.scheduleLoaded ? (
        <section aria-labelledby="home-upcoming">
          <Title order={2} size="h4" id="home-upcoming" mb="xs">
            {t("home.upcoming")}
          </Title>
          <Stack gap="xs">
            {data.overdue > 0 ? (
              <Text c="red.9" fw={500}>
                {t("home.overdueCount", { n: data.overdue })}
              </Text>
            ) : null}
            {data.upcoming.length ? (
              <Stack component="ul" gap="xs" className="home-plain-list">
                {data.upcoming.map((item) => (
                  <li key={item.id}>
                    <Card withBorder padding="sm">
                      <Group justify="space-between" wrap="nowrap" gap="sm">
                        <Stack gap={2}>
                          <Text fw={500}>{item.title}</Text>
                          <Text size="sm" c="dimmed">
                            {t("home.schedule.deadlineOn", {
                              date: item.deadline,
                            })}
                          </Text>
                        </Stack>
                        <ScheduleStatusBadge status={item.status} />
                      </Group>
                    </Card>
                  </li>
                ))}
              </Stack>
            ) : (
              <Text c="dimmed">{t("home.noUpcoming")}</Text>
            )}
            <Anchor component={Link} to="/index/schedule" prefetch="intent">
              {t("home.viewSchedule")}
            </Anchor>
          </Stack>
        </section>
      ) : null}

      <section aria-labelledby="home-quick-links">
        <Title order={2} size="h4" id="home-quick-links" mb="xs">
          {t("home.quickLinks")}
        </Title>
        <SimpleGrid component="ul" cols={{ base: 2, sm: 3, lg: 4 }} spacing="sm" className="home-plain-list">
          {data.quickLinks.map((slug) => (
            <li key={slug}>
              <Card component={Link} to={`/index/${slug}`} withBorder padding="sm" className="home-card-link">
                <Text fw={500}>{t(`home.pages.${slug}`)}</Text>
              </Card>
            </li>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
