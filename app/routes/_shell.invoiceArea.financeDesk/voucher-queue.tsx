import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Anchor, Button, Group, Stack, Table, Textarea, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import { FieldTable } from "~/components/field-table";
import type { FinancePage, FinanceVoucher } from "~/contracts/invoices/api-types";
import { StatusTag } from "~/features/invoices/parts";
import type { voucherDecisionSchema } from "~/contracts/invoices/schema";
import { type FormReply, useErrorText, usePortalForm } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";
import { deskSearch, type DeskQuery } from "./desk-filters";
import { BackToQueue, DeskPager, Empty } from "./desk-parts";
import "~/contracts/invoices/texts";
import { formatCny } from "~/contracts/common/format";

export function VoucherQueue({ page, query }: { page: FinancePage<FinanceVoucher>; query: DeskQuery }) {
  const { t } = useTranslation();
  if (!page.rows.length) return <Empty />;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={860}>
        <Table striped withTableBorder data-testid="voucher-queue">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("invoices.finance.exhibitor")}</Table.Th>
              <Table.Th>{t("invoices.fields.name")}</Table.Th>
              <Table.Th>{t("invoices.fields.payerAccountName")}</Table.Th>
              <Table.Th style={{ textAlign: "right" }}>{t("invoices.fields.amount")}</Table.Th>
              <Table.Th>{t("invoices.fields.paidOn")}</Table.Th>
              <Table.Th>{t("invoices.fields.status")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`voucher-row-${row.id}`}>
                <Table.Td>{row.exhibitorName}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{row.name}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>{row.payerAccountName}</Table.Td>
                <Table.Td style={{ textAlign: "right", whiteSpace: "nowrap" }}>{formatCny(row.amountCents)}</Table.Td>
                <Table.Td>{row.paidOn}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  <StatusTag group="voucherStatuses" status={row.status} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  <Anchor component={Link} to={deskSearch(query, { page: query.page, id: row.id })}>
                    {t("common.review")}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <DeskPager query={query} total={page.total} />
    </Stack>
  );
}

/** One voucher: its documents and bills, and confirm or return with a reason. */
export function VoucherDecision({ row, query, reply }: { row: FinanceVoucher; query: DeskQuery; reply: FormReply }) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const errorText = useErrorText();
  const [form, fields] = usePortalForm<typeof voucherDecisionSchema>({
    id: `voucher-decision-${row.id}-${row.version}`,
    constraint: reply.constraint,
    lastResult: reply.lastResult,
  });
  return (
    <Stack gap="md" data-testid="voucher-decision">
      <BackToQueue query={query} />
      <Group justify="space-between">
        <Title order={2} size="h4">
          {row.exhibitorName} · {formatCny(row.amountCents)}
        </Title>
        <StatusTag group="voucherStatuses" status={row.status} />
      </Group>
      <FieldTable
        rows={[
          ["invoices.fields.name", row.name],
          ["invoices.fields.productType", t(`invoices.productTypes.${row.productType}`)],
          ["invoices.fields.paidOn", row.paidOn],
          ["invoices.fields.payerAccountName", row.payerAccountName],
          ["invoices.fields.items", row.items.map((i) => `${i.title} ${formatCny(i.amountCents)}`).join("、")],
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
      />
      {row.status === "submitted" ? (
        <Form method="post" {...getFormProps(form)} data-testid="voucher-decision-form">
          <input type="hidden" name="deskAction" value="voucher" />
          <input type="hidden" name="id" value={row.id} />
          <input type="hidden" name="version" value={row.version} />
          <Stack gap="sm" maw={640}>
            <FormError errors={form.errors} id={form.errorId} />
            <Textarea
              {...getTextareaProps(fields.reason)}
              key={fields.reason.key}
              label={t("invoices.fields.reason")}
              autosize
              minRows={2}
              maxLength={300}
              error={errorText(fields.reason.errors)}
            />
            <Group>
              <Button type="submit" name="decision" value="confirm" color="green" loading={pending}>
                {t("invoices.finance.confirm")}
              </Button>
              <Button type="submit" name="decision" value="return" color="orange" variant="light" loading={pending}>
                {t("invoices.finance.return")}
              </Button>
            </Group>
          </Stack>
        </Form>
      ) : null}
    </Stack>
  );
}
