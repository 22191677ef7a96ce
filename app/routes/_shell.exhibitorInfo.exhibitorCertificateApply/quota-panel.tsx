import { Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { BadgeList } from "~/contracts/badges/api-types";
import { formatMoney } from "~/contracts/common/format";
import "~/contracts/badges/texts";

/** Free / paid / applied / remaining for the session's booth; a paid badge's price as its bill. */
export function QuotaPanel({ quota }: { quota: BadgeList["quota"] }) {
  const { t } = useTranslation();
  const cells: [string, number][] = [
    ["badges.page.quotaFree", quota.free],
    ["badges.page.quotaPaid", quota.paidMax],
    ["badges.page.quotaApplied", quota.applied],
    ["badges.page.quotaRemaining", quota.remaining],
  ];
  return (
    <Stack gap="xs" data-testid="badge-quota">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        {cells.map(([label, value]) => (
          <Paper key={label} withBorder p="xs">
            <Text size="xs" c="dimmed">
              {t(label)}
            </Text>
            <Text fw={600} size="lg" data-testid={label.split(".").pop()}>
              {value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        {quota.remaining === 0
          ? t("badges.page.quotaNone")
          : quota.freeLeft > 0
            ? t("badges.page.quotaNextFree", { count: quota.freeLeft })
            : t("badges.page.quotaNextPaid", { price: formatMoney(quota.paidPriceCents) })}
      </Text>
    </Stack>
  );
}
