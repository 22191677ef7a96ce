import { Anchor, Stack } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { FinancePage, FinanceVoucher } from "~/contracts/invoices/api-types";
import type { voucherDecisionSchema } from "~/contracts/invoices/schema";
import { type FormReply, usePortalForm } from "~/lib/forms";
import type { DeskQuery } from "./desk-filters";
import { DeskDecision, DeskQueue, itemsLine } from "./desk-review";
import "~/contracts/invoices/texts";

const VOUCHERS = { name: "voucher", statusGroup: "voucherStatuses" } as const;

export function VoucherQueue({ page, query }: { page: FinancePage<FinanceVoucher>; query: DeskQuery }) {
  return (
    <DeskQueue
      kind={VOUCHERS}
      page={page}
      query={query}
      columns={[
        { label: "invoices.fields.name", wrap: true, cell: (row) => row.name },
        { label: "invoices.fields.payerAccountName", wrap: true, cell: (row) => row.payerAccountName },
      ]}
      afterAmount={[{ label: "invoices.fields.paidOn", cell: (row) => row.paidOn }]}
    />
  );
}

/** One voucher: its documents and bills, and confirm or return with a reason. */
export function VoucherDecision({ row, query, reply }: { row: FinanceVoucher; query: DeskQuery; reply: FormReply }) {
  const { t } = useTranslation();
  const [form, fields] = usePortalForm<typeof voucherDecisionSchema>({
    id: `voucher-decision-${row.id}-${row.version}`,
    constraint: reply.constraint,
    lastResult: reply.lastResult,
  });
  return (
    <DeskDecision
      kind={VOUCHERS}
      row={row}
      query={query}
      details={[
        ["invoices.fields.name", row.name],
        ["invoices.fields.productType", t(`invoices.productTypes.${row.productType}`)],
        ["invoices.fields.paidOn", row.paidOn],
        ["invoices.fields.payerAccountName", row.payerAccountName],
        ["invoices.fields.items", itemsLine(row.items)],
        [
          "invoices.fields.documents",
          <Stack key="documents" gap={2}>
            {row.documents.map((d) => (
              <Anchor key={d.url} href={d.url} target="_blank" rel="noopener" size="sm">
                {d.name}
              </Anchor>
            ))}
          </Stack>,
        ],
        ["invoices.fields.reason", row.returnReason ?? "—"],
      ]}
      form={form}
      reason={fields.reason}
      formTestId="voucher-decision-form"
      accept={{ value: "confirm", label: "invoices.finance.confirm" }}
    />
  );
}
