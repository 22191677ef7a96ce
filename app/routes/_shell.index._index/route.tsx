import { shellTitle } from "~/lib/page-title";
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { homeEndpoints } from "~/contracts/home/endpoints.server";
import { exhibitionDate } from "~/contracts/common/exhibition-time";
import { ScheduleStatusBadge } from "~/features/home/schedule-status";
import { ChineseOnlySwitch } from "~/components/language-switch";
import { translate } from "~/contracts/i18n/translate.server";
import { businessNameFor } from "~/lib/display";
import { findMenu } from "~/contracts/permission/menus";
import { landingPath, linkableFor, opensInChinese, requireShellUser } from "~/lib/permissions.server";
import type { PageHandle } from "~/contracts/permission/page-handle";
import { transportEndpoints } from "~/contracts/transport/endpoints.server";
import { requireOk } from "~/lib/api.server";
import { CarrierPanel } from "./carrier-panel";
import { OrganizerOverview } from "./organizer-overview";
import "~/contracts/home/texts";
import { ORGANIZER_ROLE_ID } from "~/contracts/permission/roles";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [{ title: data?.title ?? shellTitle(matches) }];

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
  const organizer = infoVO.roleId === ORGANIZER_ROLE_ID;
  const carrier = !organizer && !infoVO.booths.length && CARRIER_PAGES.some((page) => findMenu(info.menuAuths, page));
  // The organizer has no checklist of its own: its home is every exhibitor's (docs/product.md § Home).
  const overview = organizer ? await requireOk(await api.call(homeEndpoints.overview), request, context) : null;
  const worksheet = carrier || organizer ? null : await api.call(homeEndpoints.worksheet);
  // The carrier's work is in the transport area, which is Chinese only (docs/product.md § Languages).
  const carrierHome = carrier && language === "zh" ? await api.call(transportEndpoints.carrierHome) : null;
  const items = worksheet?.ok ? worksheet.data : [];
  const titleOf = (item: (typeof items)[number]) => (language === "en" ? item.titleEn || item.title : item.title);
  const pages = context.pages ?? [];
  const linksOf = (link: string) => ({
    // Only pages this user may open in this language are linked (the others would answer /401)...
    link: linkableFor(user, pages, link),
    // ...and in English, a page of a Chinese-only area says so, with the switch (issue 51).
    inChinese: opensInChinese(user, pages, link) ? link : null,
  });
  const upcoming = items
    .filter((item) => item.status === "dueSoon" || item.status === "open")
    .sort((a, b) => a.deadline.localeCompare(b.deadline))
    .slice(0, 3)
    .map((item) => ({
      id: item.id,
      title: titleOf(item),
      deadline: exhibitionDate(item.deadline),
      status: item.status,
      ...linksOf(item.link),
    }));
  const overdueItems = items
    .filter((item) => item.status === "overdue")
    .map((item) => ({
      id: item.id,
      title: titleOf(item),
      deadline: exhibitionDate(item.deadline),
      ...linksOf(item.link),
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
    overdueItems,
    completion: { done: items.filter((item) => item.status === "done").length, total: items.length },
    overview,
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

      {data.overview ? (
        <OrganizerOverview overview={data.overview} />
      ) : data.carrier ? (
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
            <Text size="sm" data-testid="completion">
              {t("home.overview.yourCompletion", data.completion)}
              {data.upcoming[0] ? ` · ${t("home.overview.nextDeadline", { title: data.upcoming[0].title, day: data.upcoming[0].deadline })}` : ""}
            </Text>
            {data.overdueItems.length ? (
              <Stack gap={4} data-testid="overdue-items">
                <Text c="red.9" fw={500}>
                  {t("home.overdueCount", { n: data.overdueItems.length })}
                </Text>
                <Stack component="ul" gap={4} className="home-plain-list">
                  {data.overdueItems.map((item) => (
                    <li key={item.id}>
                      {item.link ? (
                        <Anchor component={Link} to={item.link} c="red.9">
                          {item.title}
                        </Anchor>
                      ) : (
                        <Text span c="red.9">
                          {item.title}
                        </Text>
                      )}{" "}
                      <Text span size="sm" c="dimmed">
                        {t("home.schedule.deadlineOn", { date: item.deadline })}
                      </Text>
                      {item.inChinese ? <ChineseOnlySwitch page={item.inChinese} /> : null}
                    </li>
                  ))}
                </Stack>
              </Stack>
            ) : null}
            {data.upcoming.length ? (
              <Stack component="ul" gap="xs" className="home-plain-list">
                {data.upcoming.map((item) => {
                  const face = (
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
                  );
                  return (
                    <li key={item.id}>
                      {/* Each deadline opens its page; one this language cannot open says why, with the switch (it holds a form, so it is no link). */}
                      {item.link ? (
                        <Card component={Link} to={item.link} prefetch="intent" withBorder padding="sm" className="home-card-link">
                          {face}
                        </Card>
                      ) : (
                        <Card withBorder padding="sm">
                          {face}
                          {item.inChinese ? <ChineseOnlySwitch page={item.inChinese} /> : null}
                        </Card>
                      )}
                    </li>
                  );
                })}
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
