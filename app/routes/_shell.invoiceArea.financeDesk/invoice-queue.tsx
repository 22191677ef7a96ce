import { SimpleGrid, Text } from "@mantine/core";
import { useTranslation } from "~/i18n/texts";
import type { FinanceApplication, FinancePage } from "~/contracts/invoices/api-types";
import type { issueSchema } from "~/contracts/invoices/schema";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import { FieldFileUpload } from "~/features/uploads/field-file-upload";
import { type FormReply, usePortalForm } from "~/lib/forms";
import type { DeskQuery } from "./desk-filters";
import { DeskDecision, DeskQueue, itemsLine } from "./desk-review";
import "~/contracts/invoices/texts";
import { FormTextInput } from "~/components/form-fields";

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
        <FormTextInput field={fields.invoiceNo} label={t("invoices.fields.invoiceNo")} maxLength={30} />
        <FormTextInput field={fields.invoiceDate} type="date" label={t("invoices.fields.invoiceDate")} />
      </SimpleGrid>
      <FieldFileUpload field={fields.pdfUrl} formValues={form.initialValue} {...INVOICE_PDF_UPLOAD} label={t("invoices.fields.invoicePdf")} />
    </DeskDecision>
  );
}
