import { getInputProps } from "@conform-to/react";
import { SimpleGrid, Text, TextInput } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { FinanceApplication, FinancePage } from "~/contracts/invoices/api-types";
import type { issueSchema } from "~/contracts/invoices/schema";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { type FormReply, useErrorText, usePortalForm } from "~/lib/forms";
import type { DeskQuery } from "./desk-filters";
import { DeskDecision, DeskQueue, itemsLine } from "./desk-review";
import "~/contracts/invoices/texts";

export const INVOICE_PDF_UPLOAD = { folder: "invoice" as const, kinds: ["pdf" as const], maxBytes: 10 * 1024 * 1024 };

const INVOICES = { name: "invoice", statusGroup: "invoiceStatuses" } as const;

export function InvoiceQueue({ page, query }: { page: FinancePage<FinanceApplication>; query: DeskQuery }) {
  const { t } = useTranslation();
  return (
    <DeskQueue
      kind={INVOICES}
      page={page}
      query={query}
      intro={
        <Text size="sm" c="dimmed">
          {t("invoices.finance.urgentFirst")}
        </Text>
      }
      columns={[
        {
          label: "invoices.fields.title",
          wrap: true,
          cell: (row) => (
            <>
              {row.title}
              {row.urgent ? (
                <Text size="xs" c="red.8">
                  {t("invoices.application.urgent")}: {row.urgentReason}
                </Text>
              ) : null}
            </>
          ),
        },
        { label: "invoices.fields.invoiceType", cell: (row) => t(`invoices.invoiceTypes.${row.invoiceType}`) },
      ]}
    />
  );
}

/** One application: its details, and issue (number, date, the PDF) or return with a reason. */
export function InvoiceDecision({ row, query, reply }: { row: FinanceApplication; query: DeskQuery; reply: FormReply }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form, fields] = usePortalForm<typeof issueSchema>({
    id: `issue-${row.id}-${row.version}`,
    constraint: reply.constraint,
    lastResult: reply.lastResult,
  });
  return (
    <DeskDecision
      kind={INVOICES}
      row={row}
      query={query}
      details={[
        ["invoices.fields.invoiceType", t(`invoices.invoiceTypes.${row.invoiceType}`)],
        ["invoices.fields.title", row.title],
        ["invoices.fields.taxpayerId", row.taxpayerId],
        ["invoices.fields.addressPhone", row.addressPhone || "—"],
        ["invoices.fields.bankAccount", row.bankAccount || "—"],
        ["invoices.fields.receivingEmail", row.receivingEmail],
        ["invoices.fields.items", itemsLine(row.items)],
        ["invoices.fields.urgentReason", row.urgent ? (row.urgentReason ?? "") : "—"],
        ["invoices.fields.invoiceNo", row.invoiceNo ?? "—"],
        ["invoices.fields.reason", row.returnReason ?? "—"],
      ]}
      note={
        <Text size="xs" c="dimmed">
          {exhibitionDateTime(row.createdAt)}
        </Text>
      }
      form={form}
      reason={fields.reason}
      formTestId="issue-form"
      multipart
      accept={{ value: "issue", label: "invoices.finance.issue" }}
    >
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
    </DeskDecision>
  );
}
