import { ListTable } from "~/components/list-table";
import { Alert, Anchor, Badge, Group, List, Progress, Stack, Table, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { exhibitionDate, exhibitionDateTime } from "~/contracts/common/exhibition-time";
import type { BackupState, ChecklistOverview } from "~/contracts/home/overview-types";
import { FEEDBACK_INBOX_PATH } from "~/contracts/settings/feedback-inbox-values";
import { settingFieldLink, type MissingSetting } from "~/contracts/exhibition-settings/values";
import { useTranslation } from "~/i18n/texts";
import "~/contracts/home/texts";
import "~/contracts/calendar/texts";
import "~/contracts/settings/texts";
import "~/contracts/exhibition-settings/texts";

/** The settings a real show still lacks, each a link to its field on /index/settings (issue 52); none, nothing. */
function MissingSettings({ missing }: { missing: MissingSetting[] }) {
  const { t } = useTranslation();
  if (!missing.length) return null;
  return (
    <Alert color="yellow" title={t("exhibitionSettings.missing.title")} data-testid="missing-settings">
      <Text size="sm" mb="xs">
        {t("exhibitionSettings.missing.intro")}
      </Text>
      <List size="sm">
        {missing.map((setting) => (
          <List.Item key={setting}>
            <Anchor component={Link} to={settingFieldLink(setting)} data-testid={`missing-${setting}`}>
              {t(`exhibitionSettings.missing.${setting}`)}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** Backups are real time (the machine's), not business time: two days without one is worth a word. */
const STALE_BACKUP_MS = 2 * 24 * 3_600_000;

/** When the last good backup was made (issue 53); a failure since, or none at all, stands out. */
function BackupNote({ backup }: { backup: BackupState | undefined }) {
  const { t } = useTranslation();
  if (!backup) return null;
  const stale = backup.lastGoodAt !== null && Date.now() - Date.parse(backup.lastGoodAt) > STALE_BACKUP_MS;
  const warn = !backup.lastGoodAt || stale || backup.failedSince !== null;
  return (
    <Alert color={warn ? "yellow" : "gray"} variant="light" title={t("home.overview.backup.title")} data-testid="backup-state">
      <Stack gap={4}>
        <Text size="sm">
          {backup.lastGoodAt
            ? t("home.overview.backup.lastGood", { at: exhibitionDateTime(backup.lastGoodAt), size: ((backup.lastGoodBytes ?? 0) / 1024 / 1024).toFixed(1) })
            : t("home.overview.backup.none")}
        </Text>
        {stale ? <Text size="sm">{t("home.overview.backup.stale")}</Text> : null}
        {backup.failedSince ? (
          <Text size="sm" data-testid="backup-failed">
            {t("home.overview.backup.failed", { at: exhibitionDateTime(backup.failedSince.at), error: backup.failedSince.error })}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {backup.scheduled ? t("home.overview.backup.scheduled") : t("home.overview.backup.notScheduled")}
        </Text>
      </Stack>
    </Alert>
  );
}

/**
 * The organizer's home (docs/product.md § Home): how far the exhibitors are with each checklist item,
 * with a way to who is behind, and the review queues with something waiting (feedback too); the
 * calendar and the feedback inbox are always a link away.
 */
export function OrganizerOverview({ overview }: { overview: ChecklistOverview }) {
  const { t, language } = useTranslation();
  const waiting = overview.queues.filter((queue) => queue.waiting > 0);
  return (
    <Stack gap="lg">
      <MissingSettings missing={overview.missingSettings ?? []} />
      <BackupNote backup={overview.backup} />
      <section aria-labelledby="home-overview">
        <Title order={2} size="h4" id="home-overview" mb="xs">
          {t("home.overview.title")}
        </Title>
        <Group gap="lg" mb="sm">
          <Text data-testid="overview-exhibitors">{t("home.overview.exhibitors", { count: overview.exhibitors })}</Text>
          <Text fw={600} data-testid="overview-percent">
            {t("home.overview.completion", { percent: overview.percent })}
          </Text>
          <Anchor component={Link} to="/index/calendar" size="sm" data-testid="edit-calendar">
            {t("calendar.editLink")}
          </Anchor>
          <Anchor component={Link} to={FEEDBACK_INBOX_PATH} size="sm" data-testid="feedback-inbox-link">
            {t("settings.inbox.title")}
          </Anchor>
        </Group>
        <ListTable
          minWidth={640}
          testId="overview-items"
          heads={[
            "home.overview.item",
            "home.overview.deadline",
            <Table.Th key="home.overview.done" style={{ textAlign: "right" }}>
              {t("home.overview.done")}
            </Table.Th>,
            <Table.Th key="home.overview.notDone" style={{ textAlign: "right" }}>
              {t("home.overview.notDone")}
            </Table.Th>,
            <Table.Th key="home.overview.overdue" style={{ textAlign: "right" }}>
              {t("home.overview.overdue")}
            </Table.Th>,
            <Table.Th key="act" w={140} />,
          ]}
        >
          {overview.items.map((item) => (
            <Table.Tr key={item.id} data-testid="overview-item">
              <Table.Td>{language === "en" ? item.titleEn || item.title : item.title}</Table.Td>
              <Table.Td>{exhibitionDate(item.deadline)}</Table.Td>
              {item.checkable ? (
                <>
                  <Table.Td style={{ textAlign: "right" }}>{item.done}</Table.Td>
                  <Table.Td style={{ textAlign: "right" }}>
                    {item.notDone ? (
                      <Anchor component={Link} to={`/index/checklist/${item.id}`}>
                        {item.notDone}
                      </Anchor>
                    ) : (
                      0
                    )}
                  </Table.Td>
                  <Table.Td style={{ textAlign: "right" }}>
                    {item.overdue ? (
                      <Badge color="red" variant="light">
                        {item.overdue}
                      </Badge>
                    ) : (
                      0
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Progress value={item.percent} size="lg" aria-label={`${item.percent}%`} />
                    <Text size="xs" c="dimmed">
                      {item.percent}%
                    </Text>
                  </Table.Td>
                </>
              ) : (
                <Table.Td colSpan={4}>
                  <Text size="sm" c="dimmed">
                    {t("home.overview.notChecked")}
                  </Text>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </ListTable>
      </section>
      <section aria-labelledby="home-queues">
        <Title order={2} size="h4" id="home-queues" mb="xs">
          {t("home.overview.queuesTitle")}
        </Title>
        {waiting.length ? (
          <Group gap="sm" data-testid="overview-queues">
            {waiting.map((queue) => (
              <Anchor key={queue.queue} component={Link} to={queue.link}>
                {t(`home.overview.queues.${queue.queue}`)}: {queue.waiting}
              </Anchor>
            ))}
          </Group>
        ) : (
          <Text c="dimmed">{t("home.overview.queuesEmpty")}</Text>
        )}
      </section>
    </Stack>
  );
}
