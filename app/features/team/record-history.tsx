import { Anchor, List, Paper, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { exhibitionDateTime } from "~/contracts/common/exhibition-time";
import type { HistoryChange, HistoryEntry } from "~/contracts/team/api-types";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/team/texts";

const ROLES = new Set(["owner", "member", "contractor", "carrier", "organizer", "staff", "system", "visitor"]);

/** Who made a change, as one line: "std01a · Company (Team member) · for X"; a staff account by its role's name. */
export function useActorLine() {
  const { t } = useTranslation();
  return (entry: HistoryEntry) => {
    const role = entry.actorRole.startsWith("staff:")
      ? entry.actorRole.slice("staff:".length)
      : ROLES.has(entry.actorRole)
        ? t(`team.history.roles.${entry.actorRole}`)
        : entry.actorRole;
    const company = entry.actorCompany ? ` · ${entry.actorCompany}` : "";
    const behalf = entry.onBehalfOf ? ` · ${t("team.history.onBehalfOf", { name: entry.onBehalfOf })}` : "";
    return `${entry.actor}${company} (${role})${behalf}`;
  };
}

/** Each changed field as "field: old → new" ("—" for nothing), one a line. */
export function ChangeLines({ changes }: { changes: HistoryChange[] }) {
  if (!changes.length) return null;
  return (
    <Stack gap={0} data-testid="history-changes">
      {changes.map((change) => (
        <Text key={change.field} size="xs" style={{ overflowWrap: "anywhere" }}>
          <Text span ff="monospace" size="xs">
            {change.field}
          </Text>
          : {change.old ?? "—"} → {change.new ?? "—"}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * A record's History section (docs/decisions/069): its entries oldest first, each with its time in
 * UTC+8, who, the kind of change and the fields it changed. `null` (the API refused: the viewer may
 * not see this record's history) renders nothing; an empty list says so.
 */
export function RecordHistory({ entries, title = "team.history.section", order = 3 }: { entries: HistoryEntry[] | null; title?: string; order?: 2 | 3 }) {
  const { t } = useTranslation();
  const actorLine = useActorLine();
  if (!entries) return null;
  return (
    <Stack gap="xs" data-testid="record-history">
      <Title order={order} size="h4">
        {t(title)}
      </Title>
      {entries.length ? (
        <List spacing="xs" listStyleType="none">
          {entries.map((entry) => (
            <List.Item key={entry.id} data-testid="record-history-entry" data-kind={entry.kind}>
              <Text size="sm">
                <Text span c="dimmed">
                  {exhibitionDateTime(entry.at)} (UTC+8)
                </Text>{" "}
                <Text span fw={500}>
                  {t(`team.history.kinds.${entry.kind}`)}
                </Text>{" "}
                · {actorLine(entry)}
              </Text>
              <ChangeLines changes={entry.changes} />
            </List.Item>
          ))}
        </List>
      ) : (
        <Text c="dimmed" data-testid="record-history-empty">
          {t("team.history.empty")}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The History of one row of a list, opened by the list's `?history=<id>` (trucks, blue-plate cars,
 * payment vouchers): what names the row, its History, and the way back to the list.
 */
export function RowHistoryPanel({ entries, heading, closeTo, testId }: { entries: HistoryEntry[] | null; heading?: string; closeTo: string; testId: string }) {
  const { t } = useTranslation();
  if (!entries) return null;
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} data-testid={testId}>
      <Stack gap="xs">
        {heading ? <Text fw={600}>{heading}</Text> : null}
        <RecordHistory entries={entries} />
        <Anchor component={Link} to={closeTo} size="sm" preventScrollReset>
          {t("team.history.close")}
        </Anchor>
      </Stack>
    </Paper>
  );
}
