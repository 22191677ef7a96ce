import { ListTable } from "~/components/list-table";
import { Anchor, Badge as Tag, Group, SimpleGrid, Table, Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import type { TaiwanFilingView, TaiwanLineView, TaiwanTotal } from "~/contracts/vehicles/taiwan/types";
import { formatMoney } from "~/contracts/common/format";
import "~/contracts/vehicles/texts";
import "~/contracts/vehicles/taiwan/texts";

/**
 * What the exhibitor's filing page and the customs agent's review show alike (issue 18): the status,
 * the importer, the lines with their values and the totals per currency (never converted).
 */
export const currencyAmount = (cents: number, currency: string) => `${currency} ${formatMoney(cents)}`;

const STATUS_COLORS: Record<string, string> = { draft: "gray", submitted: "blue", accepted: "green", returned: "orange" };

export function TaiwanStatusTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status] ?? "gray"} variant="light" data-testid="tw-status" style={{ flexShrink: 0 }}>
      {t(`vehicles.taiwanStatuses.${status}`)}
    </Tag>
  );
}

export function ImporterFacts({ filing }: { filing: Pick<TaiwanFilingView, "importerName" | "importerContact" | "importerPhone" | "boothNo"> }) {
  const { t } = useTranslation();
  const fact = (label: string, value: string) => (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </div>
  );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" data-testid="tw-importer">
      {fact(t("vehicles.fields.booth"), filing.boothNo)}
      {fact(t("vehicles.fields.importerName"), filing.importerName)}
      {fact(t("vehicles.fields.importerContact"), filing.importerContact)}
      {fact(t("vehicles.fields.importerPhone"), filing.importerPhone)}
    </SimpleGrid>
  );
}

/** The exhibit lines; with `deleteHref`, a delete link per line (the page asks before deleting). */
export function LinesTable({ lines, deleteHref }: { lines: TaiwanLineView[]; deleteHref?: (sort: number) => string }) {
  const { t } = useTranslation();
  if (!lines.length) return <Text c="dimmed">{t("vehicles.taiwan.noLines")}</Text>;
  const right = { textAlign: "right" } as const;
  return (
    <ListTable
      minWidth={980}
      testId="tw-lines"
      heads={[
        <Table.Th key="h0">#</Table.Th>,
        "vehicles.fields.nameZh",
        "vehicles.fields.hsCode",
        <Table.Th key="vehicles.fields.quantity" style={right}>
          {t("vehicles.fields.quantity")}
        </Table.Th>,
        <Table.Th key="vehicles.fields.unitValue" style={right}>
          {t("vehicles.fields.unitValue")}
        </Table.Th>,
        <Table.Th key="vehicles.taiwan.value" style={right}>
          {t("vehicles.taiwan.value")}
        </Table.Th>,
        "vehicles.fields.disposition",
        <Table.Th key="vehicles.fields.packages" style={right}>
          {t("vehicles.fields.packages")}
        </Table.Th>,
        <Table.Th key="vehicles.fields.grossWeight" style={right}>
          {t("vehicles.fields.grossWeight")}
        </Table.Th>,
        deleteHref ? <Table.Th key="h9" /> : null,
      ]}
    >
      {lines.map((line, index) => (
        <Table.Tr key={line.sort} data-testid={`tw-line-${line.sort}`}>
          <Table.Td>{index + 1}</Table.Td>
          <Table.Td style={{ overflowWrap: "anywhere" }}>
            {line.nameZh}
            <Text size="xs" c="dimmed">
              {line.nameEn}
            </Text>
          </Table.Td>
          <Table.Td>{line.hsCode}</Table.Td>
          <Table.Td style={{ ...right, whiteSpace: "nowrap" }}>
            {line.quantity} {line.unit}
          </Table.Td>
          <Table.Td style={{ ...right, whiteSpace: "nowrap" }}>{currencyAmount(line.unitValueCents, line.currency)}</Table.Td>
          <Table.Td style={{ ...right, whiteSpace: "nowrap" }} data-testid="tw-line-value">
            {currencyAmount(line.valueCents, line.currency)}
          </Table.Td>
          <Table.Td>{t(`vehicles.dispositions.${line.disposition}`)}</Table.Td>
          <Table.Td style={right}>{line.packages}</Table.Td>
          <Table.Td style={right}>{line.grossWeightKg}</Table.Td>
          {deleteHref ? (
            <Table.Td>
              <Anchor component={Link} to={deleteHref(line.sort)} c="red.9" size="sm" preventScrollReset data-testid={`tw-delete-line-${line.sort}`}>
                {t("vehicles.taiwan.delete")}
              </Anchor>
            </Table.Td>
          ) : null}
        </Table.Tr>
      ))}
    </ListTable>
  );
}

/** Totals per currency, and the packages and weight of the whole filing. */
export function TotalsBlock({ filing }: { filing: Pick<TaiwanFilingView, "totals" | "packagesTotal" | "grossWeightKgTotal" | "lines"> }) {
  const { t } = useTranslation();
  if (!filing.lines.length) return null;
  return (
    <Group gap="lg" wrap="wrap" data-testid="tw-totals">
      <Text fw={600}>{t("vehicles.taiwan.totals")}</Text>
      {filing.totals.map((total: TaiwanTotal) => (
        <Text key={total.currency} fw={600} data-testid={`tw-total-${total.currency}`}>
          {currencyAmount(total.cents, total.currency)}
        </Text>
      ))}
      <Text size="sm" c="dimmed">
        {t("vehicles.taiwan.packagesTotal", { packages: filing.packagesTotal, weight: filing.grossWeightKgTotal })}
      </Text>
    </Group>
  );
}
