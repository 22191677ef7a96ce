import { Table, type TableProps } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/texts";

/**
 * A table of the booking pages that becomes one card per row on a phone (booking.css § stacked-table:
 * each cell led by its data-label), under a header row of text keys that stays for screen readers.
 */
export function StackedTable({
  testId,
  heads,
  striped = false,
  verticalSpacing,
  children,
}: {
  testId: string;
  /** The columns' text keys; an amount's as `{ label, ta: "right" }`, an action column without a name as `{}`. */
  heads: readonly (string | { label?: string; ta?: "right" })[];
  /** Striped and bordered, as the order lists are. */
  striped?: boolean;
  verticalSpacing?: TableProps["verticalSpacing"];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table withTableBorder={striped} striped={striped} data-testid={testId} verticalSpacing={verticalSpacing} className="stacked-table">
      <Table.Thead>
        <Table.Tr>
          {heads.map((head) => {
            const { label, ta } = typeof head === "string" ? { label: head, ta: undefined } : head;
            return (
              <Table.Th key={label ?? "actions"} ta={ta}>
                {label ? t(label) : null}
              </Table.Th>
            );
          })}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
}
