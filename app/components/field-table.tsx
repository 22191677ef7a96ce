import { Table } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/texts";

/** A record's fields as label (text key) and value rows; it scrolls sideways on a narrow screen instead of overflowing. */
export function FieldTable({ rows }: { rows: [labelKey: string, value: ReactNode][] }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={280} style={{ flex: 1, minWidth: 0 }}>
      <Table>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={140}>{t(label)}</Table.Th>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
