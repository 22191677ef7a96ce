import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Anchor, Button, Group, Stack, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import { FieldTable } from "~/components/field-table";
import { HiddenFields } from "~/components/hidden-fields";
import type { FinancePage } from "~/contracts/invoices/api-types";
import { amountColumn, type InvoiceColumn, InvoiceTable } from "~/features/invoices/invoice-table";
import { StatusTag } from "~/features/invoices/parts";
import { useIsPending } from "~/lib/hooks";
import { formatCny } from "~/contracts/common/format";
import { deskSearch, type DeskQuery } from "./desk-filters";
import { BackToQueue, DeskPager, Empty } from "./desk-parts";
import "~/contracts/invoices/texts";
import { FormTextarea } from "~/components/form-fields";

/** What the invoice and voucher queues share: the row names the exhibitor, an amount and a status. */
type DeskRow = { id: number; version: number; exhibitorName: string; amountCents: number; status: string };
/** The queue (invoices or vouchers) names the test ids, the status texts and the desk action. */
type DeskKind = { name: "invoice" | "voucher"; statusGroup: "invoiceStatuses" | "voucherStatuses" };

const NOWRAP: CSSProperties = { whiteSpace: "nowrap" };

/** One queue's page: the exhibitor, the queue's own columns, amount and status, and a link to review each row. */
export function DeskQueue<Row extends DeskRow>({
  kind,
  page,
  query,
  columns,
  afterAmount = [],
  intro,
}: {
  kind: DeskKind;
  page: FinancePage<Row>;
  query: DeskQuery;
  columns: InvoiceColumn<NoInfer<Row>>[];
  afterAmount?: InvoiceColumn<NoInfer<Row>>[];
  intro?: ReactNode;
}) {
  const { t } = useTranslation();
  if (!page.rows.length) return <Empty />;
  return (
    <Stack gap="sm">
      {intro}
      <InvoiceTable
        rows={page.rows}
        minWidth={860}
        testId={`${kind.name}-queue`}
        rowTestId={(row) => `${kind.name}-row-${row.id}`}
        columns={[
          { label: "invoices.finance.exhibitor", cell: (row) => row.exhibitorName },
          ...columns,
          amountColumn(),
          ...afterAmount,
          { label: "invoices.fields.status", style: NOWRAP, cell: (row) => <StatusTag group={kind.statusGroup} status={row.status} /> },
        ]}
        last={(row) => (
          <Anchor component={Link} to={deskSearch(query, { page: query.page, id: row.id })}>
            {t("common.review")}
          </Anchor>
        )}
        lastStyle={NOWRAP}
      />
      <DeskPager query={query} total={page.total} />
    </Stack>
  );
}

/**
 * One row under review: its details and, while it waits (submitted), the form that accepts it
 * (`accept`, with the queue's own fields) or returns it with a reason.
 */
export function DeskDecision<Schema extends Record<string, unknown>>({
  kind,
  row,
  query,
  details,
  note,
  form,
  reason,
  formTestId,
  multipart = false,
  accept,
  children,
}: {
  kind: DeskKind;
  row: DeskRow;
  query: DeskQuery;
  details: [labelKey: string, value: ReactNode][];
  note?: ReactNode;
  form: FormMetadata<Schema, string[]>;
  reason: FieldMetadata<unknown, Schema, string[]>;
  formTestId: string;
  multipart?: boolean;
  accept: { value: "issue" | "confirm"; label: string };
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const pending = useIsPending();
  return (
    <Stack gap="md" data-testid={`${kind.name}-decision`}>
      <BackToQueue query={query} />
      <Group justify="space-between">
        <Title order={2} size="h4">
          {row.exhibitorName} · {formatCny(row.amountCents)}
        </Title>
        <StatusTag group={kind.statusGroup} status={row.status} />
      </Group>
      <FieldTable rows={details} />
      {note}
      {row.status === "submitted" ? (
        <Form method="post" encType={multipart ? "multipart/form-data" : undefined} {...getFormProps(form)} data-testid={formTestId}>
          <HiddenFields values={{ deskAction: kind.name, id: row.id, version: row.version }} />
          <Stack gap="sm" maw={640}>
            <FormError errors={form.errors} id={form.errorId} />
            {children}
            <FormTextarea field={reason} label={t("invoices.fields.reason")} autosize minRows={2} maxLength={300} />
            <Group>
              <Button type="submit" name="decision" value={accept.value} color="green" loading={pending}>
                {t(accept.label)}
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

/** The bill items a row pays for, on one line. */
export const itemsLine = (items: { title: string; amountCents: number }[]) => items.map((i) => `${i.title} ${formatCny(i.amountCents)}`).join("、");
