import { Anchor, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { CarrierHome } from "~/contracts/transport/api-types";
import { OrderSteps } from "~/features/transport/status-tags";
import "~/contracts/home/texts";

/** The carrier's home (issue 17): declarations waiting for its review and today's deliveries. */
export function CarrierPanel({ home }: { home: CarrierHome | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-carrier" data-testid="carrier-home">
      <Title order={2} size="h4" id="home-carrier" mb="xs">
        {t("home.carrierWork")}
      </Title>
      {home ? (
        <Stack gap="sm">
          <Text fw={500}>{home.carrier.name}</Text>
          <Group gap="lg">
            <Anchor component={Link} to="/exhibitTL/review?status=submitted" data-testid="carrier-pending">
              {t("home.carrierPending", { count: home.pendingReviews })}
            </Anchor>
            <Anchor component={Link} to="/exhibitTL/carriageOrder">
              {t("home.carrierOrders")}
            </Anchor>
          </Group>
          <Title order={3} size="h5">
            {t("home.carrierToday", { day: home.today })}
          </Title>
          {home.todaysDeliveries.length ? (
            <Stack gap="xs" data-testid="carrier-deliveries">
              {home.todaysDeliveries.map((row) => (
                <Paper key={row.order.id} withBorder p="xs">
                  <Text size="sm">
                    <Anchor component={Link} to={`/exhibitTL/review/${row.declarationId}`}>
                      {row.order.orderNo}
                    </Anchor>{" "}
                    · {row.exhibitorName} · {row.boothNo}
                  </Text>
                  <OrderSteps order={row.order} />
                </Paper>
              ))}
            </Stack>
          ) : (
            <Text c="dimmed" size="sm">
              {t("home.carrierNoDeliveries")}
            </Text>
          )}
        </Stack>
      ) : (
        <Text c="dimmed">{t("home.carrierChineseOnly")}</Text>
      )}
    </section>
  );
}
