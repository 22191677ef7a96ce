import { Table } from "@mantine/core";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "~/i18n/texts";

/** A header cell: a text key, a cell of its own (a component's heads, an empty action column), or nothing. */
export type ListHead = string | ReactNode;

/**
 * Records as a striped table under a header row, scrolling sideways on a narrow screen instead of
 * overflowing. Strings in `heads` are text keys; `false`/`null` leave a column out (a column shown
 * only to those who may act).
 */
export function ListTable({
  minWidth,
  testId,
  heads,
  label,
  children,
}: {
  minWidth: number;
  testId: string;
  heads: readonly ListHead[];
  /** The table's accessible name, where the page has no heading for it. */
  label?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table striped withTableBorder data-testid={testId} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {heads.map((head, i) =>
              typeof head === "string" ? (
                <Table.Th key={head}>{t(head)}</Table.Th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: the heads are a fixed list, never reordered
                <Fragment key={i}>{head}</Fragment>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
