import { Table } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import { formatCny } from "~/contracts/common/format";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/invoices/texts";

/** A column of an invoices table: its heading (text key) and cell; free text (`wrap`) breaks anywhere rather than widen the table. */
export type InvoiceColumn<Row> = { label: string; wrap?: boolean; style?: CSSProperties; headStyle?: CSSProperties; cell: (row: Row) => ReactNode };

const WRAP_ANYWHERE: CSSProperties = { overflowWrap: "anywhere" };

/** The amount, right-aligned in yuan. */
export const amountColumn = <Row extends { amountCents: number }>(): InvoiceColumn<Row> => ({
  label: "invoices.fields.amount",
  style: { textAlign: "right", whiteSpace: "nowrap" },
  headStyle: { textAlign: "right" },
  cell: (row) => formatCny(row.amountCents),
});

/**
 * Applications, vouchers or a finance queue as a striped table: the columns, then the row's link or
 * action in a last column without a heading.
 */
export function InvoiceTable<Row extends { id: number }>({
  rows,
  minWidth,
  testId,
  rowTestId,
  columns,
  last,
  lastStyle,
}: {
  rows: Row[];
  minWidth: number;
  testId: string;
  rowTestId: (row: NoInfer<Row>) => string;
  columns: InvoiceColumn<NoInfer<Row>>[];
  last: InvoiceColumn<NoInfer<Row>>["cell"];
  lastStyle?: CSSProperties;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped withTableBorder data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.label} style={column.headStyle}>
                {t(column.label)}
              </Table.Th>
            ))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-testid={rowTestId(row)}>
              {columns.map((column) => (
                <Table.Td key={column.label} style={column.wrap ? WRAP_ANYWHERE : column.style}>
                  {column.cell(row)}
                </Table.Td>
              ))}
              <Table.Td style={lastStyle}>{last(row)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
