import { Badge as Tag, Checkbox, Table, Text } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import { formatMoney } from "~/contracts/common/format";
import type { BillableItem, BillList } from "../../contracts/invoices/api-types";
import "../../contracts/invoices/texts";
import { formatCny } from "~/contracts/common/format";

/** What the voucher page, the application page and the finance desk show alike. */
const COLORS: Record<string, string> = {
  unpaid: "gray",
  claimed: "blue",
  paid: "green",
  submitted: "blue",
  confirmed: "green",
  issued: "green",
  returned: "orange",
};

export function StatusTag({ group, status, testId }: { group: "payments" | "voucherStatuses" | "invoiceStatuses"; status: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? "gray"} variant="light" data-testid={testId} style={{ flexShrink: 0 }}>
      {t(`invoices.${group}.${status}`)}
    </Tag>
  );
}

/**
 * The exhibitor's bills. With `pick`, a column of checkboxes (name `itemKeys`) for the items that
 * can be picked; `checked` are ticked to begin with.
 */
export function BillTable({
  items,
  pick,
  checked = [],
  showOpen = false,
}: {
  items: BillableItem[];
  pick?: (item: BillableItem) => boolean;
  checked?: string[];
  showOpen?: boolean;
}) {
  const { t } = useTranslation();
  if (!items.length) return <Text c="dimmed">{t("invoices.bills.empty")}</Text>;
  const ticked = new Set(checked);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped withTableBorder data-testid="bill-table">
        <Table.Thead>
          <Table.Tr>
            {pick ? <Table.Th w={40} /> : null}
            <Table.Th>{t("invoices.bills.item")}</Table.Th>
            <Table.Th>{t("invoices.bills.booth")}</Table.Th>
            <Table.Th style={{ textAlign: "right" }}>{t(showOpen ? "invoices.bills.open" : "invoices.bills.amount")}</Table.Th>
            <Table.Th>{t("invoices.bills.payment")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.key} data-testid={`bill-${item.key}`}>
              {pick ? (
                <Table.Td>
                  {pick(item) ? (
                    <Checkbox
                      name="itemKeys"
                      value={item.key}
                      defaultChecked={ticked.has(item.key)}
                      aria-label={`${t(`invoices.kinds.${item.kind}`)} ${item.title}`}
                    />
                  ) : null}
                </Table.Td>
              ) : null}
              <Table.Td style={{ overflowWrap: "anywhere" }}>
                <Text size="xs" c="dimmed">
                  {t(`invoices.kinds.${item.kind}`)}
                </Text>
                {item.title}
              </Table.Td>
              <Table.Td>{item.boothNo || "—"}</Table.Td>
              <Table.Td style={{ textAlign: "right", whiteSpace: "nowrap" }}>{formatCny(showOpen ? item.openCents : item.amountCents)}</Table.Td>
              <Table.Td>
                <StatusTag group="payments" status={item.payment} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function BillTotals({ totals }: { totals: BillList["totals"] }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" data-testid="bill-totals">
      {t("invoices.bills.totals", { amount: formatMoney(totals.amountCents), paid: formatMoney(totals.paidCents), unpaid: formatMoney(totals.unpaidCents) })}
    </Text>
  );
}
