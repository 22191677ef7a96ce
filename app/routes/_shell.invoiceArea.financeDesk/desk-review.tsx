import { getFormProps, getTextareaProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Anchor, Button, Group, Stack, Table, Textarea, Title } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import type { CSSProperties, ReactNode } from "react";
import { useTranslation } from "~/i18n/texts";
import { FormError } from "~/components/form-error";
import { FieldTable } from "~/components/field-table";
import { HiddenFields } from "~/components/hidden-fields";
import type { FinancePage } from "~/contracts/invoices/api-types";
import { StatusTag } from "~/features/invoices/parts";
import { useErrorText } from "~/lib/forms";
import { useIsPending } from "~/lib/hooks";
import { formatCny } from "~/contracts/common/format";
import { deskSearch, type DeskQuery } from "./desk-filters";
import { BackToQueue, DeskPager, Empty } from "./desk-parts";
import "~/contracts/invoices/texts";

/** What the invoice and voucher queues share: the row names the exhibitor, an amount and a status. */
type DeskRow = { id: number; version: number; exhibitorName: string; amountCents: number; status: string };
/** The queue (invoices or vouchers) names the test ids, the status texts and the desk action. */
type DeskKind = { name: "invoice" | "voucher"; statusGroup: "invoiceStatuses" | "voucherStatuses" };

const NOWRAP: CSSProperties = { whiteSpace: "nowrap" };
const WRAP_ANYWHERE: CSSProperties = { overflowWrap: "anywhere" };
const AMOUNT: CSSProperties = { textAlign: "right", whiteSpace: "nowrap" };

/** A column of a queue: its heading (text key) and cell; free text (`wrap`) breaks anywhere rather than widen the table. */
export type QueueColumn<Row> = { label: string; wrap?: boolean; style?: CSSProperties; headStyle?: CSSProperties; cell: (row: Row) => ReactNode };

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
  columns: QueueColumn<NoInfer<Row>>[];
  afterAmount?: QueueColumn<NoInfer<Row>>[];
  intro?: ReactNode;
}) {
  const { t } = useTranslation();
  if (!page.rows.length) return <Empty />;
  const all: QueueColumn<Row>[] = [
    { label: "invoices.finance.exhibitor", cell: (row) => row.exhibitorName },
    ...columns,
    { label: "invoices.fields.amount", style: AMOUNT, headStyle: { textAlign: "right" }, cell: (row) => formatCny(row.amountCents) },
    ...afterAmount,
    { label: "invoices.fields.status", style: NOWRAP, cell: (row) => <StatusTag group={kind.statusGroup} status={row.status} /> },
  ];
  return (
    <Stack gap="sm">
      {intro}
      <Table.ScrollContainer minWidth={860}>
        <Table striped withTableBorder data-testid={`${kind.name}-queue`}>
          <Table.Thead>
            <Table.Tr>
              {all.map((column) => (
                <Table.Th key={column.label} style={column.headStyle}>
                  {t(column.label)}
                </Table.Th>
              ))}
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {page.rows.map((row) => (
              <Table.Tr key={row.id} data-testid={`${kind.name}-row-${row.id}`}>
                {all.map((column) => (
                  <Table.Td key={column.label} style={column.wrap ? WRAP_ANYWHERE : column.style}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
                <Table.Td style={NOWRAP}>
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
  const errorText = useErrorText();
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
            <Textarea
              {...getTextareaProps(reason)}
              key={reason.key}
              label={t("invoices.fields.reason")}
              autosize
              minRows={2}
              maxLength={300}
              error={errorText(reason.errors)}
            />
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
