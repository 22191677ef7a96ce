import { Stack, Table, Text } from "@mantine/core";
import { ListTable } from "~/components/list-table";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import type { HistoryEntry } from "~/contracts/team/api-types";
import { ChangeLines, useActorLine } from "~/features/team/record-history";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/team/texts";

/** One page of the log, newest first: when, who, area, kind, what (the API path, its record) and each changed field. */
export function HistoryTable({ rows }: { rows: HistoryEntry[] }) {
  const { t } = useTranslation();
  const actorLine = useActorLine();
  return (
    <ListTable
      minWidth={1000}
      testId="history-list"
      heads={["team.history.at", "team.history.who", "team.fields.area", "team.fields.kind", "team.history.what", "team.history.changes"]}
    >
      {rows.map((entry) => (
        <Table.Tr key={entry.id} data-testid="history-row" data-kind={entry.kind}>
          <Table.Td style={{ whiteSpace: "nowrap" }}>{exhibitionDateTime(entry.at)}</Table.Td>
          <Table.Td style={{ overflowWrap: "anywhere", minWidth: 160 }} data-testid="history-who">
            {actorLine(entry)}
          </Table.Td>
          <Table.Td>{entry.area ? t(`team.areas.${entry.area}`) : "—"}</Table.Td>
          <Table.Td data-testid="history-kind">{t(`team.history.kinds.${entry.kind}`)}</Table.Td>
          <Table.Td style={{ overflowWrap: "anywhere", minWidth: 180 }}>
            <Stack gap={2}>
              <Text size="xs" ff="monospace">
                {entry.action}
              </Text>
              {entry.summary ? <Text size="sm">{entry.summary}</Text> : null}
              {entry.recordType ? (
                <Text size="xs" c="dimmed" data-testid="history-record">
                  {t("team.history.record")}: {entry.recordType} {entry.recordId ?? ""}
                </Text>
              ) : null}
            </Stack>
          </Table.Td>
          <Table.Td style={{ minWidth: 260 }}>
            <ChangeLines changes={entry.changes} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
