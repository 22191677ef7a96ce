import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Anchor, Button, Group, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import { FieldTable } from "~/components/field-table";
import type { FinanceApplication, FinancePage } from "~/contracts/invoices/api-types";
import { StatusTag } from "~/features/invoices/parts";
import type { issueSchema } from "~/contracts/invoices/schema";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { type FormReply, useErrorText, usePortalForm } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";
import { deskSearch, type DeskQuery } from "./desk-filters";
import { BackToQueue, DeskPager, Empty } from "./desk-parts";
import "~/contracts/invoices/texts";
import { formatCny } from "~/contracts/common/format";

export const INVOICE_PDF_UPLOAD = { folder: "invoice" as const, kinds: ["pdf" as const], maxBytes: 10 * 1024 * 1024 };

export function InvoiceQueue({ page, query }: { page: FinancePage<FinanceApplication>; query: DeskQuery }) {
  const { t } = useTranslation();
  if (!page.rows.length) return <Empty />;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("invoices.finance.urgentFirst")}
      </Text>
      <Table.ScrollContainer minWidth={860}>
        <Table striped withTableBorder data-testid="invoice-queue">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("invoices.finance.exhibitor")}</Table.Th>
              <Table.Th>{t("invoices.fields.title")}</Table.Th>
              <Table.Th>{t("invoices.fields.invoiceType")}</Table.Th>
              <Table.Th style={{ textAlign: "right" }}>{t("invoices.fields.amount")}</Table.Th>
              <Table.Th>{t("invoices.fields.status")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`invoice-row-${row.id}`}>
                <Table.Td>{row.exhibitorName}</Table.Td>
                <Table.Td style={{ overflowWrap: "anywhere" }}>
                  {row.title}
                  {row.urgent ? (
                    <Text size="xs" c="red.8">
                      {t("invoices.application.urgent")}: {row.urgentReason}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>{t(`invoices.invoiceTypes.${row.invoiceType}`)}</Table.Td>
                <Table.Td style={{ textAlign: "right", whiteSpace: "nowrap" }}>{formatCny(row.amountCents)}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  <StatusTag group="invoiceStatuses" status={row.status} />
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

/** One application: its details, and issue (number, date, the PDF) or return with a reason. */
export function InvoiceDecision({ row, query, reply }: { row: FinanceApplication; query: DeskQuery; reply: FormReply }) {
  const { t } = useTranslation();
  const pending = useIsPending();
  const errorText = useErrorText();
  const [form, fields] = usePortalForm<typeof issueSchema>({
    id: `issue-${row.id}-${row.version}`,
    constraint: reply.constraint,
    lastResult: reply.lastResult,
  });
  return (
    <Stack gap="md" data-testid="invoice-decision">
      <BackToQueue query={query} />
      <Group justify="space-between">
        <Title order={2} size="h4">
          {row.exhibitorName} · {formatCny(row.amountCents)}
        </Title>
        <StatusTag group="invoiceStatuses" status={row.status} />
      </Group>
      <FieldTable
        rows={[
          ["invoices.fields.invoiceType", t(`invoices.invoiceTypes.${row.invoiceType}`)],
          ["invoices.fields.title", row.title],
          ["invoices.fields.taxpayerId", row.taxpayerId],
          ["invoices.fields.addressPhone", row.addressPhone || "—"],
          ["invoices.fields.bankAccount", row.bankAccount || "—"],
          ["invoices.fields.receivingEmail", row.receivingEmail],
          ["invoices.fields.items", row.items.map((i) => `${i.title} ${formatCny(i.amountCents)}`).join("、")],
          ["invoices.fields.urgentReason", row.urgent ? (row.urgentReason ?? "") : "—"],
          ["invoices.fields.invoiceNo", row.invoiceNo ?? "—"],
          ["invoices.fields.reason", row.returnReason ?? "—"],
        ]}
      />
      <Text size="xs" c="dimmed">
        {exhibitionDateTime(row.createdAt)}
      </Text>
      {row.status === "submitted" ? (
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} data-testid="issue-form">
          <input type="hidden" name="deskAction" value="invoice" />
          <input type="hidden" name="id" value={row.id} />
          <input type="hidden" name="version" value={row.version} />
          <Stack gap="sm" maw={640}>
            <FormError errors={form.errors} id={form.errorId} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                {...getInputProps(fields.invoiceNo, { type: "text" })}
                key={fields.invoiceNo.key}
                label={t("invoices.fields.invoiceNo")}
                maxLength={30}
                error={errorText(fields.invoiceNo.errors)}
              />
              <TextInput
                {...getInputProps(fields.invoiceDate, { type: "date" })}
                key={fields.invoiceDate.key}
                label={t("invoices.fields.invoiceDate")}
                error={errorText(fields.invoiceDate.errors)}
              />
            </SimpleGrid>
            <FieldFileUpload
              field={fields.pdfUrl}
              formValues={form.initialValue}
              folder={INVOICE_PDF_UPLOAD.folder}
              kinds={INVOICE_PDF_UPLOAD.kinds}
              maxBytes={INVOICE_PDF_UPLOAD.maxBytes}
              label={t("invoices.fields.invoicePdf")}
            />
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
              <Button type="submit" name="decision" value="issue" color="green" loading={pending}>
                {t("invoices.finance.issue")}
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
