import { Anchor, Badge, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { formatMoney } from "~/contracts/common/format";
import type { CarrierSettingsView, LiftingFeeView } from "~/contracts/logistics-settings/api-types";
import { decimalText, LOGISTICS_SETTINGS_PATHS, PERCENT_SCALE, VOLUME_SCALE, WEIGHT_SCALE } from "~/contracts/logistics-settings/values";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/logistics-settings/texts";

const PAGE = LOGISTICS_SETTINGS_PATHS.carriers;

/** A link to a state of the page (`?carrier=`, `?removePrice=`…): works without script. */
function StateLink({ to, label, testId }: { to: string; label: string; testId: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" preventScrollReset data-testid={testId}>
      {label}
    </Anchor>
  );
}

/** One carrier: its fields and accounts, its prices and discounts, each with its removal. */
function CarrierCard({ carrier, pick }: { carrier: CarrierSettingsView; pick: (zh: string, en: string) => string }) {
  const { t } = useTranslation();
  const yuan = (cents: number) => `¥${formatMoney(cents)}`;
  return (
    <Paper withBorder p="md" data-testid={`carrier-${carrier.code}`}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={3} size="h5">
              {carrier.code} · {pick(carrier.nameZh, carrier.nameEn)}
            </Title>
            <Badge color={carrier.active ? "green" : "gray"} variant="light">
              {t(`logisticsSettings.carriers.${carrier.active ? "active" : "inactive"}`)}
            </Badge>
          </Group>
          <StateLink to={`${PAGE}?carrier=${carrier.id}`} label={t("logisticsSettings.edit")} testId={`edit-carrier-${carrier.code}`} />
        </Group>
        <Text size="sm" c="dimmed">
          {[carrier.nameZh, carrier.nameEn, carrier.email, carrier.phone].filter(Boolean).join(" · ")}
        </Text>
        <Text size="sm">
          {t("logisticsSettings.carriers.accounts")}: {carrier.accounts.join(", ") || t("logisticsSettings.carriers.noAccounts")}
        </Text>
        <Text size="sm" fw={500}>
          {t("logisticsSettings.carriers.prices")}
        </Text>
        {carrier.prices.length ? (
          <List size="sm" data-testid={`prices-${carrier.code}`}>
            {carrier.prices.map((p) => (
              <List.Item key={p.service}>
                <Group gap="xs">
                  <Text size="sm">
                    {t(`logisticsSettings.services.${p.service}`)}:{" "}
                    {[
                      t("logisticsSettings.carriers.perM3", { amount: yuan(p.perM3Cents) }),
                      t("logisticsSettings.carriers.perTon", { amount: yuan(p.perTonCents) }),
                      t("logisticsSettings.carriers.minimum", { amount: yuan(p.minimumCents) }),
                    ].join(" / ")}
                  </Text>
                  <StateLink
                    to={`${PAGE}?removePrice=${carrier.id}:${p.service}`}
                    label={t("logisticsSettings.remove")}
                    testId={`remove-price-${carrier.code}-${p.service}`}
                  />
                </Group>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            {t("logisticsSettings.carriers.noPrices")}
          </Text>
        )}
        <Text size="sm" fw={500}>
          {t("logisticsSettings.carriers.discounts")}
        </Text>
        {carrier.discounts.length ? (
          <List size="sm" data-testid={`discounts-${carrier.code}`}>
            {carrier.discounts.map((d) => (
              <List.Item key={d.code}>
                <Group gap="xs">
                  <Text size="sm">
                    {d.code} · {pick(d.nameZh, d.nameEn)}:{" "}
                    {d.percentBp !== null
                      ? t("logisticsSettings.carriers.percentOff", { percent: decimalText(d.percentBp, PERCENT_SCALE) })
                      : t("logisticsSettings.carriers.amountOff", { amount: yuan(d.amountCents ?? 0) })}
                    ,{" "}
                    {d.kind === "early"
                      ? t("logisticsSettings.carriers.earlyWhen", { day: d.untilOn })
                      : t("logisticsSettings.carriers.volumeWhen", { volume: decimalText(d.minVolumeCm3 ?? 0, VOLUME_SCALE) })}
                  </Text>
                  <StateLink
                    to={`${PAGE}?removeDiscount=${carrier.id}:${encodeURIComponent(d.code)}`}
                    label={t("logisticsSettings.remove")}
                    testId={`remove-discount-${carrier.code}-${d.code}`}
                  />
                </Group>
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            {t("logisticsSettings.carriers.noDiscounts")}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function CarrierList({ carriers, pick }: { carriers: CarrierSettingsView[]; pick: (zh: string, en: string) => string }) {
  const { t } = useTranslation();
  if (!carriers.length)
    return (
      <Text c="dimmed" data-testid="carriers-empty">
        {t("logisticsSettings.carriers.empty")}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="carrier-list">
      {carriers.map((carrier) => (
        <CarrierCard key={carrier.id} carrier={carrier} pick={pick} />
      ))}
    </Stack>
  );
}

/** A lifting fee class as people read it: "Crane up to 7.5 t". */
export function useLiftingClassName() {
  const { t } = useTranslation();
  return (fee: LiftingFeeView) =>
    t("logisticsSettings.carriers.upTo", { kind: t(`logisticsSettings.liftingKinds.${fee.kind}`), tons: decimalText(fee.maxWeightKg, WEIGHT_SCALE) });
}

export function LiftingFeeList({ fees }: { fees: LiftingFeeView[] }) {
  const { t } = useTranslation();
  const className = useLiftingClassName();
  if (!fees.length)
    return (
      <Text size="sm" c="dimmed">
        {t("logisticsSettings.carriers.noLiftingFees")}
      </Text>
    );
  return (
    <List size="sm" data-testid="lifting-fees">
      {fees.map((fee) => (
        <List.Item key={`${fee.kind}-${fee.maxWeightKg}`}>
          <Group gap="xs">
            <Text size="sm">
              {className(fee)}: {t("logisticsSettings.carriers.perPiece", { amount: `¥${formatMoney(fee.feeCents)}` })}
            </Text>
            <StateLink
              to={`${PAGE}?removeLiftingFee=${fee.kind}:${fee.maxWeightKg}`}
              label={t("logisticsSettings.remove")}
              testId={`remove-lifting-${fee.kind}-${fee.maxWeightKg}`}
            />
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
