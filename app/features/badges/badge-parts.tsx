import { Badge as Tag, Table } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { BadgeView } from "./api-types";

/** What the exhibitor's badge page and the organizer's review show alike. */
const STATUS_COLORS = { submitted: "blue", approved: "green", returned: "orange" } as const;

export function StatusTag({ status }: { status: BadgeView["status"] }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status]} variant="light" data-testid="badge-status">
      {t(`badges.statuses.${status}`)}
    </Tag>
  );
}

/** A badge's fields as label/value rows; it scrolls sideways on a narrow screen instead of overflowing. */
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
