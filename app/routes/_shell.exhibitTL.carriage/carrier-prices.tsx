import { Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { CarrierOption } from "~/contracts/transport/api-types";

import "~/contracts/transport/texts";
import { formatCny } from "~/contracts/common/format";
import { Panel } from "~/components/panel";

/** Each appointed carrier's price list and discounts, so the exhibitor can compare before picking. */
export function CarrierPrices({ carriers }: { carriers: CarrierOption[] }) {
  const { t } = useTranslation();
  if (!carriers.length) return null;
  const right = { textAlign: "right" as const, whiteSpace: "nowrap" as const };
  return (
    <Panel title={t("transport.carriage.pricesTitle")}>
      <Text size="sm" c="dimmed">
        {t("transport.carriage.pricesIntro")}
      </Text>
      {carriers.map((carrier) => (
        <Stack key={carrier.id} gap={6} data-testid={`carrier-prices-${carrier.id}`}>
          <Text fw={600}>{carrier.name}</Text>
          <Text size="xs" c="dimmed">
            {carrier.contactPhone} · {carrier.contactEmail}
          </Text>
          <Table.ScrollContainer minWidth={520}>
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("transport.fields.services")}</Table.Th>
                  <Table.Th style={right}>{t("transport.carriage.perM3")}</Table.Th>
                  <Table.Th style={right}>{t("transport.carriage.perTon")}</Table.Th>
                  <Table.Th style={right}>{t("transport.carriage.minimum")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {carrier.prices.map((price) => (
                  <Table.Tr key={price.service}>
                    <Table.Td>{t(`transport.services.${price.service}`)}</Table.Td>
                    <Table.Td style={right}>{formatCny(price.perM3Cents)}</Table.Td>
                    <Table.Td style={right}>{formatCny(price.perTonCents)}</Table.Td>
                    <Table.Td style={right}>{formatCny(price.minimumCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {carrier.discounts.map((discount) => (
            <Text key={discount.code} size="sm">
              {discount.name}：
              {discount.percentBp !== null
                ? t("transport.carriage.percentOff", { percent: discount.percentBp / 100 })
                : t("transport.carriage.amountOff", { amount: formatCny(discount.amountCents ?? 0) })}
              {discount.kind === "early"
                ? t("transport.carriage.earlyRule", { day: discount.untilOn })
                : t("transport.carriage.volumeRule", { volume: discount.minVolumeM3 })}
            </Text>
          ))}
        </Stack>
      ))}
      <Text size="xs" c="dimmed">
        {t("transport.carriage.pricingRule")}
      </Text>
    </Panel>
  );
}
